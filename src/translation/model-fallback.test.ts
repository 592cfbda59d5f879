import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import { modelFallbackNotice, modelFallbackOf } from "./model-fallback.js";

const system = (fields: Record<string, unknown>) =>
  ({ type: "system", session_id: "s", uuid: "u", ...fields }) as unknown as SDKMessage;

/** Claude Code 2.1.318's message after three 529s with `fallbackModel` set. */
const OBSERVED = system({
  subtype: "model_fallback",
  trigger: "overloaded",
  original_model: "claude-opus-5-5",
  fallback_model: "claude-haiku-4-5",
  content:
    "Switched to Haiku 4.5 due to high demand for Opus 5.5 · context window 1M → 200K tokens",
});

describe("modelFallbackOf", () => {
  it.each([
    [
      "Claude Code's own text",
      OBSERVED,
      {
        trigger: "overloaded",
        originalModel: "claude-opus-5-5",
        fallbackModel: "claude-haiku-4-5",
        text: "Switched to Haiku 4.5 due to high demand for Opus 5.5 · context window 1M → 200K tokens",
      },
    ],
    [
      "no text: one made from the models",
      system({ subtype: "model_fallback", original_model: "a", fallback_model: "b" }),
      {
        trigger: undefined,
        originalModel: "a",
        fallbackModel: "b",
        text: "Switched to b (from a).",
      },
    ],
    [
      "no text, no original model",
      system({ subtype: "model_fallback", fallback_model: "b", content: "  " }),
      { trigger: undefined, originalModel: undefined, fallbackModel: "b", text: "Switched to b." },
    ],
    [
      "a refused message retried on the fallback model",
      system({
        subtype: "model_refusal_fallback",
        trigger: "refusal",
        original_model: "claude-fable-5",
        fallback_model: "claude-opus-4-8",
        content: "Switched to Opus 4.8",
      }),
      {
        trigger: "refusal",
        originalModel: "claude-fable-5",
        fallbackModel: "claude-opus-4-8",
        text: "Switched to Opus 4.8",
      },
    ],
    [
      "a refusal without a fallback: nothing (the turn ends with its stop reason)",
      system({ subtype: "model_refusal_no_fallback", original_model: "a", fallback_model: "b" }),
      undefined,
    ],
    ["no fallback model: nothing", system({ subtype: "model_fallback", content: "x" }), undefined],
    ["another system message", system({ subtype: "api_retry", fallback_model: "b" }), undefined],
    [
      "not a system message",
      {
        type: "assistant",
        subtype: "model_fallback",
        fallback_model: "b",
      } as unknown as SDKMessage,
      undefined,
    ],
  ])("%s", (_name, message, expected) => {
    expect(modelFallbackOf(message)).toStrictEqual(expected);
  });
});

describe("modelFallbackNotice", () => {
  it("titles the notice and describes it with the text", () => {
    expect(modelFallbackNotice(modelFallbackOf(OBSERVED)!)).toStrictEqual({
      title: "Model fallback",
      description:
        "Switched to Haiku 4.5 due to high demand for Opus 5.5 · context window 1M → 200K tokens",
    });
  });
});
