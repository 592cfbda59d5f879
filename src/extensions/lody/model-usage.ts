/**
 * Lody's `ModelUsage` (lody-contract.md §5): disjoint token buckets per model (input
 * without cache reads and writes, output without reasoning) and a cost in USD that is
 * missing when unknown, never 0.
 */
export interface ModelUsage {
  inputTokens: number;
  outputTokens: number;
  cacheReadInputTokens: number;
  cacheCreationInputTokens?: number;
  reasoningOutputTokens?: number;
  webSearchRequests?: number;
  costUSD?: number;
  contextWindow?: number;
}

/** The counters of a `ModelUsage` that add up (not `costUSD`, not `contextWindow`). */
export const TOKEN_KEYS = [
  "inputTokens",
  "outputTokens",
  "cacheReadInputTokens",
  "cacheCreationInputTokens",
  "reasoningOutputTokens",
  "webSearchRequests",
] as const satisfies readonly (keyof ModelUsage)[];

/** A sum of dollars without the float noise of adding cents (0.1 + 0.2). */
export function roundCost(usd: number): number {
  return Math.round(usd * 1e10) / 1e10;
}

/** A detached copy of `usage`: callers may change what they are given. */
export function copyUsage(usage: ModelUsage): ModelUsage {
  return { ...usage };
}

/** A detached copy of a per-model record. */
export function copyModelUsage(
  rows: Readonly<Record<string, ModelUsage>>,
): Record<string, ModelUsage> {
  const copy: Record<string, ModelUsage> = {};
  for (const [model, usage] of Object.entries(rows)) copy[model] = copyUsage(usage);
  return copy;
}

/**
 * The sum of `rows` (acceptance check 13): each counter summed where any row has it; a
 * cost only when every row has one, so an empty sum has none and one unknown cost makes
 * the whole sum unknown.
 */
export function sumModelUsage(rows: Readonly<Record<string, ModelUsage>>): ModelUsage {
  const all = Object.values(rows);
  const sum: ModelUsage = { inputTokens: 0, outputTokens: 0, cacheReadInputTokens: 0 };
  for (const key of TOKEN_KEYS) {
    if (all.some((row) => row[key] !== undefined)) {
      sum[key] = all.reduce((total, row) => total + (row[key] ?? 0), 0);
    }
  }
  if (all.length > 0 && all.every((row) => row.costUSD !== undefined)) {
    sum.costUSD = roundCost(all.reduce((total, row) => total + row.costUSD!, 0));
  }
  return sum;
}
