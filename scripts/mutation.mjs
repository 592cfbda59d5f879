/**
 * `npm run mutation [-- <stryker options>]`: the pure layers' mutation score, gated.
 *
 *   1. Stryker over the whole pure layer (stryker.config.mjs; static mutants left out):
 *      fails below 85 % (`thresholds.break`).
 *   2. Stryker over redaction, static mutants included (stryker.redaction.config.mjs).
 *   3. scripts/mutation-gate.mjs over both reports: redaction and the wire-shape modules
 *      together below 90 %, or the whole layer below 85 %, fail the run.
 *
 * Options go to both Stryker runs (`--incremental`, `--concurrency 1`). With `--mutate`, the
 * first run mutates only what it names, and the redaction pass runs only when redact.ts is
 * among it; the gate judges what ran.
 */
import { spawnSync } from "node:child_process";

const args = process.argv.slice(2);
const mutateAt = args.indexOf("--mutate");
const narrowed = mutateAt >= 0 ? (args[mutateAt + 1] ?? "") : undefined;
const passOn = mutateAt >= 0 ? args.filter((_, i) => i !== mutateAt && i !== mutateAt + 1) : args;

function run(command, commandArgs) {
  const { status } = spawnSync(command, commandArgs, { stdio: "inherit" });
  if (status !== 0) process.exit(status ?? 1);
}

const reports = ["reports/mutation/mutation.json"];
run("npx", ["stryker", "run", ...args]);
if (narrowed === undefined || narrowed.includes("src/util/redact.ts")) {
  run("npx", ["stryker", "run", "stryker.redaction.config.mjs", ...passOn]);
  reports.push("reports/mutation/redaction.json");
}
run("node", ["scripts/mutation-gate.mjs", ...reports]);
