import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { ADAPTER_BIN, REPO_ROOT } from "../test/support/acp-harness.js";
import { ChildRpc, type WireMessage } from "./child-rpc.js";
import { writeLongSession, writeManySessions } from "./history-fixtures.js";
import { readCpuMs } from "./proc-cpu.js";
import { readMemory, resetPeak } from "./proc-memory.js";
import { RunEnv, withRunEnv } from "./run-env.js";
import { median } from "./stats.js";
import { fmtMb, fmtMs } from "./verdict.js";

/**
 * Session history benchmark (a separate script; `bench.ts` is the main benchmark):
 *  - `session/list` over 5,000 stored sessions of one directory: the first page of 1000,
 *    and all five pages, from a fresh adapter process with nothing cached; all five again
 *    in the same process; then from a new process that finds the summaries the first one
 *    stored on disk (what an editor restart sees);
 *  - `session/load` of a ~20 MB / 10,000-message history, each from a fresh adapter
 *    process: time to the answer, when the last replayed update arrived, the adapter's
 *    peak RSS (VmHWM) until Claude Code is up, and the CPU time the adapter process used
 *    until the answer (all its threads). Twice per
 *    run: with nothing cached (the answer waits for Claude Code, which starts alongside
 *    the replay, because its commands must go out before the answer: info), then with the
 *    start answer (model list, commands) that load's Claude Code stored (an editor
 *    restart: the headline, target 1.2x getSessionMessages and 150 MB); and, for
 *    comparison, `session/resume` of the same session with nothing cached.
 * Side by side with the SDK's own `listSessions` (pages via limit/offset) and
 * `getSessionMessages`, each in a fresh Node process, as the floor; and, for the load, a
 * lower bound (history-replay-bound.ts): a process that parses the transcript and sends
 * the adapter's recorded replay, serialised already, to the same client.
 *
 * Run: npx tsc -p tsconfig.build.json && node dist/bench/history.js
 * Knobs: BENCH_RUNS (3), BENCH_HISTORY_SESSIONS (5000, the long one included),
 * BENCH_HISTORY_MESSAGES (10000), BENCH_HISTORY_MB (20), BENCH_ADAPTER_NODE_ARGS
 * (e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof"), BENCH_ADAPTER_ENTRY (dist/src/index.js
 * to profile the unbundled modules).
 */
const PAGE = 1000;
const RUNNER = join(dirname(fileURLToPath(import.meta.url)), "history-sdk-runner.js");
const BOUND = join(dirname(fileURLToPath(import.meta.url)), "history-replay-bound.js");

function intFromEnv(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
}

interface Adapter {
  readonly rpc: ChildRpc;
  /** session/update notifications received, their bytes, and when the last one arrived. */
  readonly updates: { count: number; bytes: number; lastAt: number };
}

async function withAdapter<T>(
  env: RunEnv,
  fn: (adapter: Adapter) => Promise<T>,
  observe?: (message: WireMessage) => void,
): Promise<T> {
  const updates = { count: 0, bytes: 0, lastAt: Number.NaN };
  const onMessage = (message: WireMessage, rpc: ChildRpc): void => {
    observe?.(message);
    if (message.method === "session/update") {
      // The commands go out with the replay, but are not part of the history.
      const kind = (message.params as { update?: { sessionUpdate?: string } }).update;
      if (kind?.sessionUpdate === "available_commands_update") return;
      updates.count++;
      updates.lastAt = performance.now();
    } else if (message.id !== undefined && message.id !== null && message.method) {
      rpc.respondError(message.id, -32601, "not supported by the bench client");
    }
  };
  const nodeArgs = (process.env.BENCH_ADAPTER_NODE_ARGS ?? "").split(/\s+/).filter(Boolean);
  // BENCH_ADAPTER_ENTRY=dist/src/index.js: the unbundled modules, so that a profile tells
  // our code from the ACP SDK's (as in adapter-process.ts).
  const entry = resolve(REPO_ROOT, process.env.BENCH_ADAPTER_ENTRY ?? ADAPTER_BIN);
  const rpc = new ChildRpc(
    process.execPath,
    [...nodeArgs, entry],
    { cwd: env.workspace, env: env.env },
    onMessage,
  );
  // The bytes of every session/update line (the commands' too: few, small).
  rpc.lineTap = (line) => {
    if (line.includes('"session/update"')) updates.bytes += Buffer.byteLength(line);
  };
  try {
    await rpc.request("initialize", { protocolVersion: 1, clientCapabilities: {} });
    return await fn({ rpc, updates });
  } finally {
    await rpc.shutdown();
  }
}

