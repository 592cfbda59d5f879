#!/usr/bin/env node
import { runAcp } from "./run.js";
import { PACKAGE_VERSION } from "./util/version.js";

if (process.argv.includes("--version") || process.argv.includes("-v")) {
  process.stderr.write(`${PACKAGE_VERSION}\n`);
  process.exit(0);
}

runAcp();
