import type { MessageTurn } from "../../test/support/model-server.js";
import { readCpuMs } from "../proc-cpu.js";
import { readMemory, resetPeak } from "../proc-memory.js";
import { withRunEnv } from "../run-env.js";
import { cpuRow, fmtMs, medianExtra, medianMem, memRow, timeRow } from "../verdict.js";
import type { BenchConfig, Workload } from "../workload.js";
import { expectText, readySession } from "./session-start.js";

const WARM_ANSWER = "Ready.";
const SENTENCE =
  "The quick brown fox jumps over the lazy dog while the benchmark counts every byte. ";

/** `deltas × deltaChars` characters of plain text; the model server cuts it into equal deltas. */
function bigText(config: BenchConfig): string {
  const length = config.streamDeltas * config.deltaChars;
  return SENTENCE.repeat(Math.ceil(length / SENTENCE.length)).slice(0, length);
}

/**
 * 3. A turn that streams `streamDeltas` text deltas (default 20,000 × 100 characters =
 * 2 MB), after an untimed warm-up turn. The time is until the last text chunk arrived
 * at the bench process: adapter — the last `agent_message_chunk` notification; bare —
 * the runner's announcement that the last `text_delta` stream event arrived (one
 * stdout hop, like the adapter's). End-of-turn times are in the notes. The peak RSS is
 * VmHWM, reset just before the turn.
 */
export const streamTurn: Workload = {
  key: "stream",
  title: "streamed turn",
  run: (side, config) => {
    const text = bigText(config);
    const script: MessageTurn[] = [
      { blocks: [{ type: "text", text: WARM_ANSWER, deltas: 1 }] },
      {
        blocks: [{ type: "text", text, deltas: config.streamDeltas }],
        usage: { input_tokens: 20, output_tokens: 4_000 },
      },
    ];
    return withRunEnv({ script }, async (env) => {
      const session = await readySession(side, env);
      try {
        expectText(
          `${side} warm-up turn`,
          await session.prompt("Are you ready?"),
          WARM_ANSWER.length,
        );
        const peakReset = resetPeak(session.pid);
        const cpuBefore = readCpuMs(session.pid);
        const claudeBefore = env.othersCpuMs(session.pid);
        const t = await session.prompt("Write a long text.", text.length);
        const cpuMs = readCpuMs(session.pid) - cpuBefore;
        const claudeCpuMs = env.othersCpuMs(session.pid) - claudeBefore;
        expectText(`${side} streamed turn`, t, text.length);
        const mem = readMemory(session.pid);
        return {
          ms: t.lastChunkMs,
          cpuMs,
          mem: { peak: mem.peakMb, rssAfter: mem.rssMb },
          extra: {
            doneMs: t.doneMs,
            chunks: t.chunks,
            peakReset: peakReset ? 1 : 0,
            inboundMs: env.firstMainRequestAfter(t.startedAt) - t.startedAt,
            claudeCpuMs,
          },
        };
      } finally {
        await session.shutdown();
      }
    });
  },
  report(adapter, bare, config) {
    const mb = (config.streamDeltas * config.deltaChars) / 1e6;
    const notes = [
      `stream: ${config.streamDeltas} deltas × ${config.deltaChars} chars (${mb.toFixed(1)} MB); ` +
        `end of turn (response / result): adapter ${fmtMs(medianExtra(adapter, "doneMs"))}, ` +
        `bare ${fmtMs(medianExtra(bare, "doneMs"))}; text chunks received: adapter ${medianExtra(adapter, "chunks")}, ` +
        `bare ${medianExtra(bare, "chunks")}`,
      `stream: prompt → model request arrives: adapter ${fmtMs(medianExtra(adapter, "inboundMs"))}, ` +
        `bare ${fmtMs(medianExtra(bare, "inboundMs"))}; Claude Code CPU during the turn: adapter's ` +
        `${fmtMs(medianExtra(adapter, "claudeCpuMs"))}, bare's ${fmtMs(medianExtra(bare, "claudeCpuMs"))}`,
    ];
    if ([...adapter, ...bare].some((s) => s.extra?.peakReset === 0)) {
      notes.push("stream: VmHWM could not be reset (clear_refs); the peak also covers start-up");
    }
    return {
      rows: [
        timeRow(`3 stream ${config.streamDeltas} deltas → last chunk`, adapter, bare, 1.15),
        cpuRow("  CPU of own process during the turn", adapter, bare),
        memRow(
          "  adapter peak RSS during stream",
          medianMem(adapter, "peak"),
          medianMem(bare, "peak"),
          100,
        ),
      ],
      notes,
    };
  },
};
