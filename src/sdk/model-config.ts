import { log } from "../util/log.js";
import { isRecord } from "../util/plain-data.js";

/**
 * `CLAUDE_MODEL_CONFIG` (features 1q): a JSON object of Claude settings for the model
 * side of a deployment (a provider's `modelOverrides`, `availableModels`, …), placed
 * under the SDK's programmatic settings: a client's own `options.settings` object wins
 * key by key, and a client's settings file path (a string) wins whole. Anything but a
 * JSON object is ignored with a warning; the session still starts.
 */
export function modelConfigSettings(
  env: Readonly<Record<string, string | undefined>>,
): Record<string, unknown> | undefined {
  const text = env.CLAUDE_MODEL_CONFIG;
  if (text === undefined || text.trim() === "") return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (isRecord(parsed)) return parsed;
  } catch {
    // reported below, like any other value that is not an object
  }
  log.warn("CLAUDE_MODEL_CONFIG is not a JSON object: ignored");
  return undefined;
}

/** The programmatic settings of a query: `CLAUDE_MODEL_CONFIG` under the client's. */
export function programmaticSettings(
  modelConfig: Record<string, unknown> | undefined,
  clientSettings: unknown,
): unknown {
  if (!modelConfig || typeof clientSettings === "string") return clientSettings;
  return isRecord(clientSettings) ? { ...modelConfig, ...clientSettings } : modelConfig;
}
