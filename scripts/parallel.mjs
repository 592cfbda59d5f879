/**
 * Runs npm scripts side by side and fails when any of them fails:
 *
 *   node scripts/parallel.mjs build lint typecheck
 *
 * Why: `npm test` builds, lints and type-checks before vitest, and none of the three
 * needs another's output (lint and tsc read the sources, not dist/). One after the other
 * they kept one of CI's two cores idle for over a minute; side by side they take about
 * as long as the longest. Each script's output is held and printed whole when it ends,
 * so that the logs do not interleave.
 */
import { Buffer } from "node:buffer";
import { spawn } from "node:child_process";

const names = process.argv.slice(2);
if (names.length === 0) {
  console.error("usage: node scripts/parallel.mjs <npm script>...");
  process.exit(2);
}

const npm = process.platform === "win32" ? "npm.cmd" : "npm";

function run(name) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(npm, ["run", name], { stdio: ["ignore", "pipe", "pipe"] });
    const chunks = [];
    child.stdout.on("data", (chunk) => chunks.push(chunk));
    child.stderr.on("data", (chunk) => chunks.push(chunk));
    child.on("error", (error) => chunks.push(Buffer.from(`${String(error)}\n`)));
    child.on("close", (code, signal) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(Buffer.concat(chunks));
      const outcome = code === 0 ? "ok" : `failed (${signal ?? `exit ${code}`})`;
      process.stdout.write(`[parallel] npm run ${name}: ${outcome} in ${seconds} s\n`);
      resolve(code === 0);
    });
  });
}

const results = await Promise.all(names.map(run));
process.exit(results.every(Boolean) ? 0 : 1);
