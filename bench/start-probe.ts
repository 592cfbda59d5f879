/**
 * Start-up of two or more adapter builds, back to back (issue 34's cold and first rows,
 * taken apart): for each entry, alternating order per run, in a fresh run environment,
 *  - cold: spawn → `initialize` → `session/new` answered (no model list cached: the
 *    answer waits for Claude Code's start), then one prompt answered;
 *  - first: the same again in a second process of that environment (model list and
 *    start answer cached, as in the bench's first-answer row).
 * Each step's wall time from spawn and the adapter's own CPU at that moment (all threads
 * from /proc, 10 ms ticks; and the main thread's, precise). Copy a build's dist folder
 * beside `dist/` (the bin runs the script and code cache next to it; the Claude SDK
 * resolves from the checkout) to compare it with the current one:
 *
 *   cp -r dist dist-before && <change> && npm run build
 *   BENCH_RUNS=7 node dist/bench/start-probe.js dist-before/claude-agent-acp.js dist/claude-agent-acp.js
 */
import { performance } from "node:perf_hooks";
import { AdapterProcess } from "./adapter-process.js";
import { readCpuMs, readMainThreadCpuMs } from "./proc-cpu.js";
import { withRunEnv, type RunEnv } from "./run-env.js";
import { median } from "./stats.js";

const ANSWER = "Two plus two is four.";
const runs = Number(process.env.BENCH_RUNS ?? 5);
const entries = process.argv.slice(2);

/** Milestones of one start: wall ms since spawn and own CPU ms, per step. */
type Start = Record<"init" | "new" | "answer", { ms: number; cpu: number; main: number }>;

async function once(env: RunEnv, entry: string): Promise<Start> {
  const t0 = performance.now();
  const adapter = AdapterProcess.spawnEntry(env, entry);
  const mark = () => ({
    ms: performance.now() - t0,
    cpu: readCpuMs(adapter.pid),
    main: readMainThreadCpuMs(adapter.pid),
  });
  try {
    await adapter.initialize();
    const init = mark();
    const sessionId = await adapter.newSession(env.workspace);
    const created = mark();
    const turn = await adapter.prompt(sessionId, "What is two plus two?");
    const answer = mark();
    if (turn.chars !== ANSWER.length) throw new Error(`${entry}: answer ${turn.chars} chars`);
    return { init, new: created, answer };
  } finally {
    await adapter.shutdown();
  }
}

async function main(): Promise<void> {
  if (entries.length === 0) {
    console.error("usage: node dist/bench/start-probe.js <entry.js> [<entry.js> ...]");
    process.exitCode = 2;
    return;
  }
  const results = new Map<string, { cold: Start[]; first: Start[] }>(
    entries.map((e) => [e, { cold: [], first: [] }]),
  );
  for (let run = 0; run < runs; run++) {
    const order = run % 2 === 0 ? entries : [...entries].reverse();
    for (const entry of order) {
      await withRunEnv(
        { script: [{ blocks: [{ type: "text", text: ANSWER, deltas: 3 }], times: 10 }] },
        async (env) => {
          const r = results.get(entry)!;
          r.cold.push(await once(env, entry));
          r.first.push(await once(env, entry));
        },
      );
      process.stderr.write(".");
    }
  }
  process.stderr.write("\n");
  const fmt = (xs: Start[], step: keyof Start) =>
    `${median(xs.map((x) => x[step].ms)).toFixed(0)} ms / ${median(xs.map((x) => x[step].cpu)).toFixed(0)} cpu / ${median(xs.map((x) => x[step].main)).toFixed(1)} main`;
  console.log(`${runs} runs, medians (wall from spawn / own CPU ms / its main thread's CPU ms)`);
  for (const [entry, r] of results) {
    for (const kind of ["cold", "first"] as const) {
      const xs = r[kind];
      console.log(
        `${entry.padEnd(28)} ${kind.padEnd(5)} init ${fmt(xs, "init")}  new ${fmt(xs, "new")}  answer ${fmt(xs, "answer")}`,
      );
      console.log(
        `${"".padEnd(34)} cpu at answer per run: ${xs.map((x) => x.answer.cpu).join(", ")}; ` +
          `main thread at session/new: ${xs.map((x) => x.new.main.toFixed(0)).join(", ")}`,
      );
    }
  }
}

await main();