async function timed<T>(fn: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const start = performance.now();
  const value = await fn();
  return { ms: performance.now() - start, value };
}

/** All pages of session/list; the time of each. */
async function listPages(rpc: ChildRpc, cwd: string): Promise<{ pages: number[]; rows: number }> {
  const pages: number[] = [];
  let rows = 0;
  let cursor: string | undefined;
  do {
    const { ms, value } = await timed(() =>
      rpc.request<{ sessions: unknown[]; nextCursor?: string }>("session/list", {
        cwd,
        ...(cursor ? { cursor } : {}),
      }),
    );
    pages.push(ms);
    rows += value.sessions.length;
    cursor = value.nextCursor;
  } while (cursor);
  return { pages, rows };
}

function sdkFloor<T>(env: RunEnv, args: string[]): T {
  const out = execFileSync(process.execPath, [RUNNER, ...args], {
    cwd: env.workspace,
    env: env.env,
    encoding: "utf8",
  });
  return JSON.parse(out.trim().split("\n").at(-1)!) as T;
}

type Samples = Record<string, number[]>;
const add = (samples: Samples, key: string, value: number): void =>
  void (samples[key] ??= []).push(value);

/** The adapter's on-disk session list cache for this run (see summary-cache-file.ts). */
function listCacheFile(env: RunEnv): string {
  const root = env.env.XDG_CACHE_HOME || join(env.home, ".cache");
  const key = createHash("sha256")
    .update(join(env.configDir, "projects"))
    .digest("hex")
    .slice(0, 16);
  return join(root, "claude-agent-acp", `session-list-${key}.json`);
}

/** The adapter's model list cache folder for this run (see sdk/start-cache/model-list-cache.ts). */
function modelCacheDir(env: RunEnv): string {
  return join(env.env.XDG_CACHE_HOME || join(env.home, ".cache"), "claude-agent-acp");
}

/**
 * One session/load from a fresh adapter process: time to the answer, to the last
 * replayed update, the CPU time of the adapter process until the answer, and its peak
 * RSS (VmHWM) from the request until two seconds after the answer (Claude Code's start
 * may follow the answer).
 */
async function measureLoad(env: RunEnv, sessionId: string, key: string, samples: Samples) {
  await withAdapter(env, async ({ rpc, updates }) => {
    const pid = rpc.pid;
    const before = readMemory(pid);
    resetPeak(pid);
    const cpuBefore = readCpuMs(pid);
    const start = performance.now();
    await rpc.request("session/load", { sessionId, cwd: env.workspace, mcpServers: [] }, 600_000);
    add(samples, `${key}.answer`, performance.now() - start);
    add(samples, `${key}.cpu`, readCpuMs(pid) - cpuBefore);
    add(samples, `${key}.replayed`, updates.lastAt - start);
    // Claude Code may start after the answer, and nothing tells the client when it is up:
    // the peak covers the two seconds after the answer too (its start takes about one).
    await new Promise((r) => setTimeout(r, 2_000));
    add(samples, `${key}.updates`, updates.count);
    add(samples, `${key}.updateMb`, updates.bytes / 1e6);
    add(samples, `${key}.peak`, readMemory(pid).peakMb);
    add(samples, `${key}.rssBefore`, before.rssMb);
  });
}

/**
 * The adapter's replay of a stored session as the client received it (NDJSON, one
 * message a line), for the lower bound. An extra load, not measured: re-serialising
 * 20 MB in the bench client would slow the load it watches.
 */
async function recordReplay(env: RunEnv, sessionId: string, file: string): Promise<void> {
  const lines: string[] = [];
  await withAdapter(
    env,
    ({ rpc }) => rpc.request("session/load", { sessionId, cwd: env.workspace, mcpServers: [] }),
    (message) => {
      if (message.method === "session/update") lines.push(`${JSON.stringify(message)}\n`);
    },
  );
  writeFileSync(file, lines.join(""));
}

