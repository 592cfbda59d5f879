import type { MessageTurn } from "../../test/support/model-server.js";
import { readCpuMs } from "../proc-cpu.js";
import { withRunEnv } from "../run-env.js";
import { median } from "../stats.js";
import { cpuRow, fmtMs, medianExtra, timeRow } from "../verdict.js";
import type { Workload } from "../workload.js";
import { expectText, readySession } from "./session-start.js";

const ANSWER = "Two plus two is four.";
const QUESTION = "What is two plus two?";
/** "Later": start-up's background work (a few hundred ms) is over before the timing. */
const SETTLE_MS = 1000;

/**
 * 2. A later short turn on a running session: prompt → response for a short text
 * answer (3 deltas). One untimed warm-up turn first (the first turn of a process pays
 * one-off costs on both sides), then a pause in which start-up's background work ends
 * on both sides (Claude Code's own, the adapter's login probe), then `shortTurns` timed
 * turns; the run's time is their median. Adapter: `session/prompt` → response. Bare: push a user message → `result`.
 * The turn is split at the moment the model request reaches the model server:
 * "inbound" (prompt → model request) and "outbound" (model response → done).
 */
export const shortTurn: Workload = {
  key: "short",
  title: "short turn",
  run: (side, config) => {
    const turn: MessageTurn = {
      blocks: [{ type: "text", text: ANSWER, deltas: 3 }],
      times: config.shortTurns + 1,
    };
    return withRunEnv({ script: [turn] }, async (env) => {
      const session = await readySession(side, env);
      try {
        expectText(`${side} warm-up turn`, await session.prompt(QUESTION), ANSWER.length);
        await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
        const done: number[] = [];
        const inbound: number[] = [];
        let cpuMs = 0;
        let claudeCpuMs = 0;
        for (let i = 0; i < config.shortTurns; i++) {
          const cpuBefore = readCpuMs(session.pid);
          const claudeBefore = env.othersCpuMs(session.pid);
          const t = await session.prompt(QUESTION);
          cpuMs += readCpuMs(session.pid) - cpuBefore;
          claudeCpuMs += env.othersCpuMs(session.pid) - claudeBefore;
          expectText(`${side} short turn`, t, ANSWER.length);
          done.push(t.doneMs);
          inbound.push(env.firstMainRequestAfter(t.startedAt) - t.startedAt);
        }
        return {
          ms: median(done),
          cpuMs: cpuMs / config.shortTurns,
          mem: {},
          extra: { inboundMs: median(inbound), claudeCpuMs: claudeCpuMs / config.shortTurns },
        };
      } finally {
        await session.shutdown();
      }
    });
  },
  report(adapter, bare) {
    const a = medianExtra(adapter, "inboundMs");
    const b = medianExtra(bare, "inboundMs");
    return {
      rows: [
        timeRow("2 short turn (prompt → response)", adapter, bare, 1.2),
        cpuRow("  CPU of own process per turn (10 ms ticks)", adapter, bare),
      ],
      notes: [
        `short: prompt → model request arrives: adapter ${fmtMs(a)}, bare ${fmtMs(b)}; ` +
          `model answer → turn done: adapter ${fmtMs(medianOf(adapter) - a)}, bare ${fmtMs(medianOf(bare) - b)}; ` +
          `Claude Code CPU per turn: adapter's ${fmtMs(medianExtra(adapter, "claudeCpuMs"))}, ` +
          `bare's ${fmtMs(medianExtra(bare, "claudeCpuMs"))}`,
      ],
    };
  },
};

function medianOf(samples: readonly { ms: number }[]): number {
  return median(samples.map((s) => s.ms));
}
