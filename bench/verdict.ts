import { median } from "./stats.js";
import type { ResultRow, Sample } from "./workload.js";

export const fmtMs = (ms: number): string =>
  Number.isFinite(ms) ? `${ms >= 100 ? ms.toFixed(0) : ms.toFixed(1)} ms` : "n/a";
export const fmtMb = (mb: number): string => (Number.isFinite(mb) ? `${mb.toFixed(1)} MB` : "n/a");

const medianOf = (samples: readonly Sample[], pick: (s: Sample) => number | undefined): number =>
  median(samples.map(pick).filter((v): v is number => v !== undefined && Number.isFinite(v)));

export const medianMs = (samples: readonly Sample[]): number => medianOf(samples, (s) => s.ms);
export const medianMem = (samples: readonly Sample[], key: string): number =>
  medianOf(samples, (s) => s.mem[key]);
export const medianExtra = (samples: readonly Sample[], key: string): number =>
  medianOf(samples, (s) => s.extra?.[key]);

function judge(ok: boolean, known: boolean): ResultRow["verdict"] {
  if (!known) return "MISS";
  return ok ? "PASS" : "MISS";
}

/** Row comparing median times: adapter/bare must stay at or below `maxRatio` (if any). */
export function timeRow(
  label: string,
  adapter: readonly Sample[],
  bare: readonly Sample[],
  maxRatio: number | undefined,
): ResultRow {
  const a = medianMs(adapter);
  const b = medianMs(bare);
  const ratio = a / b;
  const known = Number.isFinite(ratio);
  return {
    label,
    adapter: fmtMs(a),
    bare: fmtMs(b),
    ratio: known ? `${ratio.toFixed(2)}x` : "n/a",
    target: maxRatio === undefined ? "(none)" : `<= ${maxRatio.toFixed(2)}x`,
    verdict: maxRatio === undefined ? "" : judge(ratio <= maxRatio, known),
  };
}

/** Informational row: median own-process CPU time of both sides (no target). */
export function cpuRow(
  label: string,
  adapter: readonly Sample[],
  bare: readonly Sample[],
): ResultRow {
  const a = medianOf(adapter, (s) => s.cpuMs);
  const b = medianOf(bare, (s) => s.cpuMs);
  return {
    label,
    adapter: fmtMs(a),
    bare: fmtMs(b),
    ratio: Number.isFinite(a / b) ? `${(a / b).toFixed(2)}x` : "n/a",
    target: "(info)",
    verdict: "",
  };
}

/** Row for an adapter memory reading with an absolute ceiling (bare shown for context). */
export function memRow(label: string, adapterMb: number, bareMb: number, maxMb: number): ResultRow {
  return {
    label,
    adapter: fmtMb(adapterMb),
    bare: fmtMb(bareMb),
    ratio: "",
    target: `<= ${maxMb} MB`,
    verdict: judge(adapterMb <= maxMb, Number.isFinite(adapterMb)),
  };
}
