import type { CompactionFacts, CompactionForm } from "../../translation/compaction.js";
import { withAirMeta } from "./air-meta.js";
import { AIR_VERSION, CONTEXT_COMPACTION } from "./keys.js";

/**
 * `meta` with `jetbrains.air.contextCompaction` merged in (air-extensions.md "Context
 * compaction"): `{version: 1, trigger?, preTokens?, postTokens?, durationMs?, error?}`
 * with the facts known so far. Only the tool call form carries `error`: the
 * `compaction_update` form has the standard `error` field for it. `trigger` is `manual`
 * or `automatic` only: the adapter's own idle compaction is `automatic` here (the user
 * did not ask for it); the tool call's `rawOutput` keeps the adapter's `idle`.
 */
export function contextCompactionMeta(
  meta: Record<string, unknown> | undefined,
  facts: CompactionFacts,
  form: CompactionForm,
): Record<string, unknown> {
  const record: Record<string, unknown> = { version: AIR_VERSION };
  if (facts.trigger !== undefined)
    record.trigger = facts.trigger === "idle" ? "automatic" : facts.trigger;
  if (facts.preTokens !== undefined) record.preTokens = facts.preTokens;
  if (facts.postTokens !== undefined) record.postTokens = facts.postTokens;
  if (facts.durationMs !== undefined) record.durationMs = facts.durationMs;
  if (form === "tool_call" && facts.error !== undefined) record.error = facts.error;
  return withAirMeta(meta, { [CONTEXT_COMPACTION]: record });
}