/**
 * The lower bound (history-replay-bound.ts): a process that only parses the transcript
 * and sends the recorded replay, timed by the same client as the adapter.
 */
async function measureBound(env: RunEnv, transcript: string, recorded: string, samples: Samples) {
  let updates = 0;
  const rpc = new ChildRpc(
    process.execPath,
    [BOUND, recorded],
    { cwd: env.workspace, env: env.env },
    (m) => {
      if (m.method === "session/update") updates++;
    },
  );
  try {
    await rpc.request("ready", {});
    const { ms } = await timed(() => rpc.request("replay", { transcript }, 600_000));
    add(samples, "bound.answer", ms);
    add(samples, "bound.updates", updates);
  } finally {
    await rpc.shutdown();
  }
}

/** The long stored session, and the adapter's replay of it (see recordReplay). */
interface LongSession {
  readonly sessionId: string;
  readonly transcript: string;
  readonly recorded: string;
}

async function runOnce(env: RunEnv, long: LongSession, samples: Samples): Promise<void> {
  const longId = long.sessionId;
  const cacheFile = listCacheFile(env);
  rmSync(cacheFile, { force: true });
  await withAdapter(env, async ({ rpc }) => {
    const cold = await listPages(rpc, env.workspace);
    if (cold.rows === 0) throw new Error("session/list returned no rows");
    add(samples, "list.first", cold.pages[0]!);
    add(
      samples,
      "list.all",
      cold.pages.reduce((a, b) => a + b, 0),
    );
    add(samples, "list.pages", cold.pages.length);
    add(samples, "list.rows", cold.rows);
    const warm = await listPages(rpc, env.workspace);
    add(
      samples,
      "list.warm",
      warm.pages.reduce((a, b) => a + b, 0),
    );
    // The adapter stores what it read once paging pauses; the next process starts from it.
    const deadline = Date.now() + 5_000;
    while (!existsSync(cacheFile) && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 50));
  });
  await withAdapter(env, async ({ rpc }) => {
    const again = await listPages(rpc, env.workspace);
    add(samples, "list.cached.first", again.pages[0]!);
    add(
      samples,
      "list.cached.all",
      again.pages.reduce((a, b) => a + b, 0),
    );
  });
  const sdkList = sdkFloor<{ pages: number[]; total: number; rows: number }>(env, [
    "list",
    env.workspace,
    `${PAGE}`,
    "5",
  ]);
  add(samples, "sdk.list.first", sdkList.pages[0]!);
  add(samples, "sdk.list.all", sdkList.total);

  // Nothing cached (info): the answer waits for the replay and for Claude Code, which
  // starts alongside it, since its commands must go out before the answer.
  rmSync(modelCacheDir(env), { recursive: true, force: true });
  await measureLoad(env, longId, "load.cold", samples);
  // The headline: Claude Code's start answer (model list and the project's commands),
  // stored by the previous adapter process's Claude Code, as after an editor restart. The
  // answer follows the replay; Claude Code starts after it.
  const stored = readdirSync(modelCacheDir(env));
  if (!["models-", "commands-"].every((prefix) => stored.some((f) => f.startsWith(prefix))))
    throw new Error("the cold load stored no start answer: the next load would be cold too");
  await measureLoad(env, longId, "load", samples);
  // For comparison: Claude Code starting on the same session without a replay (nothing
  // cached: with its model list cached, a resume answers before Claude Code is up).
  rmSync(modelCacheDir(env), { recursive: true, force: true });
  await withAdapter(env, async ({ rpc }) => {
    const { ms } = await timed(() =>
      rpc.request("session/resume", { sessionId: longId, cwd: env.workspace }, 600_000),
    );
    add(samples, "resume.answer", ms);
  });
  const sdkLoad = sdkFloor<{ ms: number; cpuMs: number; messages: number; peakMb: number }>(env, [
    "messages",
    env.workspace,
    longId,
  ]);
  add(samples, "sdk.load", sdkLoad.ms);
  add(samples, "sdk.load.cpu", sdkLoad.cpuMs);
  add(samples, "sdk.load.messages", sdkLoad.messages);
  add(samples, "sdk.load.peak", sdkLoad.peakMb);
  await measureBound(env, long.transcript, long.recorded, samples);
}

