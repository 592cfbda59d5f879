import { performance } from "node:perf_hooks";
import { AdapterProcess } from "../adapter-process.js";
import { BareProcess } from "../bare-process.js";
import { readCpuMs } from "../proc-cpu.js";
import { readMemory } from "../proc-memory.js";
import { withRunEnv, type RunEnv } from "../run-env.js";
import { cpuRow, fmtMb, fmtMs, medianExtra, medianMem, medianMs, timeRow } from "../verdict.js";
import { median } from "../stats.js";
import type { Sample, Workload } from "../workload.js";
import { expectText } from "./session-start.js";

const ANSWER = "Two plus two is four.";
const QUESTION = "What is two plus two?";

interface AdapterFirst {
  readonly ms: number;
  readonly cpuMs: number;
  readonly rssAfterNew: number;
}

/** spawn → `initialize` → `session/new` → one short prompt answered, in a fresh process. */
async function adapterFirst(env: RunEnv, adapter: AdapterProcess): Promise<AdapterFirst> {
  const start = performance.now();
  try {
    await adapter.initialize();
    const sessionId = await adapter.newSession(env.workspace);
    const rssAfterNew = readMemory(adapter.pid).rssMb;
    const turn = await adapter.prompt(sessionId, QUESTION);
    const ms = performance.now() - start;
    expectText("first answer", turn, ANSWER.length);
    return { ms, cpuMs: readCpuMs(adapter.pid), rssAfterNew };
  } finally {
    await adapter.shutdown();
  }
}

/**
 * 6. Spawn → first answer: what a user waits for between opening a client and reading
 * Claude's first words.
 *  - adapter: spawn → `initialize` → `session/new` → `session/prompt` answered;
 *  - bare: spawn the runner → `query()` with the prompt pushed at once → `result`;
 *  - floor (bare side, same run): the runner started Claude Code (`startup()`) at launch.
 * Each side first starts once, untimed, in the same run (Claude Code's first start in a
 * config dir writes its files; the adapter caches Claude Code's start answer, as after an
 * editor's first window). The adapter side also times the upstream adapter (0.101.0) the
 * same way, right after ours, in the same run.
 */
export const firstAnswer: Workload = {
  key: "first",
  title: "spawn → first answer",
  run: (side) =>
    withRunEnv(
      { script: [{ blocks: [{ type: "text", text: ANSWER, deltas: 3 }], times: 10 }] },
      async (env) => {
        if (side === "adapter") {
          await adapterFirst(env, AdapterProcess.spawn(env)); // untimed: caches, page cache
          const ours = await adapterFirst(env, AdapterProcess.spawn(env));
          const upstream = await adapterFirst(env, AdapterProcess.spawnUpstream(env));
          return {
            ms: ours.ms,
            cpuMs: ours.cpuMs,
            mem: { rssAfterNew: ours.rssAfterNew },
            extra: { upstreamMs: upstream.ms, upstreamRssAfterNew: upstream.rssAfterNew },
          };
        }
        const once = async (spawn: (env: RunEnv) => BareProcess): Promise<Sample> => {
          const start = performance.now();
          const bare = spawn(env);
          try {
            const { loadedMs } = await bare.first(QUESTION);
            const ms = performance.now() - start;
            return { ms, cpuMs: readCpuMs(bare.pid), mem: {}, extra: { loadedMs } };
          } finally {
            await bare.shutdown();
          }
        };
        await once(BareProcess.spawn); // untimed, as on the adapter side
        const bareRun = await once(BareProcess.spawn);
        const floor = await once(BareProcess.spawnStartedAtLaunch);
        const sample: Sample = {
          ...bareRun,
          extra: { ...bareRun.extra, floorMs: floor.ms },
        };
        return sample;
      },
    ),
  report(adapter, bare) {
    const upstream = medianExtra(adapter, "upstreamMs");
    return {
      rows: [
        timeRow("6 spawn → first answer (new session + prompt)", adapter, bare, 0.85),
        {
          label: "  upstream 0.101.0, same run",
          adapter: fmtMs(upstream),
          bare: fmtMs(medianMs(bare)),
          ratio: `${(upstream / medianMs(bare)).toFixed(2)}x`,
          target: "(info)",
          verdict: "",
        },
        {
          label: "  floor: bare SDK, Claude Code started at launch",
          adapter: fmtMs(medianExtra(bare, "floorMs")),
          bare: fmtMs(medianMs(bare)),
          ratio: `${(medianExtra(bare, "floorMs") / medianMs(bare)).toFixed(2)}x`,
          target: "(floor)",
          verdict: "",
        },
        cpuRow("  CPU of own process (not Claude Code)", adapter, bare),
      ],
      notes: [
        // Run i of each side ran next to each other (alternating order): on a loaded
        // machine the ratio within a run is steadier than the ratio of the medians.
        `first: ours/bare within each run: ${pairRatios(adapter, bare)}`,
        // The floor: the bare runner with `startup()` at its first instant (folder and options
        // known up front, which an adapter learns only at session/new). No adapter can start
        // Claude Code before its own Node and the SDK have loaded (`loadedMs`).
        `first: floor (Claude Code started at launch) ÷ bare: ${floorRatios(bare)}; Node + SDK loaded after ${fmtMs(
          medianExtra(bare, "loadedMs"),
        )}`,
        `first: adapter RSS after session/new (this start): ours ${fmtMb(
          medianMem(adapter, "rssAfterNew"),
        )}, upstream ${fmtMb(medianExtra(adapter, "upstreamRssAfterNew"))}`,
      ],
    };
  },
};

/** Each run's floor ÷ bare (the same run's two bare processes), and their median. */
function floorRatios(bare: readonly Sample[]): string {
  const ratios = bare.map((b) => (b.extra?.floorMs ?? Number.NaN) / b.ms);
  return `${ratios.map((r) => r.toFixed(2)).join(", ")} (median ${median(ratios).toFixed(2)}x)`;
}

/** Each run's ours ÷ bare, and their median. */
function pairRatios(adapter: readonly Sample[], bare: readonly Sample[]): string {
  const ratios = adapter.slice(0, bare.length).map((a, i) => a.ms / bare[i]!.ms);
  const shown = ratios.map((r) => r.toFixed(2)).join(", ");
  return `${shown} (median ${median(ratios).toFixed(2)}x)`;
}
