import type { ModelInfo } from "@anthropic-ai/claude-agent-sdk";
import { DEFAULT_MODEL } from "./recommended-values.js";

/**
 * A model id as a gateway and Claude Code can both spell it: without Claude Code's
 * `[1m]` context marker and without a snapshot date (`claude-haiku-4-5-20251001` is
 * `claude-haiku-4-5`).
 */
function baseId(id: string): string {
  return id.replace(/\[1m\]$/i, "").replace(/-\d{8}$/, "");
}

/**
 * Claude Code's model rows that a gateway serves (features 1g "gateway listing"): with
 * the gateway's list (`listed`), a row stays when the gateway lists its value or the id
 * it resolves to; Claude Code's `default` row stays when it resolves to a listed model,
 * or, resolving to nothing Claude Code names, when any other row stays. A gateway that
 * lists none leaves no row (the session offers no model option). Without a list, every
 * row stays.
 */
export function narrowToListed(
  models: readonly ModelInfo[],
  listed: readonly string[] | undefined,
): readonly ModelInfo[] {
  if (!listed) return models;
  const served = new Set(listed.map(baseId));
  const serves = (m: ModelInfo): boolean =>
    served.has(baseId(m.value)) ||
    (m.resolvedModel !== undefined && served.has(baseId(m.resolvedModel)));
  const kept = models.filter((m) => m.value !== DEFAULT_MODEL && serves(m));
  return models.filter((m) =>
    m.value === DEFAULT_MODEL ? (m.resolvedModel ? serves(m) : kept.length > 0) : kept.includes(m),
  );
}

/**
 * Claude Code (0.3.318) lists the model it was started with as a "Custom model" entry of
 * its own when it knows no such model: that entry is not an offer.
 */
const STARTED_MODEL_ENTRY = "Custom model";

/**
 * The models a session offers of Claude Code's list: without its own entry for the
 * client's model (`startedWith`) when it does not know it, and behind an endpoint that
 * lists its models (`listed`), only those it serves.
 */
export function offeredModels(
  models: readonly ModelInfo[],
  startedWith: string | undefined,
  listed: readonly string[] | undefined,
): readonly ModelInfo[] {
  const own = (m: ModelInfo): boolean =>
    m.value === startedWith && m.description === STARTED_MODEL_ENTRY;
  return narrowToListed(
    models.filter((m) => !own(m)),
    listed,
  );
}
