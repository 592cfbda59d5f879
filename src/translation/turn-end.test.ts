import type { ModelUsage, SDKResultMessage } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import { idleTurnEnd, NO_RESULT_TEXT, turnEnd, type TurnFacts } from "./turn-end.js";

function model(inputTokens: number, outputTokens: number, contextWindow: number): ModelUsage {
  return {
    inputTokens,
    outputTokens,
    cacheReadInputTokens: 0,
    cacheCreationInputTokens: 0,
    webSearchRequests: 0,
    costUSD: 0,
    contextWindow,
    maxOutputTokens: 32_000,
  };
}

function result(fields: Record<string, unknown>): SDKResultMessage {
  return {
    type: "result",
    subtype: "success",
    is_error: false,
    result: "done",
    stop_reason: "end_turn",
    total_cost_usd: 0.5,
    usage: {
      input_tokens: 10,
      output_tokens: 20,
      cache_read_input_tokens: 30,
      cache_creation_input_tokens: 40,
    },
    modelUsage: { opus: model(110, 220, 200_000) },
    ...fields,
  } as unknown as SDKResultMessage;
}

const facts: TurnFacts = {
  assistantError: undefined,
  lastCallUsage: { input_tokens: 5, output_tokens: 6 },
  modelUsageBefore: { opus: model(100, 200, 200_000) },
};

const tokens = (input: number, cachedRead: number, cachedWrite: number, output: number) => ({
  totalTokens: input + cachedRead + cachedWrite + output,
  inputTokens: input,
  cachedInputTokens: cachedRead,
  cachedWriteTokens: cachedWrite,
  outputTokens: output,
  reasoningOutputTokens: 0,
});

describe("turnEnd", () => {
  it("answers with the stop reason, the turn's usage and quota, after a usage update", () => {
    expect(turnEnd(result({}), facts)).toEqual({
      kind: "response",
      updates: [
        {
          sessionUpdate: "usage_update",
          used: 11,
          size: 200_000,
          cost: { amount: 0.5, currency: "USD" },
        },
      ],
      response: {
        stopReason: "end_turn",
        usage: {
          inputTokens: 10,
          outputTokens: 20,
          cachedReadTokens: 30,
          cachedWriteTokens: 40,
          totalTokens: 100,
        },
        _meta: {
          quota: {
            token_count: tokens(10, 30, 40, 20),
            model_usage: [{ model: "opus", token_count: tokens(10, 0, 0, 20) }],
          },
        },
      },
    });
  });

  it("adds the tokens of an earlier query of the same turn", () => {
    const end = turnEnd(result({}), {
      ...facts,
      carriedUsage: { input_tokens: 1, output_tokens: 2, cache_read_input_tokens: 3 },
    });
    expect(end.kind === "response" && end.response.usage).toEqual({
      inputTokens: 11,
      outputTokens: 22,
      cachedReadTokens: 33,
      cachedWriteTokens: 40,
      totalTokens: 106,
    });
  });

  it("sends no usage update without a model call or a context window", () => {
    const noCall = turnEnd(result({}), { ...facts, lastCallUsage: undefined });
    expect(noCall.kind === "response" && noCall.updates).toEqual([]);
    const noModels = turnEnd(result({ modelUsage: undefined }), facts);
    expect(noModels).toMatchObject({
      kind: "response",
      updates: [],
      response: { _meta: { quota: { model_usage: [] } } },
    });
  });

  it("ends with the error of a failed turn", () => {
    expect(turnEnd(result({ is_error: true, result: "Not logged in" }), facts)).toEqual({
      kind: "error",
      text: "Not logged in",
      auth: true,
    });
  });
});

describe("turnEnd after a refusal the user kept", () => {
  /** Claude Code 2.1.318's result after "edit the prompt" (an interrupt of its own). */
  const stopped = result({
    subtype: "error_during_execution",
    is_error: true,
    stop_reason: null,
    terminal_reason: "aborted_streaming",
    errors: ["[ede_diagnostic] result_type=user last_content_type=n/a stop_reason=null"],
  });

  it("the stopped turn ends as a refusal, not an error", () => {
    expect(turnEnd(stopped, { ...facts, refusalKept: true })).toMatchObject({
      kind: "response",
      response: { stopReason: "refusal" },
    });
  });

  it.each([
    ["without the user's choice, the same result is an error", stopped, false, "error"],
    ["a retry that answered is the answer's", result({}), true, "response"],
  ] as const)("%s", (_, ended, refusalKept, kind) => {
    expect(turnEnd(ended, { ...facts, refusalKept }).kind).toBe(kind);
  });
});

describe("idleTurnEnd", () => {
  it.each([
    ["a local command ends the turn", "/compact", { kind: "stop", stopReason: "end_turn" }],
    ["also after blanks", "  /context", { kind: "stop", stopReason: "end_turn" }],
    ["any other prompt fails", "fix the bug", { kind: "error", text: NO_RESULT_TEXT, auth: false }],
    ["an image-only prompt fails", "", { kind: "error", text: NO_RESULT_TEXT, auth: false }],
  ])("%s", (_name, text, outcome) => {
    expect(idleTurnEnd(text)).toStrictEqual(outcome);
  });
});
