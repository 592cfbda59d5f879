import {
  copyModelUsage,
  roundCost,
  sumModelUsage,
  TOKEN_KEYS,
  type ModelUsage,
} from "./model-usage.js";

/** A usage update's accounting part: the totals and what the last report added. */
export interface UsageTotals {
  readonly usage: ModelUsage;
  readonly modelUsage: Record<string, ModelUsage>;
  readonly delta: { readonly usage: ModelUsage; readonly modelUsage: Record<string, ModelUsage> };
}

/** Merges a repeated report of one operation: each counter by max, so it never counts twice. */
function merged(old: ModelUsage | undefined, row: ModelUsage): ModelUsage {
  if (!old) return { ...row };
  const out: ModelUsage = { ...old };
  for (const key of TOKEN_KEYS) {
    if (row[key] !== undefined) out[key] = Math.max(old[key] ?? 0, row[key]);
  }
  if (row.costUSD !== undefined)
    out.costUSD = old.costUSD === undefined ? row.costUSD : Math.max(old.costUSD, row.costUSD);
  if (row.contextWindow !== undefined) out.contextWindow = row.contextWindow;
  return out;
}

/** `now - before` per model; a cost only when both totals are known; unchanged models left out. */
function difference(
  now: Readonly<Record<string, ModelUsage>>,
  before: Readonly<Record<string, ModelUsage>>,
): Record<string, ModelUsage> {
  const delta: Record<string, ModelUsage> = {};
  for (const [model, row] of Object.entries(now)) {
    const old = before[model];
    const d: ModelUsage = { inputTokens: 0, outputTokens: 0, cacheReadInputTokens: 0 };
    let changed = false;
    for (const key of TOKEN_KEYS) {
      if (row[key] === undefined) continue;
      d[key] = row[key] - (old?.[key] ?? 0);
      changed ||= d[key] !== 0;
    }
    const oldCost = old ? old.costUSD : 0;
    if (row.costUSD !== undefined && oldCost !== undefined) {
      d.costUSD = roundCost(row.costUSD - oldCost);
      changed ||= d.costUSD !== 0;
    }
    if (changed) delta[model] = d;
  }
  return delta;
}

/**
 * A client's account of usage reports in one scope (lody-contract.md §5, the Core
 * helper): counters per operation id merge by max, so a later, fuller report corrects
 * an earlier one without counting twice; the totals are the per-model sums over the
 * operations (a cost only when every operation's row has one); an unchanged report
 * yields nothing. What it returns is a detached copy.
 */
export class UsageLedger {
  private readonly operations = new Map<string, Record<string, ModelUsage>>();
  private totals: Record<string, ModelUsage> = {};

  report(operationId: string, rows: Readonly<Record<string, ModelUsage>>): UsageTotals | undefined {
    const operation = this.operations.get(operationId) ?? {};
    for (const [model, row] of Object.entries(rows))
      operation[model] = merged(operation[model], row);
    this.operations.set(operationId, operation);
    const totals = this.sum();
    const delta = difference(totals, this.totals);
    this.totals = totals;
    if (Object.keys(delta).length === 0) return undefined;
    return {
      usage: sumModelUsage(delta),
      modelUsage: copyModelUsage(totals),
      delta: { usage: sumModelUsage(delta), modelUsage: delta },
    };
  }

  private sum(): Record<string, ModelUsage> {
    const byModel: Record<string, Record<string, ModelUsage>> = {};
    for (const [id, operation] of this.operations) {
      for (const [model, row] of Object.entries(operation)) (byModel[model] ??= {})[id] = row;
    }
    const totals: Record<string, ModelUsage> = {};
    for (const [model, rows] of Object.entries(byModel)) totals[model] = sumModelUsage(rows);
    return totals;
  }
}
