import type { ModelInfo } from "@anthropic-ai/claude-agent-sdk";
import type { SessionConfigOption } from "@agentclientprotocol/sdk/unstable";

const CONTEXT_SUFFIX = /\s*[([]\s*\d+[kKmM]\s*(?:token\s*)?context\s*[)\]]\s*$/;

/**
 * A clean label per model: a short family label ("Sonnet") gets its concrete version
 * from the model's description ("Sonnet 5.5 · …" → "Sonnet 5.5"); context suffixes are
 * dropped. Labels that would then collide keep their original text.
 */
export function modelLabels(models: readonly ModelInfo[]): Map<string, string> {
  const proposed = models.map((m) => {
    const base = m.displayName.replace(CONTEXT_SUFFIX, "").trim();
    const versioned = new RegExp(`^${escapeRegExp(base)}\\s+(\\d+(?:\\.\\d+)*)\\b`).exec(
      m.description,
    );
    return [m.value, versioned ? `${base} ${versioned[1]}` : base] as const;
  });
  const counts = new Map<string, number>();
  for (const [, label] of proposed) counts.set(label, (counts.get(label) ?? 0) + 1);
  return new Map(
    proposed.map(([value, label], i) => [
      value,
      counts.get(label)! > 1 ? models[i]!.displayName : label,
    ]),
  );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The `model` config option from Claude Code's model list. */
export function modelOption(models: readonly ModelInfo[], current: string): SessionConfigOption {
  const labels = modelLabels(models);
  return {
    id: "model",
    name: "Model",
    category: "model",
    type: "select",
    currentValue: current,
    options: models.map((m) => ({
      value: m.value,
      name: labels.get(m.value) ?? m.displayName,
      ...(m.description ? { description: m.description } : {}),
    })),
  };
}

const EFFORT_NAMES: Record<string, string> = {
  default: "Default",
  low: "Low",
  medium: "Medium",
  high: "High",
  xhigh: "Extra high",
  max: "Max",
};

/** The effort levels a model supports, or none. */
export function effortLevels(model: ModelInfo | undefined): string[] {
  return model?.supportsEffort && model.supportedEffortLevels
    ? [...model.supportedEffortLevels]
    : [];
}

/** The effort config option (`category: "thought_level"`), for a model that supports effort. */
export function effortOption(levels: readonly string[], current: string): SessionConfigOption {
  return {
    id: "effort",
    name: "Effort",
    category: "thought_level",
    type: "select",
    currentValue: current,
    options: ["default", ...levels].map((value) => ({ value, name: EFFORT_NAMES[value] ?? value })),
  };
}
