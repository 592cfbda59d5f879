import { performance } from "node:perf_hooks";
import { AdapterProcess } from "../adapter-process.js";
import { BareProcess } from "../bare-process.js";
import { readCpuMs } from "../proc-cpu.js";
import { readMemory } from "../proc-memory.js";
import { withRunEnv, type RunEnv } from "../run-env.js";
import { percentile } from "../stats.js";
import { fmtMb, fmtMs, medianExtra } from "../verdict.js";
import type { BenchConfig, ResultRow, Sample, Workload } from "../workload.js";

const ANSWER = "Two plus two is four.";
const QUESTION = "What is two plus two?";

interface Load {
  readonly latencies: number[];
  readonly cpuMs: number;
  readonly rssMb: number;
}

/** N sessions on one adapter, each prompting again as soon as its last turn ended. */
async function adapterLoad(
  env: RunEnv,
  adapter: AdapterProcess,
  config: BenchConfig,
): Promise<Load> {
  try {
    await adapter.initialize();
    const sessions: string[] = [];
    for (let i = 0; i < config.concurrentSessions; i++)
      sessions.push(await adapter.newSession(env.workspace));
    // Every session's Claude Code up before the clock starts, as on the bare side.
    await Promise.all(sessions.map((id) => adapter.prompt(id, QUESTION)));
    const cpuBefore = readCpuMs(adapter.pid);
    const latencies: number[] = [];
    const end = performance.now() + config.concurrentMs;
    await Promise.all(
      sessions.map(async (id) => {
        while (performance.now() < end) {
          const turn = await adapter.prompt(id, QUESTION);
          if (turn.stop !== "end_turn") throw new Error(`a turn ended ${turn.stop}`);
          latencies.push(turn.doneMs);
        }
      }),
    );
    return {
      latencies,
      cpuMs: readCpuMs(adapter.pid) - cpuBefore,
      rssMb: readMemory(adapter.pid).rssMb,
    };
  } finally {
    await adapter.shutdown();
  }
}

function sampleOf(load: Load): Sample {
  return {
    ms: percentile(load.latencies, 95),
    cpuMs: load.cpuMs,
    mem: { rss: load.rssMb },
    extra: { turns: load.latencies.length, p50: percentile(load.latencies, 50) },
  };
}

/**
 * 7. Concurrent sessions: `BENCH_CONCURRENT_SESSIONS` (16) sessions on ONE adapter process,
 * each sending a short prompt again as soon as the last one was answered, for
 * `BENCH_CONCURRENT_MS` (30 s) after every session answered one untimed turn. Turns done,
 * p50/p95 latency (prompt → response) and the adapter's RSS at the end. Bare: the same
 * number of `query()` sessions in one runner process, timed in the runner. The adapter side
 * also runs the upstream adapter (0.101.0) the same way, after ours, in the same run.
 * What serialises sessions shows as fewer turns and a higher p95 than the bare runner's.
 */
export const concurrent: Workload = {
  key: "concurrent",
  title: "concurrent sessions",
  run: (side, config) =>
    withRunEnv(
      { script: [{ blocks: [{ type: "text", text: ANSWER, deltas: 3 }], times: 1_000_000 }] },
      async (env) => {
        if (side === "adapter") {
          const ours = sampleOf(await adapterLoad(env, AdapterProcess.spawn(env), config));
          const upstream = sampleOf(
            await adapterLoad(env, AdapterProcess.spawnUpstream(env), config),
          );
          return {
            ...ours,
            extra: {
              ...ours.extra,
              upstreamTurns: upstream.extra!.turns!,
              upstreamP50: upstream.extra!.p50!,
              upstreamP95: upstream.ms,
              upstreamRss: upstream.mem.rss!,
            },
          };
        }
        const bare = BareProcess.spawn(env);
        try {
          const cpuBefore = readCpuMs(bare.pid);
          const latencies = await bare.concurrent(
            config.concurrentSessions,
            config.concurrentMs,
            QUESTION,
          );
          return sampleOf({
            latencies,
            cpuMs: readCpuMs(bare.pid) - cpuBefore,
            rssMb: readMemory(bare.pid).rssMb,
          });
        } finally {
          await bare.shutdown();
        }
      },
    ),
  report(adapter, bare, config) {
    const n = config.concurrentSessions;
    const s = (config.concurrentMs / 1000).toFixed(0);
    const row = (label: string, key: string, upKey: string, fmt: (v: number) => string) => {
      const a = medianExtra(adapter, key);
      const b = medianExtra(bare, key);
      return line(label, fmt(a), fmt(b), a / b, `upstream ${fmt(medianExtra(adapter, upKey))}`);
    };
    const p95a = medianOf(adapter, (x) => x.ms);
    const p95b = medianOf(bare, (x) => x.ms);
    const count = (v: number): string => (Number.isFinite(v) ? v.toFixed(0) : "n/a");
    return {
      rows: [
        row(`7 ${n} sessions at once, ${s} s: turns`, "turns", "upstreamTurns", count),
        row("  p50 latency", "p50", "upstreamP50", fmtMs),
        line(
          "  p95 latency",
          fmtMs(p95a),
          fmtMs(p95b),
          p95a / p95b,
          `upstream ${fmtMs(medianExtra(adapter, "upstreamP95"))}`,
        ),
        line(
          "  own process RSS at the end",
          fmtMb(medianOf(adapter, (x) => x.mem.rss)),
          fmtMb(medianOf(bare, (x) => x.mem.rss)),
          Number.NaN,
          `upstream ${fmtMb(medianExtra(adapter, "upstreamRss"))}`,
        ),
        line(
          "  CPU of own process during the load",
          fmtMs(medianOf(adapter, (x) => x.cpuMs)),
          fmtMs(medianOf(bare, (x) => x.cpuMs)),
          medianOf(adapter, (x) => x.cpuMs) / medianOf(bare, (x) => x.cpuMs),
          "(info)",
        ),
      ],
      notes: [],
    };
  },
};

function line(label: string, a: string, b: string, ratio: number, target: string): ResultRow {
  return {
    label,
    adapter: a,
    bare: b,
    ratio: Number.isFinite(ratio) ? `${ratio.toFixed(2)}x` : "",
    target,
    verdict: "",
  };
}

function medianOf(samples: readonly Sample[], pick: (s: Sample) => number | undefined): number {
  const values = samples.map(pick).filter((v): v is number => v !== undefined);
  values.sort((a, b) => a - b);
  return values.length === 0 ? Number.NaN : values[Math.floor(values.length / 2)]!;
}
