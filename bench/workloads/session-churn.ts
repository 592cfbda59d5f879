import { performance } from "node:perf_hooks";
import { AdapterProcess } from "../adapter-process.js";
import { BareProcess } from "../bare-process.js";
import { readCpuMs } from "../proc-cpu.js";
import { readMemory } from "../proc-memory.js";
import { withRunEnv } from "../run-env.js";
import { cpuRow, fmtMb, medianMem, timeRow } from "../verdict.js";
import type { ResultRow, Workload } from "../workload.js";

const SETTLE_MS = 500;
const FLAT_MB = 5;

const settle = (): Promise<void> => new Promise((r) => setTimeout(r, SETTLE_MS));

/**
 * 4. `sessions` sessions opened (and closed, where the adapter supports `session/close`)
 * one after the other in one process. One untimed warm-up session first, then RSS
 * "before"; after the loop and a short settle, RSS "after". The target is a flat RSS.
 * RSS is also read halfway ("mid"). V8's first major GC after start-up often falls
 * inside the loop and returns start-up garbage, so before → after can drop; the
 * per-run readings show the trend.
 *  - adapter: `session/new` (+ `session/close` when its initialize advertises
 *    `sessionCapabilities.close`); without close the sessions stay open.
 *  - bare: `query()` → `initializationResult()` → `close()`, sequentially.
 */
export const sessionChurn: Workload = {
  key: "sessions",
  title: "sessions opened and closed",
  run: (side, config, facts) =>
    withRunEnv({}, async (env) => {
      if (side === "adapter") {
        const adapter = AdapterProcess.spawn(env);
        try {
          const init = await adapter.initialize();
          const caps = init.agentCapabilities?.sessionCapabilities as
            Record<string, unknown> | null | undefined;
          const canClose = caps?.close !== undefined && caps?.close !== null;
          facts.sessionCloseSupported = canClose;
          const open = async (): Promise<void> => {
            const id = await adapter.newSession(env.workspace);
            if (canClose) await adapter.closeSession(id);
          };
          await open();
          await settle();
          const before = readMemory(adapter.pid).rssMb;
          const cpuBefore = readCpuMs(adapter.pid);
          const half = Math.floor(config.sessions / 2);
          let mid = Number.NaN;
          const start = performance.now();
          for (let i = 0; i < config.sessions; i++) {
            if (i === half) mid = readMemory(adapter.pid).rssMb;
            await open();
          }
          const ms = performance.now() - start;
          const cpuMs = readCpuMs(adapter.pid) - cpuBefore;
          await settle();
          const after = readMemory(adapter.pid);
          return {
            ms,
            cpuMs,
            mem: {
              before,
              mid,
              after: after.rssMb,
              delta: after.rssMb - before,
              peak: after.peakMb,
            },
          };
        } finally {
          await adapter.shutdown();
        }
      }
      const bare = BareProcess.spawn(env);
      try {
        await bare.churn(1);
        await settle();
        const before = readMemory(bare.pid).rssMb;
        const cpuBefore = readCpuMs(bare.pid);
        const half = Math.floor(config.sessions / 2);
        const start = performance.now();
        await bare.churn(half);
        const mid = readMemory(bare.pid).rssMb;
        await bare.churn(config.sessions - half);
        const ms = performance.now() - start;
        const cpuMs = readCpuMs(bare.pid) - cpuBefore;
        await settle();
        const after = readMemory(bare.pid);
        return {
          ms,
          cpuMs,
          mem: { before, mid, after: after.rssMb, delta: after.rssMb - before, peak: after.peakMb },
        };
      } finally {
        await bare.shutdown();
      }
    }),
  report(adapter, bare, config, facts) {
    const delta = medianMem(adapter, "delta");
    const flat: ResultRow = {
      label: `  adapter RSS before → after (Δ)`,
      adapter: `${fmtMb(medianMem(adapter, "before"))} → ${fmtMb(medianMem(adapter, "after"))} (${delta >= 0 ? "+" : ""}${delta.toFixed(1)})`,
      bare: `Δ ${medianMem(bare, "delta") >= 0 ? "+" : ""}${medianMem(bare, "delta").toFixed(1)} MB`,
      ratio: "",
      target: `±${FLAT_MB} MB`,
      verdict: Number.isFinite(delta) && Math.abs(delta) <= FLAT_MB ? "PASS" : "MISS",
    };
    const closeNote =
      facts.sessionCloseSupported === true
        ? `sessions: the adapter advertises session/close; each of the ${config.sessions} sessions was closed right after session/new`
        : `sessions: session/close is not yet available in the adapter (no sessionCapabilities.close): ` +
          `its ${config.sessions} sessions were opened and left open (each keeps a Claude Code process), ` +
          `while the bare side closed every query — the time ratio compares open-only with open+close`;
    const growthNote =
      `sessions: adapter RSS median before ${fmtMb(medianMem(adapter, "before"))}, halfway ${fmtMb(medianMem(adapter, "mid"))}, ` +
      `after ${fmtMb(medianMem(adapter, "after"))}, peak ${fmtMb(medianMem(adapter, "peak"))}; V8's first major GC after ` +
      `start-up usually lands inside the loop and returns start-up garbage, so a drop is not a leak: read the per-run MB below`;
    return {
      rows: [
        timeRow(
          `4 ${config.sessions} sessions ${facts.sessionCloseSupported ? "opened+closed" : "opened"}`,
          adapter,
          bare,
          undefined,
        ),
        cpuRow("  CPU of own process", adapter, bare),
        flat,
      ],
      notes: [closeNote, growthNote],
    };
  },
};
