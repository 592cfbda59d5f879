/**
 * Bundles the compiled adapter (dist/src/index.js, from `tsc`) with the ACP SDK, zod and
 * our other dependencies: dist/claude-agent-acp.js, the package's bin, and the chunks it
 * loads on demand in dist/chunks/.
 *
 * Why: an editor starts the adapter for every window, and the time to `session/new` is
 * mostly Node loading modules. One module for everything a start needs instead of ~300
 * (our modules, the ACP SDK's, zod's) saves ~70 ms of resolving and reading before the
 * first answer, and ~9 MB of RSS (bench/README.md, "cold start").
 *
 * What only some clients load on demand (`import()`: the ACP v2 router and schemas, AIR's,
 * Lody's and v2's hooks, `--cli`'s terminal runner) goes into chunks of its own, which a
 * plain start never reads or compiles: compiling them with the rest, even unevaluated,
 * left ~4 MB more RSS after `session/new` (the parser's memory, which glibc keeps;
 * bench/NOTES.md "Memory after session/new"). Everything a start loads (`$initial`: the
 * entry and what it imports statically) stays in the bin. Those chunks import the bin
 * back, so the bin must not await an `import()` while it evaluates (a top-level await
 * would wait for itself: see src/index.ts).
 *
 * The Claude Agent SDK stays external: it is already one file, and it finds its
 * platform package (the `claude` binary) relative to itself.
 *
 * Then the bundle becomes a script run with a V8 code cache (scripts/script-bundle.mjs,
 * src/util/code-cache.ts): dist/claude-agent-acp.script.js, and the bin becomes a small
 * module that imports what the bundle imported and runs the script. The build runs the bin
 * once (`--version`) to make the cache it ships (dist/claude-agent-acp.script.js.v8cache,
 * for the Node that built it; another Node makes its own under the user's cache folder).
 *
 * The programmatic entry point (dist/src/lib.js, the package's `exports`) is bundled into
 * one file, dist/lib.js; its types are tsc's declarations under dist/src/.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { build } from "rolldown";
import { toScript } from "./script-bundle.mjs";

const common = {
  platform: "node",
  external: [/^@anthropic-ai\/claude-agent-sdk(\/|$)/, /^node:/],
  logLevel: "warn",
};

// Chunk names carry a content hash: the last build's would stay behind.
rmSync("dist/chunks", { recursive: true, force: true });
await build({
  ...common,
  input: "dist/src/index.js",
  output: {
    dir: "dist",
    format: "esm",
    entryFileNames: "claude-agent-acp.js",
    chunkFileNames: "chunks/[name]-[hash].js",
    codeSplitting: { groups: [{ name: "adapter", tags: ["$initial"] }] },
    sourcemap: true,
  },
});

// The bundle → the script and the bin that runs it (the chunks import the bin: its name stays).
const BIN = "dist/claude-agent-acp.js";
const SCRIPT = "dist/claude-agent-acp.script.js";
const { script, entry } = toScript(readFileSync(BIN, "utf8"), {
  sourceMappingURL: "claude-agent-acp.script.js.map",
});
writeFileSync(SCRIPT, script);
renameSync(`${BIN}.map`, `${SCRIPT}.map`);
const ENTRY = "dist/src/bin-entry.js";
writeFileSync(
  ENTRY,
  [
    "#!/usr/bin/env node",
    `import "./util/tiering.js"; // V8's flags before the script compiles: its cache records them`,
    `import { runBundledAdapter } from "./util/bundled-start.js";`,
    entry,
  ].join("\n"),
);
await build({
  ...common,
  input: ENTRY,
  output: { file: BIN, format: "esm", codeSplitting: false, sourcemap: true },
});
rmSync(ENTRY);
const SHIPPED = `${SCRIPT}.v8cache`;
rmSync(SHIPPED, { force: true });
execFileSync(process.execPath, [BIN, "--version"], {
  env: { ...process.env, CLAUDE_AGENT_ACP_SHIP_CODE_CACHE: "1" },
  stdio: ["ignore", "ignore", "inherit"],
});
readFileSync(SHIPPED); // made, or the build fails here

await build({
  ...common,
  input: "dist/src/lib.js",
  output: { file: "dist/lib.js", format: "esm", codeSplitting: false, sourcemap: true },
});
