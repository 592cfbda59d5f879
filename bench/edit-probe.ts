/**
 * The Edit call of workload 8, many times per process, split into Claude Code's phases:
 * where the adapters' Edit call spends the time the bare SDK does not, on a loaded machine.
 *
 * Each configuration runs in its own process and run (a fresh workspace, Claude config dir
 * and model server): the bare SDK runner, its edit floor (`--edit-floor`: checkpoints and a
 * file-reading PostToolUse hook), ours for AIR (`diffPatch`), ours for a plain client, and
 * the upstream adapter 0.101.0. A first turn Reads the 12,000-line file; then `PROBE_EDITS`
 * turns each make one one-line Edit of it (each turn's first Edit of the file is the one
 * Claude Code checkpoints) and answer. The configurations take turns,
 * round after round (`PROBE_ROUNDS`), the order rotating, so drifting load hits all alike.
 *
 * Per Edit, from Claude Code's debug log (`debugFile`, ms timestamps): the stream's first
 * byte → tool dispatch (the stream read, the permission decision, PreToolUse hooks), the
 * tool itself (checkpoint, read, write), tool end → the next model request (PostToolUse
 * hooks, building the request); and the whole call at the model server (request answered
 * with the Edit → the request carrying its result). Per configuration, the CPU of the
 * adapter (or runner) and of Claude Code during the turn, per Edit: CPU, unlike wall time,
 * hardly depends on the load.
 *
 *   npm run build && PROBE_ROUNDS=3 PROBE_EDITS=15 node dist/bench/edit-probe.js
 *   PROBE_CONFIGS=air,plain node dist/bench/edit-probe.js   # some of them
 *   PROBE_OTHER_ENTRY=bench-base/claude-agent-acp.js          # a second build as "air-b"/"plain-b"
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import type { ScriptedTurn } from "../test/support/model-server.js";
import { AdapterProcess } from "./adapter-process.js";
import { BareProcess } from "./bare-process.js";
import { readCpuMs } from "./proc-cpu.js";
import { withRunEnv, type RunEnv } from "./run-env.js";

const LINES = 12_000;
const EDITS = Number(process.env.PROBE_EDITS ?? 15);
const ROUNDS = Number(process.env.PROBE_ROUNDS ?? 3);
const SETTINGS = { permissions: { defaultMode: "default", allow: ["Read", "Edit"] } };
const AIR = { _meta: { jetbrains: { air: { version: 1, capabilities: ["diffPatch"] } } } };
const OTHER_ENTRY = process.env.PROBE_OTHER_ENTRY;

/** `floor+<pieces>`: the floor with pieces of the adapters' options (`--like`, "+"-separated). */
type Config = string;

const ALL: Config[] = [
  "bare",
  "floor",
  "floor+all",
  "air",
  "plain",
  "upstream",
  ...(OTHER_ENTRY ? (["air-b", "plain-b"] as const) : []),
];

/** Per Edit, ms; the last three only with BENCH_CC_DEBUG_LEVEL=verbose. */
const PHASES = ["toDispatch", "tool", "afterTool", "hook", "yields", "build"] as const;
type Phases = Record<(typeof PHASES)[number], number[]>;

interface RunResult {
  readonly call: number[];
  readonly phases: Phases;
  readonly ownCpuPerEdit: number;
  readonly ccCpuPerEdit: number;
}

/** The warm-up turn (Read, then text), then per Edit a turn of its own: the Edit, then text. */
function script(path: string): ScriptedTurn[] {
  const edits: ScriptedTurn[] = Array.from({ length: EDITS }, (_, i) => {
    const line = 1000 + i * 600;
    return [
      {
        blocks: [
          {
            type: "tool_use",
            id: `toolu_probe_edit_${i}`,
            name: "Edit",
            input: {
              file_path: path,
              old_string: `line ${line}\n`,
              new_string: `line ${line} x\n`,
            },
          },
        ],
      },
      { blocks: [{ type: "text", text: "Done." }] },
    ] satisfies ScriptedTurn[];
  }).flat();
  return [
    {
      blocks: [
        { type: "tool_use", id: "toolu_probe_read", name: "Read", input: { file_path: path } },
      ],
    },
    { blocks: [{ type: "text", text: "Ready." }] },
    ...edits,
  ];
}

function ms(stamp: string): number {
  return Date.parse(stamp);
}

/**
 * Claude Code's debug log, per Edit: first byte of the answer → tool dispatch; the tool;
 * tool end → the next model request, and with the verbose level that split in three: tool
 * end → the PostToolUse hooks done (`yield progress`), → the messages written to the SDK
 * (`yield user`, `attachment`, up to `set_in_progress_tool_use_ids`), → the request.
 */
function phasesOf(log: string): Phases {
  const phases = Object.fromEntries(PHASES.map((p) => [p, [] as number[]])) as Phases;
  let firstByte = Number.NaN;
  let started = Number.NaN;
  let ended = Number.NaN;
  let hooked = Number.NaN;
  let yielded = Number.NaN;
  for (const line of log.split("\n")) {
    const at = ms(line.slice(0, 24));
    if (line.includes("[API:timing] first byte")) firstByte = at;
    else if (/tool_dispatch_start tool=Edit /.test(line)) {
      started = at;
      phases.toDispatch.push(started - firstByte);
    } else if (/tool_dispatch_end tool=Edit /.test(line)) {
      ended = at;
      phases.tool.push(ended - started);
    } else if (Number.isNaN(ended)) continue;
    else if (line.includes("[engine] yield progress/") && Number.isNaN(hooked)) {
      hooked = at;
      phases.hook.push(hooked - ended);
    } else if (line.includes("yield set_in_progress_tool_use_ids") && !Number.isNaN(hooked)) {
      if (Number.isNaN(yielded)) phases.yields.push(at - hooked);
      yielded = at;
    } else if (line.includes("[API REQUEST] /v1/messages source=sdk")) {
      phases.afterTool.push(at - ended);
      if (!Number.isNaN(yielded)) phases.build.push(at - yielded);
      ended = hooked = yielded = Number.NaN;
    }
  }
  return phases;
}

