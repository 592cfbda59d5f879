import { ownField } from "../../util/plain-data.js";
import { roundCost, type ModelUsage } from "./model-usage.js";

/**
 * What one Claude Code query has spent, read from each `result`'s `modelUsage`
 * (lody-contract.md §5, Claude ref): the SDK reports query-wide running totals per model
 * (subagents included), so what a result added is its reading minus the last one.
 */

/** Where a query's reading starts (a resumed session continues from its transcript). */
export type UsageSeed =
  | { readonly kind: "zero" }
  /** The transcript's last `cost-state` record: Claude Code restores it on resume. */
  | { readonly kind: "saved"; readonly state: SavedCost }
  /** The transcript could not be read: the first result only sets the reading. */
  | { readonly kind: "anchor" };

/** A transcript's `cost-state`: per model totals, and whether a price was a guess. */
export interface SavedCost {
  readonly modelUsage: Readonly<Record<string, unknown>>;
  readonly hasUnknownModelCost: boolean;
}

/** One model's running totals in disjoint buckets; `cost` undefined when unknown. */
interface Buckets {
  readonly input: number;
  readonly output: number;
  readonly reasoning: number | undefined;
  readonly cacheRead: number;
  readonly cacheCreation: number;
  readonly webSearch: number;
  readonly cost: number | undefined;
  readonly contextWindow: number | undefined;
  /** Claude Code priced the model's latest request at a guessed rate. */
  readonly unknownBasis: boolean;
}

const ZERO: Buckets = {
  input: 0,
  output: 0,
  reasoning: undefined,
  cacheRead: 0,
  cacheCreation: 0,
  webSearch: 0,
  cost: 0,
  contextWindow: undefined,
  unknownBasis: false,
};

/** A finite non-negative number, else undefined. */
function amount(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : undefined;
}

/**
 * Claude Code's `ModelUsage` (SDK 0.3.318) as disjoint buckets: its `thinkingTokens`
 * are already inside `outputTokens`, so they move out to `reasoning`; without them the
 * output stays whole and there is no reasoning bucket.
 */
function bucketsOf(row: unknown, costKnown: boolean): Buckets {
  const output = amount(ownField(row, "outputTokens")) ?? 0;
  const thinking = amount(ownField(row, "thinkingTokens"));
  const reasoning = thinking === undefined ? undefined : Math.min(thinking, output);
  return {
    input: amount(ownField(row, "inputTokens")) ?? 0,
    output: output - (reasoning ?? 0),
    reasoning,
    cacheRead: amount(ownField(row, "cacheReadInputTokens")) ?? 0,
    cacheCreation: amount(ownField(row, "cacheCreationInputTokens")) ?? 0,
    webSearch: amount(ownField(row, "webSearchRequests")) ?? 0,
    cost: costKnown ? amount(ownField(row, "costUSD")) : undefined,
    contextWindow: amount(ownField(row, "contextWindow")) || undefined,
    unknownBasis: ownField(row, "costBasis") === "unknown",
  };
}

function isZero(b: Buckets): boolean {
  return (
    b.input + b.output + (b.reasoning ?? 0) + b.cacheRead + b.cacheCreation + b.webSearch === 0 &&
    !b.cost
  );
}

/** What a counter added: a counter below the last reading was reset, so all of it is new. */
function added(now: number, before: number): number {
  return now < before ? now : now - before;
}

function rowsOf(modelUsage: unknown, costKnown: boolean): Map<string, Buckets> {
  const rows = new Map<string, Buckets>();
  if (modelUsage === null || typeof modelUsage !== "object") return rows;
  for (const model of Object.keys(modelUsage)) {
    rows.set(model, bucketsOf(ownField(modelUsage, model), costKnown));
  }
  return rows;
}

/** The reading of one query: feed it each result's `modelUsage`, in order. */
export class UsageReading {
  private readonly last: Map<string, Buckets>;
  /** Models priced at a guessed rate in this query: their cost stays unknown from then on. */
  private readonly unpriced = new Set<string>();
  private anchoring: boolean;

  constructor(seed: UsageSeed) {
    this.anchoring = seed.kind === "anchor";
    this.last =
      seed.kind === "saved"
        ? rowsOf(seed.state.modelUsage, !seed.state.hasUnknownModelCost)
        : new Map();
  }

  /**
   * What the result with `modelUsage` added, per model, or undefined when it added
   * nothing. A result of all zeros (Claude Code's crash results) keeps the reading.
   */
  add(modelUsage: unknown): Record<string, ModelUsage> | undefined {
    const rows = rowsOf(modelUsage, true);
    if ([...rows.values()].every(isZero)) return undefined;
    const delta: Record<string, ModelUsage> = {};
    for (const [model, now] of rows) {
      if (now.unknownBasis) this.unpriced.add(model);
      const before = this.last.get(model) ?? ZERO;
      this.last.set(model, now);
      const usage = this.added(model, now, before);
      if (usage) delta[model] = usage;
    }
    if (this.anchoring) {
      this.anchoring = false;
      return undefined;
    }
    return Object.keys(delta).length > 0 ? delta : undefined;
  }

  private added(model: string, now: Buckets, before: Buckets): ModelUsage | undefined {
    const reasoning = now.reasoning === undefined ? 0 : added(now.reasoning, before.reasoning ?? 0);
    const usage: ModelUsage = {
      inputTokens: added(now.input, before.input),
      outputTokens: added(now.output, before.output),
      cacheReadInputTokens: added(now.cacheRead, before.cacheRead),
      cacheCreationInputTokens: added(now.cacheCreation, before.cacheCreation),
    };
    if (reasoning > 0) usage.reasoningOutputTokens = reasoning;
    const webSearch = added(now.webSearch, before.webSearch);
    if (webSearch > 0) usage.webSearchRequests = webSearch;
    // A delta's cost needs both totals known, and a model never priced at a guess.
    const cost =
      this.unpriced.has(model) || now.cost === undefined || before.cost === undefined
        ? undefined
        : roundCost(added(now.cost, before.cost));
    const tokens =
      usage.inputTokens +
      usage.outputTokens +
      usage.cacheReadInputTokens +
      usage.cacheCreationInputTokens! +
      reasoning +
      webSearch;
    if (tokens === 0 && !cost) return undefined;
    if (cost !== undefined) usage.costUSD = cost;
    if (now.contextWindow !== undefined) usage.contextWindow = now.contextWindow;
    return usage;
  }
}
