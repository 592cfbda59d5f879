import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import type { ScriptedTurn } from "../../test/support/model-server.js";
import { AdapterProcess } from "../adapter-process.js";
import { BareProcess } from "../bare-process.js";
import { readCpuMs } from "../proc-cpu.js";
import { withRunEnv, type RunEnv } from "../run-env.js";
import { fmtMs, medianExtra, medianMs } from "../verdict.js";
import type { ResultRow, Sample, Workload } from "../workload.js";

const LINES = 12_000;
const EDIT_ID = "toolu_bench_edit";
const FILE = "big.txt";
const ANSWER = "Done.";
/** Read and Edit allowed by rule on both sides: no permission round trip (the bare runner has none). */
const SETTINGS = { permissions: { defaultMode: "default", allow: ["Read", "Edit"] } };
/** Processes per side and run: the adapter side runs ours (AIR, plain) and upstream, the bare
 * side the runner, its edit floor, and that floor with the options every adapter passes. */
const PROCESSES = 4;

const AIR_DIFF_PATCH = {
  _meta: { jetbrains: { air: { version: 1, capabilities: ["diffPatch"] } } },
};

function bigFile(env: RunEnv): string {
  const path = join(env.workspace, FILE);
  writeFileSync(path, Array.from({ length: LINES }, (_, i) => `line ${i + 1}\n`).join(""));
  return path;
}

/** One process's turns: a warm-up answer, then Read → Edit (one line in the middle) → text. */
function script(path: string): ScriptedTurn[] {
  return [
    { blocks: [{ type: "text", text: ANSWER }] },
    {
      blocks: [
        { type: "tool_use", id: "toolu_bench_read", name: "Read", input: { file_path: path } },
      ],
    },
    {
      blocks: [
        {
          type: "tool_use",
          id: EDIT_ID,
          name: "Edit",
          input: { file_path: path, old_string: "line 6000\n", new_string: "line 6000 changed\n" },
        },
      ],
    },
    { blocks: [{ type: "text", text: ANSWER }] },
  ];
}

interface EditRun {
  /** prompt → response (adapter) / user message → result (bare). */
  readonly turnMs: number;
  /** Model request with the Edit's tool_use answered → the request carrying its result. */
  readonly editMs: number;
  readonly cpuMs: number;
  readonly messages: number;
  readonly bytes: number;
}

/** The request that got the Edit as its answer, and the next one (its tool_result). */
function editInterval(env: RunEnv, since: number): number {
  const times = env.model.mainRequestTimes.filter((t) => t >= since);
  // times[0]: prompt → Read; [1]: Read's result → Edit; [2]: Edit's result → text.
  return times.length >= 3 ? times[2]! - times[1]! : Number.NaN;
}

async function adapterEdit(
  env: RunEnv,
  adapter: AdapterProcess,
  capabilities: Record<string, unknown>,
): Promise<EditRun> {
  let messages = 0;
  let bytes = 0;
  adapter.tapLines((line) => {
    if (!line.includes(EDIT_ID)) return;
    messages++;
    bytes += Buffer.byteLength(line);
  });
  try {
    await adapter.initialize(capabilities);
    const sessionId = await adapter.newSession(env.workspace);
    await adapter.prompt(sessionId, "warm up");
    bigFile(env);
    const cpuBefore = readCpuMs(adapter.pid);
    const turn = await adapter.prompt(sessionId, "edit");
    if (turn.stop !== "end_turn") throw new Error(`the edit turn ended ${turn.stop}`);
    return {
      turnMs: turn.doneMs,
      editMs: editInterval(env, turn.startedAt),
      cpuMs: readCpuMs(adapter.pid) - cpuBefore,
      messages,
      bytes,
    };
  } finally {
    await adapter.shutdown();
  }
}

/** The bare runner's turn: a warm-up answer, then the edit turn. */
async function bareEdit(
  env: RunEnv,
  bare: BareProcess,
): Promise<{ turnMs: number; editMs: number; cpuMs: number }> {
  try {
    await bare.start();
    await bare.prompt("warm up");
    bigFile(env);
    const cpuBefore = readCpuMs(bare.pid);
    const started = performance.now();
    const turn = await bare.prompt("edit");
    return {
      turnMs: turn.doneMs,
      editMs: editInterval(env, started),
      cpuMs: readCpuMs(bare.pid) - cpuBefore,
    };
  } finally {
    await bare.shutdown();
  }
}

/**
 * 8. One-line Edit of a 12,000-line file (issue 34): one turn in which the model Reads the
 * file, Edits one line in its middle, and answers. Rows: the whole turn, and the Edit tool
 * call alone (at the model server: the request answered with the Edit's tool_use → the
 * request carrying its tool_result). Adapter side: ours for AIR with `diffPatch` (the
 * ratio to bare), ours for a plain client, and the upstream adapter 0.101.0 (plain), each in
 * its own process of the same run; also the messages and bytes naming the Edit's tool call.
 */
