import type { ModelUsage } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import {
  contextUsageUpdate,
  quotaMeta,
  toAcpUsage,
  toUsageUpdate,
  withTurnUsageKeys,
  type ApiUsage,
} from "./usage.js";

/** A `modelUsage` row; only the four token counts matter to the quota. */
function model(
  inputTokens: number,
  cacheReadInputTokens: number,
  cacheCreationInputTokens: number,
  outputTokens: number,
): ModelUsage {
  return {
    inputTokens,
    outputTokens,
    cacheReadInputTokens,
    cacheCreationInputTokens,
    webSearchRequests: 0,
    costUSD: 0.5,
    contextWindow: 200_000,
    maxOutputTokens: 32_000,
  };
}

describe("toAcpUsage", () => {
  it.each<[string, ApiUsage, ReturnType<typeof toAcpUsage>]>([
    [
      "each count in its field, the total their sum",
      {
        input_tokens: 1,
        output_tokens: 20,
        cache_read_input_tokens: 300,
        cache_creation_input_tokens: 4000,
      },
      {
        inputTokens: 1,
        outputTokens: 20,
        cachedReadTokens: 300,
        cachedWriteTokens: 4000,
        totalTokens: 4321,
      },
    ],
    [
      "missing, null and non-finite counts as 0",
      {
        input_tokens: null,
        output_tokens: Number.NaN,
        cache_read_input_tokens: Number.POSITIVE_INFINITY,
      },
      {
        inputTokens: 0,
        outputTokens: 0,
        cachedReadTokens: 0,
        cachedWriteTokens: 0,
        totalTokens: 0,
      },
    ],
    [
      "output only",
      { output_tokens: 7 },
      {
        inputTokens: 0,
        outputTokens: 7,
        cachedReadTokens: 0,
        cachedWriteTokens: 0,
        totalTokens: 7,
      },
    ],
  ])("%s", (_name, usage, expected) => {
    expect(toAcpUsage(usage)).toEqual(expected);
  });
});

describe("quotaMeta", () => {
  const turn = {
    inputTokens: 1,
    outputTokens: 20,
    cachedReadTokens: 300,
    cachedWriteTokens: 4000,
    totalTokens: 4321,
  };

  it("reports the turn's tokens and, per model, what the turn added to the running totals", () => {
    expect(
      quotaMeta(
        turn,
        { opus: model(110, 1300, 14_000, 220), haiku: model(5, 0, 0, 6) },
        { opus: model(100, 1000, 10_000, 200) },
      ),
    ).toEqual({
      token_count: {
        totalTokens: 4321,
        inputTokens: 1,
        cachedInputTokens: 300,
        cachedWriteTokens: 4000,
        outputTokens: 20,
        reasoningOutputTokens: 0,
      },
      model_usage: [
        {
          model: "opus",
          token_count: {
            totalTokens: 4330,
            inputTokens: 10,
            cachedInputTokens: 300,
            cachedWriteTokens: 4000,
            outputTokens: 20,
            reasoningOutputTokens: 0,
          },
        },
        {
          model: "haiku",
          token_count: {
            totalTokens: 11,
            inputTokens: 5,
            cachedInputTokens: 0,
            cachedWriteTokens: 0,
            outputTokens: 6,
            reasoningOutputTokens: 0,
          },
        },
      ],
    });
  });

  it("leaves out models the turn did not use, and never reports a negative share", () => {
    // A reading lower than the one before (a restarted query) counts as nothing new.
    expect(
      quotaMeta(
        turn,
        { opus: model(100, 1000, 10_000, 200), sonnet: model(1, 1, 1, 1) },
        { opus: model(100, 1000, 10_000, 200), sonnet: model(9, 9, 9, 9) },
      ).model_usage,
    ).toEqual([]);
  });

  it("counts a model with only one kind of new tokens", () => {
    const rows = (now: ModelUsage) => quotaMeta(turn, { m: now }, { m: model(1, 1, 1, 1) });
    expect(rows(model(1, 1, 1, 3)).model_usage).toEqual([
      {
        model: "m",
        token_count: {
          totalTokens: 2,
          inputTokens: 0,
          cachedInputTokens: 0,
          cachedWriteTokens: 0,
          outputTokens: 2,
          reasoningOutputTokens: 0,
        },
      },
    ]);
  });

  it("counts missing cache fields of the turn as 0", () => {
    expect(
      quotaMeta({ inputTokens: 2, outputTokens: 3, totalTokens: 5 }, {}, {}).token_count,
    ).toEqual({
      totalTokens: 5,
      inputTokens: 2,
      cachedInputTokens: 0,
      cachedWriteTokens: 0,
      outputTokens: 3,
      reasoningOutputTokens: 0,
    });
  });
});

