/**
 * How early could the adapter start Claude Code, at the earliest moment the issue allows
 * (`session/new`'s arrival), if it loaded the Claude Agent SDK only after that? And how
 * does that compare with the moment the bare SDK starts it (right after its import)?
 *
 * Fresh processes, timed from outside, alternating, in one run env:
 *  - `adapter`: the bin, spawn → `initialize` answered (the client sends `session/new`
 *    then; Claude Code is spawned when it arrives);
 *  - `adapter, SDK stubbed`: the same with the SDK replaced by a stub (sdk-stub/): what a
 *    lazily loaded SDK would leave before `initialize` is answered;
 *  - `bare: SDK imported`: node, spawn → `import("@anthropic-ai/claude-agent-sdk")` done,
 *    the moment the bare SDK spawns Claude Code;
 *  - `node alone`: spawn → a line from `node -e`.
 *
 *   npm run build && node dist/bench/early-spawn-window.js     (BENCH_RUNS, default 8)
 */
import { spawn } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { ADAPTER_BIN, REPO_ROOT } from "../test/support/acp-harness.js";
import { withRunEnv, type RunEnv } from "./run-env.js";
import { median } from "./stats.js";

const STUB = join(dirname(fileURLToPath(import.meta.url)), "sdk-stub", "register.js");
const runs = Number(process.env.BENCH_RUNS ?? 8);

/** Spawns `args` under node; resolves when its stdout first has a line (ms since spawn). */
function firstLine(run: RunEnv, args: readonly string[], stdin?: string): Promise<number> {
  const start = performance.now();
  const child = spawn(process.execPath, [...args], {
    cwd: REPO_ROOT,
    env: run.env,
    stdio: ["pipe", "pipe", "ignore"],
  });
  child.stdin.on("error", () => undefined);
  if (stdin) child.stdin.write(stdin);
  let out = "";
  return new Promise((done, fail) => {
    child.stdout.setEncoding("utf8").on("data", (s: string) => {
      out += s;
      if (!out.includes("\n")) return;
      done(performance.now() - start);
      child.kill("SIGKILL");
    });
    child.once("exit", (code) => {
      if (!out.includes("\n")) fail(new Error(`${args.join(" ")} exited ${code}`));
    });
  });
}

const INITIALIZE = `${JSON.stringify({
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: 1, clientCapabilities: {} },
})}\n`;
const bin = resolve(REPO_ROOT, ADAPTER_BIN);
const probes: Record<string, (run: RunEnv) => Promise<number>> = {
  adapter: (run) => firstLine(run, [bin], INITIALIZE),
  "adapter, SDK stubbed": (run) => firstLine(run, ["--import", STUB, bin], INITIALIZE),
  "bare: SDK imported": (run) =>
    firstLine(run, [
      "--input-type=module",
      "-e",
      'await import("@anthropic-ai/claude-agent-sdk"); console.log("loaded")',
    ]),
  "node alone": (run) => firstLine(run, ["-e", 'console.log("up")']),
};

const times: Record<string, number[]> = Object.fromEntries(Object.keys(probes).map((k) => [k, []]));
await withRunEnv({}, async (run) => {
  const names = Object.keys(probes);
  for (const name of names) await probes[name]!(run); // untimed: page cache
  for (let i = 0; i < runs; i++) {
    const order = i % 2 === 0 ? names : [...names].reverse();
    for (const name of order) times[name]!.push(await probes[name]!(run));
  }
});
for (const [name, xs] of Object.entries(times))
  console.log(
    `${name.padEnd(22)} ${median(xs).toFixed(0).padStart(5)} ms  (${xs.map((x) => x.toFixed(0)).join(", ")})`,
  );
process.exit(0);
