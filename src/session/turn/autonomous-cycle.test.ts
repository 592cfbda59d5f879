import type { SDKResultMessage } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import { turnFailed } from "../../util/adapter-error.js";
import { cycleEnd } from "./autonomous-cycle.js";

const result = (fields: Record<string, unknown>) =>
  ({
    type: "result",
    subtype: "success",
    is_error: false,
    result: "done",
    stop_reason: "end_turn",
    total_cost_usd: 0.25,
    usage: { input_tokens: 10, output_tokens: 20 },
    modelUsage: {
      opus: {
        inputTokens: 10,
        outputTokens: 20,
        cacheReadInputTokens: 0,
        cacheCreationInputTokens: 0,
        webSearchRequests: 0,
        costUSD: 0.25,
        contextWindow: 200_000,
        maxOutputTokens: 32_000,
      },
    },
    ...fields,
  }) as unknown as SDKResultMessage;

const facts = {
  assistantError: undefined,
  lastCallUsage: { input_tokens: 5, output_tokens: 6 },
  modelUsageBefore: {},
};

describe("cycleEnd", () => {
  it.each([
    [
      "a finished cycle: its context usage",
      result({}),
      {
        updates: [
          {
            sessionUpdate: "usage_update",
            used: 11,
            size: 200_000,
            cost: { amount: 0.25, currency: "USD" },
          },
        ],
        event: {
          kind: "ended",
          response: {
            stopReason: "end_turn",
            usage: {
              inputTokens: 10,
              outputTokens: 20,
              cachedReadTokens: 0,
              cachedWriteTokens: 0,
              totalTokens: 30,
            },
            _meta: expect.anything(),
          },
        },
      },
    ],
    [
      "a failed cycle: why, as text (no prompt to fail)",
      result({
        subtype: "error_during_execution",
        is_error: true,
        errors: ["API Error: 500 boom"],
      }),
      {
        updates: [
          {
            sessionUpdate: "agent_message_chunk",
            content: {
              type: "text",
              text: "Claude could not finish its follow-up: API Error: 500 boom",
            },
          },
        ],
        event: { kind: "failed", error: turnFailed("API Error: 500 boom") },
      },
    ],
  ])("%s", (_name, message, end) => {
    expect(cycleEnd(message, facts)).toStrictEqual(end);
  });
});
