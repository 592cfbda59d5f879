#!/usr/bin/env node
// First: V8 settings that must precede the rest of the code (see tiering.ts).
import "./util/tiering.js";
import { runAcp } from "./run.js";
import { PACKAGE_VERSION } from "./util/version.js";

if (process.argv.includes("--version") || process.argv.includes("-v")) {
  process.stderr.write(`${PACKAGE_VERSION}\n`);
  process.exit(0);
}

const cli = process.argv.indexOf("--cli");
if (cli !== -1) {
  // `--cli <args>` runs Claude Code itself in this terminal (the terminal login methods).
  const { runClaudeCli } = await import("./sdk/claude-cli.js");
  process.exit(await runClaudeCli(process.argv.slice(cli + 1)));
} else {
  runAcp();
}
