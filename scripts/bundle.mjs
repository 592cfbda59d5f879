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
 */
import { build } from "rolldown";

await build({
  input: "dist/src/index.js",
  platform: "node",
  external: [/^@anthropic-ai\/claude-agent-sdk(\/|$)/, /^node:/],
  logLevel: "warn",
  output: {
    file: "dist/claude-agent-acp.js",
    format: "esm",
    // `--cli` loads Claude Code's terminal runner on demand; inline it rather than
    // shipping a second chunk.
    codeSplitting: false,
    sourcemap: true,
  },
});
