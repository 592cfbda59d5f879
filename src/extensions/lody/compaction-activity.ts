import type { CompactionFacts } from "../../translation/compaction.js";
import { ACTIVITY, ACTIVITY_FACTS, CONTEXT_COMPACTION_ACTIVITY, LODY_VERSION } from "./keys.js";
import { withLodyMeta } from "./lody-meta.js";

/**
 * `meta` with `lody.activity` merged in (lody-contract.md §7.5, acceptance check 24), for
 * the synthetic "Compact conversation" tool call of a Lody client without ACP
 * `session.compaction`: `{version: 1, kind: "context_compaction", automatic}` (true only
 * for a compaction the user did not ask for: Claude Code's automatic one, or the
 * adapter's idle `/compact`), and at the end the token counts before and after, or the
 * reason it failed. Never `durationMs`.
 */
export function compactionActivityMeta(
  meta: Record<string, unknown> | undefined,
  facts: CompactionFacts,
): Record<string, unknown> {
  const activity: Record<string, unknown> = {
    version: LODY_VERSION,
    kind: CONTEXT_COMPACTION_ACTIVITY,
    automatic: facts.trigger === "automatic" || facts.trigger === "idle",
  };
  if (facts.preTokens !== undefined) activity[ACTIVITY_FACTS.usedTokensBefore] = facts.preTokens;
  if (facts.postTokens !== undefined) activity[ACTIVITY_FACTS.usedTokensAfter] = facts.postTokens;
  if (facts.error !== undefined) activity[ACTIVITY_FACTS.failureReason] = facts.error;
  return withLodyMeta(meta, { [ACTIVITY]: activity });
}
