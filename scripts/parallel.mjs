/**
 * Runs npm scripts side by side and fails when any of them fails:
 *
 *   node scripts/parallel.mjs build+test:vitest lint typecheck
 *
 * Each argument is a lane; `a+b` runs `b` once `a` succeeded (a failed step skips the
 * rest of its lane). Lanes run at the same time.
 *
 * Why: `npm test` builds, lints, type-checks and runs vitest. Only vitest needs another's
 * output (the scenarios run the built dist/); lint and tsc read the sources, not dist/.
 * One after the other they kept one of CI's two cores idle for over a minute; and while
 * vitest runs, its scenarios wait on processes and sockets for part of each test, so lint
 * and the type check fit into what the two workers leave of the cores, instead of holding
 * vitest back until the slowest of them (lint) ended.
 *
 * Output: a lane's steps are held and printed whole when the step ends, so that the logs
 * do not interleave; but the last step of a lane of several (vitest) streams as it runs,
 * so that a long run shows its progress.
 */
import { Buffer } from "node:buffer";
import { spawn } from "node:child_process";

const lanes = process.argv.slice(2).map((lane) => lane.split("+"));
if (lanes.length === 0 || lanes.some((steps) => steps.some((s) => s === ""))) {
  console.error("usage: node scripts/parallel.mjs <npm script>[+<npm script>...] ...");
  process.exit(2);
}

const npm = process.platform === "win32" ? "npm.cmd" : "npm";

function run(name, live) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(npm, ["run", name], { stdio: ["ignore", "pipe", "pipe"] });
    const chunks = [];
    const keep = (chunk) => (live ? process.stdout.write(chunk) : chunks.push(chunk));
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    child.on("error", (error) => keep(Buffer.from(`${String(error)}\n`)));
    child.on("close", (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(Buffer.concat(chunks));
      const outcome = code === 0 ? "ok" : `failed (${signal ?? `exit ${code}`})`;
      process.stdout.write(`[parallel] npm run ${name}: ${outcome} in ${seconds} s\n`);
      resolve(code === 0);
    });
  });
}

async function runLane(steps) {
  for (const [i, step] of steps.entries()) {
    const live = steps.length > 1 && i === steps.length - 1;
    if (!(await run(step, live))) {
      const skipped = steps.slice(i + 1);
      if (skipped.length > 0) process.stdout.write(`[parallel] skipped: ${skipped.join(", ")}\n`);
      return false;
    }
  }
  return true;
}

const results = await Promise.all(lanes.map(runLane));
process.exit(results.every(Boolean) ? 0 : 1);
