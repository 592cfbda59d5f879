/**
 * Bundles the compiled adapter (dist/src/index.js, from `tsc`) with the ACP SDK, zod and
 * our other dependencies into one ES module: dist/claude-agent-acp.js, the package's bin.
 *
 * Why: an editor starts the adapter for every window, and the time to `session/new` is
 * mostly Node loading modules. One file instead of ~300 (our modules, the ACP SDK's,
 * zod's) saves ~70 ms of resolving and reading before the first answer, and ~9 MB of RSS
 * (bench/README.md, "cold start").
 *
 * The Claude Agent SDK stays external: it is already one file, and it finds its
 * platform package (the `claude` binary) relative to itself.
 *
 * The programmatic entry point (dist/src/lib.js, the package's `exports`) is bundled the
 * same way into dist/lib.js; its types are tsc's declarations under dist/src/.
 */
import { build } from "rolldown";

const bundles = [
  { input: "dist/src/index.js", file: "dist/claude-agent-acp.js" },
  { input: "dist/src/lib.js", file: "dist/lib.js" },
];

for (const { input, file } of bundles) {
  await build({
    input,
    platform: "node",
    external: [/^@anthropic-ai\/claude-agent-sdk(\/|$)/, /^node:/],
    logLevel: "warn",
    output: {
      file,
      format: "esm",
      // `--cli` loads Claude Code's terminal runner on demand; inline it rather than
      // shipping a second chunk.
      codeSplitting: false,
      sourcemap: true,
    },
  });
}
