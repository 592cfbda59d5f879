import type { BenchConfig } from "./workload.js";

function intFromEnv(name: string, fallback: number, minimum: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === "") return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < minimum) {
    throw new Error(`${name} must be an integer >= ${minimum}, got ${JSON.stringify(raw)}`);
  }
  return value;
}

/** The benchmark's knobs, from BENCH_* environment variables (see README.md). */
export function readConfig(): BenchConfig {
  return {
    runs: intFromEnv("BENCH_RUNS", 5, 1),
    sessions: intFromEnv("BENCH_SESSIONS", 20, 1),
    streamDeltas: intFromEnv("BENCH_STREAM_DELTAS", 20_000, 1),
    deltaChars: intFromEnv("BENCH_DELTA_CHARS", 100, 1),
    shortTurns: intFromEnv("BENCH_SHORT_TURNS", 5, 1),
    toolCalls: intFromEnv("BENCH_TOOL_CALLS", 100, 1),
    concurrentSessions: intFromEnv("BENCH_CONCURRENT_SESSIONS", 16, 1),
    concurrentMs: intFromEnv("BENCH_CONCURRENT_MS", 30_000, 1000),
  };
}

/** BENCH_WORKLOADS=cold,short,stream,sessions,tools (default: all, in that order). */
export function selectedWorkloads(all: readonly string[]): string[] {
  const raw = process.env.BENCH_WORKLOADS;
  if (!raw) return [...all];
  const picked = raw
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const unknown = picked.filter((k) => !all.includes(k));
  if (unknown.length > 0)
    throw new Error(`unknown workload(s) ${unknown.join(", ")}; known: ${all.join(", ")}`);
  return all.filter((k) => picked.includes(k));
}