export const editTurn: Workload = {
  key: "edit",
  title: "one-line edit of a 12,000-line file",
  run: (side) =>
    withRunEnv({ settings: SETTINGS }, async (env): Promise<Sample> => {
      const path = bigFile(env);
      for (let i = 0; i < PROCESSES; i++) await env.model.push(...script(path));
      if (side === "adapter") {
        const air = await adapterEdit(env, AdapterProcess.spawn(env), AIR_DIFF_PATCH);
        const plain = await adapterEdit(env, AdapterProcess.spawn(env), {});
        const upstream = await adapterEdit(env, AdapterProcess.spawnUpstream(env), {});
        return {
          ms: air.turnMs,
          cpuMs: air.cpuMs,
          mem: {},
          extra: {
            editMs: air.editMs,
            airMessages: air.messages,
            airBytes: air.bytes,
            plainTurnMs: plain.turnMs,
            plainEditMs: plain.editMs,
            plainCpuMs: plain.cpuMs,
            plainMessages: plain.messages,
            plainBytes: plain.bytes,
            upstreamTurnMs: upstream.turnMs,
            upstreamEditMs: upstream.editMs,
            upstreamCpuMs: upstream.cpuMs,
            upstreamMessages: upstream.messages,
            upstreamBytes: upstream.bytes,
          },
        };
      }
      const bare = await bareEdit(env, BareProcess.spawn(env));
      const floor = await bareEdit(env, BareProcess.spawnEditFloor(env));
      // The floor again with what both adapters ask of Claude Code besides (its own system
      // prompt, a permission callback, their other hooks, session state events).
      const floorAll = await bareEdit(env, BareProcess.spawnEditFloor(env, "all"));
      return {
        ms: bare.turnMs,
        cpuMs: bare.cpuMs,
        mem: {},
        extra: {
          editMs: bare.editMs,
          floorEditMs: floor.editMs,
          floorTurnMs: floor.turnMs,
          floorAllEditMs: floorAll.editMs,
        },
      };
    }),
  report(adapter, bare) {
    const b = medianMs(bare);
    const bEdit = medianExtra(bare, "editMs");
    const x = (key: string): number => medianExtra(adapter, key);
    const kb = (v: number): string => (Number.isFinite(v) ? `${(v / 1024).toFixed(1)} KB` : "n/a");
    return {
      rows: [
        row(
          "8 AIR: Read + one-line Edit + answer, turn",
          medianMs(adapter),
          b,
          1.2,
          x("upstreamTurnMs"),
        ),
        row(
          "  AIR: the Edit call (tool_use → tool_result)",
          x("editMs"),
          bEdit,
          1.2,
          x("upstreamEditMs"),
        ),
        row("  plain client: the turn", x("plainTurnMs"), b, undefined, x("upstreamTurnMs")),
        row(
          "  plain client: the Edit call",
          x("plainEditMs"),
          bEdit,
          undefined,
          x("upstreamEditMs"),
        ),
        row(
          "  floor: bare + checkpoints and PostToolUse hook",
          medianExtra(bare, "floorEditMs"),
          bEdit,
          undefined,
          x("upstreamEditMs"),
        ),
        row(
          "  floor + the options every adapter passes",
          medianExtra(bare, "floorAllEditMs"),
          bEdit,
          undefined,
          x("upstreamEditMs"),
        ),
        {
          label: "  AIR: the Edit call ÷ that floor",
          adapter: fmtMs(x("editMs")),
          bare: fmtMs(medianExtra(bare, "floorAllEditMs")),
          ratio: `${(x("editMs") / medianExtra(bare, "floorAllEditMs")).toFixed(2)}x`,
          target: "(info)",
          verdict: "",
        },
        {
          label: "  plain: Edit call ÷ upstream's",
          adapter: fmtMs(x("plainEditMs")),
          bare: fmtMs(x("upstreamEditMs")),
          ratio: `${(x("plainEditMs") / x("upstreamEditMs")).toFixed(2)}x`,
          target: "<= 1.00x",
          verdict: x("plainEditMs") <= x("upstreamEditMs") ? "PASS" : "MISS",
        },
      ],
      notes: [
        `edit: messages / bytes naming the Edit: AIR ${x("airMessages")} / ${kb(x("airBytes"))}, ` +
          `plain ${x("plainMessages")} / ${kb(x("plainBytes"))}, ` +
          `upstream (plain) ${x("upstreamMessages")} / ${kb(x("upstreamBytes"))}`,
        `edit: adapter CPU during the turn: AIR ${fmtMs(medianCpu(adapter))}, plain ${fmtMs(
          x("plainCpuMs"),
        )}, upstream ${fmtMs(x("upstreamCpuMs"))}; bare runner ${fmtMs(medianCpu(bare))}`,
      ],
    };
  },
};

function medianCpu(samples: readonly Sample[]): number {
  const values = samples.map((s) => s.cpuMs ?? Number.NaN).sort((a, b) => a - b);
  return values.length === 0 ? Number.NaN : values[Math.floor(values.length / 2)]!;
}

function row(
  label: string,
  a: number,
  b: number,
  maxRatio: number | undefined,
  upstream: number,
): ResultRow {
  const ratio = a / b;
  return {
    label,
    adapter: fmtMs(a),
    bare: fmtMs(b),
    ratio: Number.isFinite(ratio) ? `${ratio.toFixed(2)}x` : "n/a",
    target:
      (maxRatio === undefined ? "" : `<= ${maxRatio.toFixed(2)}x `) +
      `(upstream ${fmtMs(upstream)})`,
    verdict: maxRatio === undefined ? "" : ratio <= maxRatio ? "PASS" : "MISS",
  };
}
