import type { ModelInfo } from "@anthropic-ai/claude-agent-sdk";

/**
 * AIR `recommendedValue` (air-extensions.md "Recommended config values"): concrete model
 * and effort rows in place of the SDK's `default`. Pure: which row Claude recommends.
 */

/** The SDK's model row that stands for "whatever Claude recommends". */
export const DEFAULT_MODEL = "default";

/** `-1m` and `[1m]` spell the same long-context model. */
function modelKey(id: string): string {
  return id.replace(/(?:\[1m\]|-1m)$/i, "[1m]");
}

/**
 * The named model the `default` row resolves to, matched exactly (by its value or its
 * `resolvedModel`, the two 1M spellings equal); undefined when none matches, and then
 * the `default` row stays (a client never gets a recommendation it cannot select).
 */
export function recommendedModel(models: readonly ModelInfo[]): string | undefined {
  const resolved = models.find((m) => m.value === DEFAULT_MODEL)?.resolvedModel;
  if (!resolved) return undefined;
  const key = modelKey(resolved);
  return models.find(
    (m) =>
      m.value !== DEFAULT_MODEL &&
      (modelKey(m.value) === key ||
        (m.resolvedModel !== undefined && modelKey(m.resolvedModel) === key)),
  )?.value;
}

/** `medium` when the model offers it, else the first level it offers; undefined for none. */
export function recommendedEffort(levels: readonly string[]): string | undefined {
  return levels.includes("medium") ? "medium" : levels[0];
}
