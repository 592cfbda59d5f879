import { describe, expect, it } from "vitest";
import { observedResponse } from "./turn-quota.js";

const tokens = (input: number, cachedRead: number, cachedWrite: number, output: number) => ({
  totalTokens: input + cachedRead + cachedWrite + output,
  inputTokens: input,
  cachedInputTokens: cachedRead,
  cachedWriteTokens: cachedWrite,
  outputTokens: output,
  reasoningOutputTokens: 0,
});

describe("observedResponse", () => {
  it("sums what the turn spent, and splits it by model", () => {
    expect(
      observedResponse("cancelled", {
        opus: {
          input_tokens: 10,
          output_tokens: 2,
          cache_read_input_tokens: 3,
          cache_creation_input_tokens: 4,
        },
        haiku: { input_tokens: 5, output_tokens: 1 },
      }),
    ).toStrictEqual({
      stopReason: "cancelled",
      usage: {
        inputTokens: 15,
        outputTokens: 3,
        cachedReadTokens: 3,
        cachedWriteTokens: 4,
        totalTokens: 25,
      },
      _meta: {
        quota: {
          token_count: tokens(15, 3, 4, 3),
          model_usage: [
            { model: "opus", token_count: tokens(10, 3, 4, 2) },
            { model: "haiku", token_count: tokens(5, 0, 0, 1) },
          ],
        },
      },
    });
  });

  it("counts what is not a finite number as nothing", () => {
    const response = observedResponse("cancelled", {
      m: {
        input_tokens: Number.NaN,
        output_tokens: Number.POSITIVE_INFINITY,
        cache_read_input_tokens: 2,
      },
    });
    expect(response.usage).toStrictEqual({
      inputTokens: 0,
      outputTokens: 0,
      cachedReadTokens: 2,
      cachedWriteTokens: 0,
      totalTokens: 2,
    });
    expect(response._meta).toStrictEqual({
      quota: {
        token_count: tokens(0, 2, 0, 0),
        model_usage: [{ model: "m", token_count: tokens(0, 2, 0, 0) }],
      },
    });
  });

  it("answers zero usage, and no model rows, for a turn that spent nothing", () => {
    expect(
      observedResponse("end_turn", { idle: { input_tokens: 0, output_tokens: null } }),
    ).toStrictEqual({
      stopReason: "end_turn",
      usage: {
        inputTokens: 0,
        outputTokens: 0,
        cachedReadTokens: 0,
        cachedWriteTokens: 0,
        totalTokens: 0,
      },
      _meta: { quota: { token_count: tokens(0, 0, 0, 0), model_usage: [] } },
    });
  });
});