describe("toUsageUpdate", () => {
  const lastCall: ApiUsage = {
    input_tokens: 1,
    output_tokens: 20,
    cache_read_input_tokens: 300,
    cache_creation_input_tokens: 4000,
  };

  it("reports what the next request carries against the window, with the cost in USD", () => {
    expect(toUsageUpdate(lastCall, 200_000, 0.25)).toEqual({
      sessionUpdate: "usage_update",
      used: 4321,
      size: 200_000,
      cost: { amount: 0.25, currency: "USD" },
    });
  });

  it("reports a cost of 0, and no cost when none is known", () => {
    expect(toUsageUpdate({ input_tokens: 5 }, 1000, 0)).toEqual({
      sessionUpdate: "usage_update",
      used: 5,
      size: 1000,
      cost: { amount: 0, currency: "USD" },
    });
    expect(toUsageUpdate({ output_tokens: null }, 1000, undefined)).toEqual({
      sessionUpdate: "usage_update",
      used: 0,
      size: 1000,
    });
  });

  it.each([
    ["no model call yet", undefined, 200_000],
    ["an unknown window", lastCall, undefined],
    ["a window of 0", lastCall, 0],
  ])("reports nothing for %s", (_name, call, window) => {
    expect(toUsageUpdate(call, window, 1)).toBeUndefined();
  });
});

describe("upstream's usage keys", () => {
  const INFO = { status: "allowed_warning", rateLimitType: "five_hour", utilization: 0.9 };
  it.each([
    [
      "a model call names its model",
      "claude-opus-5-5",
      undefined,
      { "_claude/model": "claude-opus-5-5" },
    ],
    ["rate-limit news comes first", "m", INFO, { "_claude/rateLimit": INFO, "_claude/model": "m" }],
    ["no model known: no model key", undefined, INFO, { "_claude/rateLimit": INFO }],
  ])("reports the context in use against the window: %s", (_name, model, info, meta) => {
    const update = contextUsageUpdate(16, 1_000_000, model, info);
    expect(update).toStrictEqual({
      sessionUpdate: "usage_update",
      used: 16,
      size: 1_000_000,
      _meta: meta,
    });
    expect(Object.keys(update._meta!)).toStrictEqual(Object.keys(meta));
  });

  it("has no _meta when it has nothing to say", () => {
    expect(contextUsageUpdate(0, 200_000, undefined)).toStrictEqual({
      sessionUpdate: "usage_update",
      used: 0,
      size: 200_000,
    });
  });

  it("marks a turn's last report as the user's, with the model of its last call", () => {
    const last = { sessionUpdate: "usage_update", used: 17, size: 100 } as const;
    expect(withTurnUsageKeys(last, "claude-opus-5-5")).toStrictEqual({
      ...last,
      _meta: { "_claude/origin": { kind: "human" }, "_claude/model": "claude-opus-5-5" },
    });
    expect(withTurnUsageKeys(last, undefined)).toStrictEqual({
      ...last,
      _meta: { "_claude/origin": { kind: "human" } },
    });
  });

  it("leaves any other update alone", () => {
    const text = {
      sessionUpdate: "agent_message_chunk",
      content: { type: "text", text: "hi" },
    } as const;
    expect(withTurnUsageKeys(text, "m")).toBe(text);
  });
});