function report(samples: Samples, setup: string): string {
  const m = (key: string): number => median(samples[key] ?? []);
  const time = (label: string, key: string, floor = "", limit?: number): string[] => [
    label,
    fmtMs(m(key)),
    floor ? fmtMs(m(floor)) : "",
    limit ? `<= ${limit} ms` : "",
    limit ? (m(key) <= limit ? "PASS" : "MISS") : "",
  ];
  const peak = (label: string, key: string, limit?: number): string[] => [
    label,
    fmtMb(m(key)),
    fmtMb(m("sdk.load.peak")),
    limit ? `<= ${limit} MB` : "",
    limit ? (m(key) <= limit ? "PASS" : "MISS") : "",
  ];
  // Issue 5: a load answers within 1.2x the SDK's own getSessionMessages.
  const loadLimit = Math.round(1.2 * m("sdk.load"));
  const rows = [
    ["measure", "adapter", "SDK floor", "target", ""],
    time("list: first page (1000 of 5000), fresh process", "list.first", "sdk.list.first", 200),
    time(`list: all ${m("list.pages")} pages, fresh process`, "list.all", "sdk.list.all", 1000),
    time("list: all pages again, same process", "list.warm"),
    time("list: first page, next process (cache file)", "list.cached.first", "", 200),
    time("list: all pages, next process (cache file)", "list.cached.all", "", 1000),
    time("load, start answer cached: time to the answer", "load.answer", "sdk.load", loadLimit),
    time("load, start answer cached: last replayed update", "load.replayed"),
    time("load, start answer cached: CPU until the answer", "load.cpu", "sdk.load.cpu"),
    peak("load, start answer cached: peak RSS (VmHWM)", "load.peak", 150),
    time("load, nothing cached: time to the answer", "load.cold.answer", "sdk.load"),
    time("load, nothing cached: last replayed update", "load.cold.replayed"),
    peak("load, nothing cached: peak RSS (VmHWM)", "load.cold.peak"),
    time("resume, nothing cached: time to the answer", "resume.answer"),
    time("lower bound: parse, then send the recorded replay", "bound.answer", "sdk.load"),
    [
      "load: updates sent (MB) / messages read",
      `${m("load.updates")} (${m("load.updateMb").toFixed(1)} MB)`,
      `${m("sdk.load.messages")}`,
      "",
      "",
    ],
  ];
  const width = rows[0]!.map((_, c) => Math.max(...rows.map((r) => r[c]!.length)));
  const lines = rows.map((r) =>
    r.map((cell, c) => (c === 0 ? cell.padEnd(width[c]!) : cell.padStart(width[c]!))).join("  "),
  );
  lines.splice(1, 0, "-".repeat(lines[0]!.length));
  const spread = Object.entries(samples).map(
    ([k, v]) => `${k}: ${v.map((x) => x.toFixed(1)).join(", ")}`,
  );
  return [setup, "", ...lines, "", "runs:", ...spread].join("\n");
}

async function main(): Promise<void> {
  const runs = intFromEnv("BENCH_RUNS", 3);
  const sessions = intFromEnv("BENCH_HISTORY_SESSIONS", 5000);
  const messages = intFromEnv("BENCH_HISTORY_MESSAGES", 10_000);
  const megabytes = intFromEnv("BENCH_HISTORY_MB", 20);
  process.on("SIGINT", () => {
    RunEnv.disposeAllSync();
    process.exit(130);
  });
  await withRunEnv({}, async (env) => {
    const listedMb = writeManySessions(env.configDir, env.workspace, sessions - 1);
    const long = writeLongSession(env.configDir, env.workspace, messages, megabytes);
    // Written-back pages would otherwise compete with the measured reads.
    execFileSync("sync");
    const setup =
      `${sessions} stored sessions (${listedMb.toFixed(0)} MB); one more of ${long.messages} messages, ` +
      `${(long.bytes / 1e6).toFixed(1)} MB; ${runs} runs, medians`;
    console.error(`history bench: ${setup}`);
    const recorded = join(env.home, "replay.ndjson");
    await recordReplay(env, long.sessionId, recorded);
    const samples: Samples = {};
    for (let run = 1; run <= runs; run++) {
      console.error(`history bench: run ${run}/${runs}`);
      await runOnce(env, { sessionId: long.sessionId, transcript: long.path, recorded }, samples);
    }
    console.log(report(samples, setup));
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
