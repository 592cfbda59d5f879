/** One side of a comparison. */
export type Side = "adapter" | "bare";

/** One measured run of one side. */
export interface Sample {
  /** The run's time, in ms (what the ratio compares). */
  readonly ms: number;
  /**
   * CPU time (user + system) of the side's own Node process during the measured part,
   * in ms: the adapter, or the bare runner; never Claude Code.
   */
  readonly cpuMs?: number;
  /** Memory readings of the side's own Node process, in MB (adapter / bare runner). */
  readonly mem: Readonly<Record<string, number>>;
  /** Secondary numbers shown in the details (e.g. end-of-turn time, chunk count). */
  readonly extra?: Readonly<Record<string, number>>;
}

/** Knobs, from the environment (see README.md). */
export interface BenchConfig {
  /** Measured runs per side and workload (BENCH_RUNS, default 5). */
  readonly runs: number;
  /** Sessions opened in the session workload (BENCH_SESSIONS, default 20). */
  readonly sessions: number;
  /** Text deltas of the streamed turn (BENCH_STREAM_DELTAS, default 20000). */
  readonly streamDeltas: number;
  /** Characters per delta of the streamed turn (BENCH_DELTA_CHARS, default 100 → 2 MB). */
  readonly deltaChars: number;
  /** Timed short turns per run, after one warm-up turn (BENCH_SHORT_TURNS, default 5). */
  readonly shortTurns: number;
  /** Sequential Read tool calls of the tool-heavy turn (BENCH_TOOL_CALLS, default 100). */
  readonly toolCalls: number;
  /** Sessions of the concurrent workload (BENCH_CONCURRENT_SESSIONS, default 16). */
  readonly concurrentSessions: number;
  /** Its duration in ms (BENCH_CONCURRENT_MS, default 30000). */
  readonly concurrentMs: number;
}

/** One line of the result table. */
export interface ResultRow {
  readonly label: string;
  readonly adapter: string;
  readonly bare: string;
  readonly ratio: string;
  readonly target: string;
  readonly verdict: "PASS" | "MISS" | "";
}

/** What the session workload learns from the adapter's `initialize`. */
export interface RunFacts {
  sessionCloseSupported: boolean | undefined;
}

/** A workload measured on both sides with the same scripted model work. */
export interface Workload {
  readonly key: string;
  readonly title: string;
  run(side: Side, config: BenchConfig, facts: RunFacts): Promise<Sample>;
  /** The table rows (median-based) and notes for the collected samples. */
  report(
    adapter: readonly Sample[],
    bare: readonly Sample[],
    config: BenchConfig,
    facts: RunFacts,
  ): {
    rows: ResultRow[];
    notes: string[];
  };
}
