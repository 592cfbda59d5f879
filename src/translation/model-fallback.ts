import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";

/**
 * Claude Code switched the turn to another model (its `fallbackModel` after repeated
 * overload errors, or a model the account cannot use). Claude Code 2.1.318 says so with
 * a `system` `model_fallback` message that the SDK's `SDKMessage` union does not type:
 * `{trigger, original_model, fallback_model, content}`, `content` being the text it
 * shows its own users ("Switched to Haiku 4.5 due to high demand for Opus 5.5 · …").
 */
export interface ModelFallback {
  /** What made Claude Code switch (`overloaded`, …), when it said. */
  readonly trigger: string | undefined;
  readonly originalModel: string | undefined;
  readonly fallbackModel: string;
  /** The user-facing text: Claude Code's own, else one made from the models. */
  readonly text: string;
}

/** The title of the notice (features.md "notice"); the description is the text. */
export const MODEL_FALLBACK_TITLE = "Model fallback";

/**
 * The `system` messages of a switch: `model_fallback`, and `model_refusal_fallback` (the
 * model's safeguards flagged a message and Claude Code retried it on its fallback model,
 * on its own or as the user chose in the refusal dialog).
 */
const FALLBACK_SUBTYPES: ReadonlySet<unknown> = new Set([
  "model_fallback",
  "model_refusal_fallback",
]);

/** A `system` message of a model switch → the fallback; undefined for anything else. */
export function modelFallbackOf(message: SDKMessage): ModelFallback | undefined {
  if (message.type !== "system") return undefined;
  const raw = message as unknown as Record<string, unknown>;
  if (!FALLBACK_SUBTYPES.has(raw.subtype)) return undefined;
  const fallbackModel = text(raw.fallback_model);
  if (fallbackModel === undefined) return undefined;
  const originalModel = text(raw.original_model);
  const own = originalModel
    ? `Switched to ${fallbackModel} (from ${originalModel}).`
    : `Switched to ${fallbackModel}.`;
  return {
    trigger: text(raw.trigger),
    originalModel,
    fallbackModel,
    text: text(raw.content) ?? own,
  };
}

/** The notice a client is shown for a fallback: `{title, description}`. */
export function modelFallbackNotice(fallback: ModelFallback): {
  title: string;
  description: string;
} {
  return { title: MODEL_FALLBACK_TITLE, description: fallback.text };
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}
