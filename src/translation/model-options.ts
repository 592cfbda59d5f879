import type { ModelInfo } from "@anthropic-ai/claude-agent-sdk";
import type { SessionConfigOption } from "@agentclientprotocol/sdk/unstable";
import { DEFAULT_MODEL } from "./recommended-values.js";
import { modelDescription, modelLabels } from "./model-rows.js";

/** The `_meta` that names a config option's recommended value (AIR `recommendedValue`). */
export type RecommendedValueMeta = (value: string) => Record<string, unknown>;

declare module "../profile/hooks.js" {
  interface ExtensionHooks {
    /** How the client's extension learns the recommended model and effort (AIR's). */
    readonly recommendedValueMeta?: RecommendedValueMeta;
  }
}

/**
 * The `model` config option from Claude Code's model list, its rows named and described
 * as upstream's (`model-rows.ts`). With a `recommended` named
 * model (AIR `recommendedValue`), the `default` row goes and the option names the
 * recommendation in its `_meta` (`meta`, the client extension's).
 */
export function modelOption(
  models: readonly ModelInfo[],
  current: string,
  recommended?: string,
  meta?: RecommendedValueMeta,
): SessionConfigOption {
  const rows = recommended ? models.filter((m) => m.value !== DEFAULT_MODEL) : models;
  const labels = modelLabels(models);
  return {
    id: "model",
    name: "Model",
    description: "AI model to use",
    category: "model",
    type: "select",
    currentValue: current,
    options: rows.map((m) => ({
      value: m.value,
      name: labels.get(m.value) ?? m.displayName,
      description: modelDescription(models, m),
    })),
    ...(recommended && meta ? { _meta: meta(recommended) } : {}),
  };
}

const EFFORT_NAMES: Record<string, string> = {
  default: "Default",
  low: "Low",
  medium: "Medium",
  high: "High",
  xhigh: "Xhigh",
  max: "Max",
};

/** The name of an effort level ("medium" → "Medium"). */
export function effortName(level: string): string {
  return EFFORT_NAMES[level] ?? level;
}

/** The effort levels a model supports, or none. */
export function effortLevels(model: ModelInfo | undefined): string[] {
  return model?.supportsEffort && model.supportedEffortLevels
    ? [...model.supportedEffortLevels]
    : [];
}

/**
 * The effort config option (`category: "thought_level"`), for a model that supports
 * effort. With a `recommended` level (AIR `recommendedValue`) there is no `default` row
 * and the option names the recommendation in its `_meta` (`meta`, the client extension's).
 */
export function effortOption(
  levels: readonly string[],
  current: string,
  recommended?: string,
  meta?: RecommendedValueMeta,
): SessionConfigOption {
  const values = recommended ? levels : ["default", ...levels];
  return {
    id: "effort",
    name: "Effort",
    description: "Available effort levels for this model",
    category: "thought_level",
    type: "select",
    currentValue: current,
    options: values.map((value) => ({ value, name: EFFORT_NAMES[value] ?? value })),
    ...(recommended && meta ? { _meta: meta(recommended) } : {}),
  };
}

/**
 * The row of the `model` option that runs `resolved` (the model id of a response, such
 * as a subagent's): the current row when it runs that model, else another row that
 * resolves to it; undefined when no row does.
 */
export function runningModelRow(
  models: readonly ModelInfo[],
  current: string,
  resolved: string,
): { value: string; name: string } | undefined {
  const row =
    models.find(
      (m) => m.value === current && (m.value === resolved || m.resolvedModel === resolved),
    ) ?? namedModelRow(models, resolved);
  if (!row) return undefined;
  return { value: row.value, name: modelLabels(models).get(row.value) ?? row.displayName };
}

/**
 * The row other than `default` (which names no model of its own) that runs `model`: by
 * its value (an alias, "sonnet") or its resolved id (`claude-sonnet-5`).
 */
export function namedModelRow(models: readonly ModelInfo[], model: string): ModelInfo | undefined {
  return models.find(
    (m) => m.value !== DEFAULT_MODEL && (m.value === model || m.resolvedModel === model),
  );
}

/**
 * The row a session starts on for its start `model`: the client's or the settings' as it
 * is; a resumed session's (`restored`, the model its transcript last ran, a resolved id)
 * as upstream shows it: `default` when Claude Code's default runs that model, so a
 * session that ran on the default stays on it, else the model itself (whose row is found
 * as for any start model).
 */
export function startModelRow(
  models: readonly ModelInfo[],
  model: string | undefined,
  restored: string | undefined,
): string | undefined {
  if (model === undefined || model !== restored) return model;
  const defaultRow = models.find((m) => m.value === DEFAULT_MODEL);
  return defaultRow?.resolvedModel === model ? DEFAULT_MODEL : model;
}
