import { execFileSync } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { REPO_ROOT } from "../test/support/acp-harness.js";
import { ChildRpc } from "./child-rpc.js";
import { writeLongSession } from "./history-fixtures.js";
import { readCpuMs, readMainThreadCpuMs } from "./proc-cpu.js";
import type { RunEnv } from "./run-env.js";
import { withRunEnv } from "./run-env.js";
import { median } from "./stats.js";

/**
 * `session/load` of the history bench's long session (start answer cached), two or more
 * adapter builds back to back, alternating, with the SDK's `getSessionMessages` between
 * them: on a busy machine only such pairs compare. Per load: the time to the answer and
 * the adapter process's CPU (all threads, /proc) from the request to the answer.
 *
 * Run: node dist/bench/history-ab.js <entry> [<entry> …] (each an adapter script, e.g. a
 * copy of an older build's `dist/claude-agent-acp.js` inside the repository, so that its
 * packages resolve). Knobs: BENCH_RUNS (7), BENCH_HISTORY_MESSAGES (10000),
 * BENCH_HISTORY_MB (20), BENCH_PAUSE_MS (0), BENCH_ADAPTER_NODE_ARGS (e.g. "--cpu-prof --cpu-prof-dir=/tmp/p").
 */
const RUNNER = join(dirname(fileURLToPath(import.meta.url)), "history-sdk-runner.js");

async function loadOnce(
  env: RunEnv,
  entry: string,
  sessionId: string,
): Promise<{ ms: number; cpu: number; main: number; updates: number }> {
  let updates = 0;
  const nodeArgs = (process.env.BENCH_ADAPTER_NODE_ARGS ?? "").split(/\s+/).filter(Boolean);
  const rpc = new ChildRpc(
    process.execPath,
    [...nodeArgs, resolve(REPO_ROOT, entry)],
    { cwd: env.workspace, env: env.env },
    (message) => {
      if (message.method === "session/update") updates++;
    },
  );
  try {
    await rpc.request("initialize", { protocolVersion: 1, clientCapabilities: {} });
    // As the history bench: the load right behind initialize (BENCH_PAUSE_MS waits first).
    const pause = Number(process.env.BENCH_PAUSE_MS ?? 0);
    if (pause > 0) await new Promise((r) => setTimeout(r, pause));
    const cpuBefore = readCpuMs(rpc.pid);
    const mainBefore = readMainThreadCpuMs(rpc.pid);
    const start = performance.now();
    await rpc.request("session/load", { sessionId, cwd: env.workspace, mcpServers: [] }, 600_000);
    const ms = performance.now() - start;
    const main = readMainThreadCpuMs(rpc.pid) - mainBefore;
    return { ms, cpu: readCpuMs(rpc.pid) - cpuBefore, main, updates };
  } finally {
    await rpc.shutdown();
  }
}

async function main(): Promise<void> {
  const entries = process.argv.slice(2);
  if (entries.length === 0) throw new Error("usage: history-ab.js <entry> [<entry> …]");
  const runs = Number(process.env.BENCH_RUNS ?? 7);
  const messages = Number(process.env.BENCH_HISTORY_MESSAGES ?? 10_000);
  const megabytes = Number(process.env.BENCH_HISTORY_MB ?? 20);
  await withRunEnv({}, async (env) => {
    const long = writeLongSession(env.configDir, env.workspace, messages, megabytes);
    execFileSync("sync");
    // The first load stores Claude Code's start answer; the measured ones find it.
    await loadOnce(env, entries[0]!, long.sessionId);
    await new Promise((r) => setTimeout(r, 3_000));
    const samples = new Map<string, { ms: number[]; cpu: number[]; main: number[] }>();
    const add = (key: string, ms: number, cpu: number, main = Number.NaN): void => {
      const s = samples.get(key) ?? { ms: [], cpu: [], main: [] };
      s.ms.push(ms);
      s.cpu.push(cpu);
      s.main.push(main);
      samples.set(key, s);
    };
    for (let run = 0; run < runs; run++) {
      const order = run % 2 === 0 ? entries : [...entries].reverse();
      for (const entry of order) {
        const r = await loadOnce(env, entry, long.sessionId);
        add(entry, r.ms, r.cpu, r.main);
        console.error(
          `${entry}: ${r.ms.toFixed(0)} ms, CPU ${r.cpu} ms (main thread ${r.main}), ${r.updates} updates`,
        );
      }
      const out = execFileSync(
        process.execPath,
        [RUNNER, "messages", env.workspace, long.sessionId],
        {
          cwd: env.workspace,
          env: env.env,
          encoding: "utf8",
        },
      );
      const sdk = JSON.parse(out.trim().split("\n").at(-1)!) as {
        ms: number;
        cpuMs: number;
        mainCpuMs: number;
      };
      add("getSessionMessages", sdk.ms, sdk.cpuMs, sdk.mainCpuMs);
    }
    for (const [key, s] of samples) {
      const list = (xs: number[]) => xs.map((x) => x.toFixed(0)).join(" ");
      console.log(
        `${key}: answer ${median(s.ms).toFixed(0)} ms (${list(s.ms)}), CPU ${median(s.cpu).toFixed(0)} ms (${list(s.cpu)}), main thread ${median(s.main).toFixed(0)} ms (${list(s.main)})`,
      );
    }
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
