import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { ChildRpc, type WireMessage } from "./child-rpc.js";
import type { RunEnv } from "./run-env.js";
import type { TurnTiming } from "./turn-timing.js";

/** The compiled runner next to this file (dist/bench/bare-sdk-runner.js). */
const RUNNER = join(dirname(fileURLToPath(import.meta.url)), "bare-sdk-runner.js");

/** The bare-SDK runner process (bare-sdk-runner.ts) as the bench drives it. */
export class BareProcess {
  private readonly rpc: ChildRpc;
  private lastChunkAt = Number.NaN;

  private constructor(env: RunEnv, runnerArgs: readonly string[]) {
    const nodeArgs = (process.env.BENCH_BARE_NODE_ARGS ?? "").split(/\s+/).filter(Boolean);
    this.rpc = new ChildRpc(
      process.execPath,
      [...nodeArgs, RUNNER, ...runnerArgs, ...debugFileArgs(runnerArgs)],
      { cwd: env.workspace, env: env.env },
      (m) => this.onMessage(m),
    );
  }

  /** Extra node flags for the runner: BENCH_BARE_NODE_ARGS, like BENCH_ADAPTER_NODE_ARGS. */
  static spawn(env: RunEnv): BareProcess {
    return new BareProcess(env, []);
  }

  /** A runner that starts Claude Code (`startup()`) at its first instant: the early-start floor. */
  static spawnStartedAtLaunch(env: RunEnv): BareProcess {
    return new BareProcess(env, ["--startup-at-launch"]);
  }

  /**
   * A runner with file checkpoints and a file-reading PostToolUse hook: the Edit call's floor;
   * `like`: with pieces of what the adapters ask of Claude Code too (bare-sdk-runner.ts `--like`).
   */
  static spawnEditFloor(env: RunEnv, like = ""): BareProcess {
    return new BareProcess(env, ["--edit-floor", ...(like ? [`--like=${like}`] : [])]);
  }

  get pid(): number {
    return this.rpc.pid;
  }

  /** query() with streaming input, resolved at initializationResult(). */
  async start(): Promise<void> {
    await this.rpc.request("start", {});
  }

  /** One prompt; `expectChars` makes the runner announce the moment the last chunk arrived. */
  async prompt(text: string, expectChars?: number): Promise<TurnTiming> {
    this.lastChunkAt = Number.NaN;
    const start = performance.now();
    const result = await this.rpc.request<{ chunks: number; chars: number; stop: string }>(
      "prompt",
      {
        text,
        ...(expectChars !== undefined ? { expectChars } : {}),
      },
    );
    const doneMs = performance.now() - start;
    return { startedAt: start, doneMs, lastChunkMs: this.lastChunkAt - start, ...result };
  }

  /**
   * spawn → first answer: query() with the prompt at once; resolves at its `result` with when
   * the runner had loaded Node and the SDK (ms since its process began).
   */
  async first(text: string): Promise<{ loadedMs: number }> {
    return this.rpc.request<{ loadedMs: number }>("first", { text });
  }

  /** `n` queries at once, short turns back to back for `ms`: each turn's latency (ms). */
  async concurrent(n: number, ms: number, text: string): Promise<number[]> {
    const { latencies } = await this.rpc.request<{ latencies: number[] }>(
      "concurrent",
      { n, ms, text },
      ms + 120_000,
    );
    return latencies;
  }

  /** `n` queries started and closed one after the other. */
  async churn(n: number): Promise<void> {
    await this.rpc.request("churn", { n }, 60_000 + n * 30_000);
  }

  stderrTail(): string {
    return this.rpc.stderrTail();
  }

  shutdown(): Promise<void> {
    return this.rpc.shutdown();
  }

  private onMessage(message: WireMessage): void {
    if (message.method === "lastChunk") this.lastChunkAt = performance.now();
  }
}

/** BENCH_CC_DEBUG_DIR: the runner passes Claude Code a debug log there (`debugFile`). */
function debugFileArgs(runnerArgs: readonly string[]): string[] {
  const dir = process.env.BENCH_CC_DEBUG_DIR;
  const kind = ["bare", ...runnerArgs.map((a) => a.replace(/^-+/, ""))].join("-");
  if (!dir) return [];
  const level = process.env.BENCH_CC_DEBUG_LEVEL;
  return [
    `--debug-file=${dir}/cc-${kind}-${process.hrtime.bigint()}.log`,
    ...(level ? [`--debug-level=${level}`] : []),
  ];
}
