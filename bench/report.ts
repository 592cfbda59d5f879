import { fmtMs } from "./verdict.js";
import { max, median, min } from "./stats.js";
import type { ResultRow, Sample, Side } from "./workload.js";

const HEADER: ResultRow = {
  label: "workload",
  adapter: "adapter",
  bare: "bare SDK",
  ratio: "adapter/bare",
  target: "target",
  verdict: "",
};

/** The result table, columns padded to their widest cell. */
export function formatTable(rows: readonly ResultRow[]): string {
  const all = [HEADER, ...rows];
  const cols: Array<keyof ResultRow> = ["label", "adapter", "bare", "ratio", "target", "verdict"];
  const width = Object.fromEntries(
    cols.map((c) => [c, Math.max(...all.map((r) => r[c].length))]),
  ) as Record<keyof ResultRow, number>;
  const line = (r: ResultRow): string =>
    cols
      .map((c) => (c === "label" ? r[c].padEnd(width[c]) : r[c].padStart(width[c])))
      .join("  ")
      .trimEnd();
  const rule = "-".repeat(line(HEADER).length + 6);
  return [line(HEADER), rule, ...rows.map(line)].join("\n");
}

/**
 * Per workload and side: every run's time with min / median / max, then every run's
 * memory readings (MB), so the spread behind each median is visible.
 */
export function formatSamples(title: string, samples: Record<Side, readonly Sample[]>): string[] {
  return (["adapter", "bare"] as const).flatMap((side) => {
    const runs = samples[side];
    const ms = runs.map((s) => s.ms);
    const lines = [
      `${title} [${side}] ms: ${ms.map((v) => v.toFixed(0)).join(", ") || "none"} ` +
        `(min ${fmtMs(min(ms))}, median ${fmtMs(median(ms))}, max ${fmtMs(max(ms))})`,
    ];
    const keys = [...new Set(runs.flatMap((s) => Object.keys(s.mem)))];
    if (keys.length > 0) {
      const perKey = keys.map(
        (k) => `${k} ${runs.map((s) => s.mem[k]?.toFixed(1) ?? "-").join("/")}`,
      );
      lines.push(`${title} [${side}] MB: ${perKey.join("; ")}`);
    }
    return lines;
  });
}