function readLog(dir: string): string {
  const logs = readdirSync(dir).filter((f) => f.endsWith(".log"));
  return logs.map((f) => readFileSync(join(dir, f), "utf8")).join("\n");
}

async function runOne(config: Config): Promise<RunResult> {
  const debugDir = mkdtempSync(join(tmpdir(), "edit-probe-log-"));
  process.env.BENCH_CC_DEBUG_DIR = debugDir;
  try {
    return await withRunEnv({ settings: SETTINGS }, async (env) => {
      const path = join(env.workspace, "big.txt");
      await env.model.push(...script(path));
      writeFileSync(path, Array.from({ length: LINES }, (_, i) => `line ${i + 1}\n`).join(""));
      const turn = await (config === "bare" || config.startsWith("floor")
        ? bareTurn(env, config)
        : adapterTurn(env, config));
      const times = env.model.mainRequestTimes.filter((t) => t >= turn.since);
      // times[0]: prompt → Read; [1]: Read's result → Edit 1; [1 + i]: Edit i's result.
      const call = times
        .slice(1, EDITS + 2)
        .flatMap((t, i, all) => (i === 0 ? [] : [t - all[i - 1]!]));
      const phases = phasesOf(readLog(debugDir));
      return {
        call,
        phases,
        ownCpuPerEdit: turn.ownCpu / EDITS,
        ccCpuPerEdit: turn.ccCpu / EDITS,
      };
    });
  } finally {
    if (!process.env.PROBE_KEEP_LOGS) rmSync(debugDir, { recursive: true, force: true });
  }
}

interface Turn {
  readonly since: number;
  readonly ownCpu: number;
  readonly ccCpu: number;
}

async function adapterTurn(env: RunEnv, config: Config): Promise<Turn> {
  const adapter =
    config === "upstream"
      ? AdapterProcess.spawnUpstream(env)
      : config.endsWith("-b")
        ? AdapterProcess.spawnEntry(env, OTHER_ENTRY!)
        : AdapterProcess.spawn(env);
  try {
    await adapter.initialize(config.startsWith("air") ? AIR : {});
    const sessionId = await adapter.newSession(env.workspace);
    await adapter.prompt(sessionId, "read");
    const own = readCpuMs(adapter.pid);
    const cc = env.othersCpuMs(adapter.pid);
    const since = performance.now();
    for (let i = 0; i < EDITS; i++) {
      const turn = await adapter.prompt(sessionId, `edit ${i}`);
      if (turn.stop !== "end_turn") throw new Error(`${config}: the turn ended ${turn.stop}`);
    }
    return {
      since,
      ownCpu: readCpuMs(adapter.pid) - own,
      ccCpu: env.othersCpuMs(adapter.pid) - cc,
    };
  } finally {
    await adapter.shutdown();
  }
}

async function bareTurn(env: RunEnv, config: Config): Promise<Turn> {
  const bare =
    config === "bare"
      ? BareProcess.spawn(env)
      : BareProcess.spawnEditFloor(env, config.split("+").slice(1).join(","));
  try {
    await bare.start();
    await bare.prompt("read");
    const own = readCpuMs(bare.pid);
    const cc = env.othersCpuMs(bare.pid);
    const since = performance.now();
    for (let i = 0; i < EDITS; i++) await bare.prompt(`edit ${i}`);
    return { since, ownCpu: readCpuMs(bare.pid) - own, ccCpu: env.othersCpuMs(bare.pid) - cc };
  } finally {
    await bare.shutdown();
  }
}

function median(values: readonly number[]): number {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

async function main(): Promise<void> {
  const configs = (process.env.PROBE_CONFIGS?.split(",") as Config[] | undefined) ?? ALL;
  const results = new Map<Config, RunResult[]>(configs.map((c) => [c, []]));
  for (let round = 0; round < ROUNDS; round++) {
    const order = configs.map((_, i) => configs[(i + round) % configs.length]!);
    for (const config of order) {
      const result = await runOne(config);
      results.get(config)!.push(result);
      console.error(
        `round ${round + 1} ${config}: call ${median(result.call).toFixed(1)} ms, ` +
          `own CPU ${result.ownCpuPerEdit.toFixed(1)} / CC CPU ${result.ccCpuPerEdit.toFixed(1)} ms per edit`,
      );
    }
  }
  const f = (v: number): string => v.toFixed(1).padStart(8);
  console.log(
    `${ROUNDS} rounds × ${EDITS} edits; medians over all edits (ms); CPU per edit: medians of the runs`,
  );
  console.log("config      call  →dispatch     tool  →request  own CPU   CC CPU");
  for (const [config, runs] of results) {
    const all = (pick: (r: RunResult) => number[]): number => median(runs.flatMap(pick));
    console.log(
      config.padEnd(9) +
        f(all((r) => r.call)) +
        PHASES.map((p) => f(all((r) => r.phases[p]))).join("") +
        f(median(runs.map((r) => r.ownCpuPerEdit))) +
        f(median(runs.map((r) => r.ccCpuPerEdit))),
    );
  }
}

await main();
