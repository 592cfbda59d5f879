import type { SDKMessage, SDKResultMessage } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import { apiRetryOf, TurnFailureFacts } from "./sdk-facts.js";

/** SDK messages with only the fields read here (shapes of Claude Code 2.1.318). */
const sdk = (fields: Record<string, unknown>) => fields as unknown as SDKMessage;
const result = (fields: Record<string, unknown>) =>
  ({
    type: "result",
    subtype: "success",
    is_error: true,
    result: "",
    ...fields,
  }) as unknown as SDKResultMessage;

function assistant(fields: Record<string, unknown>, text?: string, model = "claude-x"): SDKMessage {
  return sdk({
    type: "assistant",
    parent_tool_use_id: null,
    message: { model, content: text === undefined ? [] : [{ type: "text", text }] },
    ...fields,
  });
}

describe("apiRetryOf", () => {
  it("reads an api_retry", () => {
    expect(
      apiRetryOf(
        sdk({
          type: "system",
          subtype: "api_retry",
          attempt: 2,
          max_retries: 3,
          retry_delay_ms: 1017,
          error_status: 529,
          error: "overloaded",
        }),
      ),
    ).toEqual({ attempt: 2, maxRetries: 3, error: "overloaded", status: 529 });
  });

  it("a retry without a status has a null one", () => {
    expect(
      apiRetryOf(
        sdk({ type: "system", subtype: "api_retry", attempt: 1, max_retries: 2, error: "unknown" }),
      ),
    ).toEqual({ attempt: 1, maxRetries: 2, error: "unknown", status: null });
  });

  it("a connection error has a null status", () => {
    expect(
      apiRetryOf(
        sdk({
          type: "system",
          subtype: "api_retry",
          attempt: 1,
          max_retries: 10,
          error_status: null,
          error: "unknown",
        }),
      ),
    ).toEqual({ attempt: 1, maxRetries: 10, error: "unknown", status: null });
  });

  it.each([
    sdk({ type: "system", subtype: "status", status: null }),
    sdk({ type: "result", subtype: "api_retry" }),
    assistant({}),
  ])("anything else is undefined (%#)", (message) => {
    expect(apiRetryOf(message)).toBeUndefined();
  });
});

describe("TurnFailureFacts", () => {
  it("the top-level error message's kind, status and text", () => {
    const facts = new TurnFailureFacts();
    expect(
      facts.observe(
        assistant({ error: "unknown", api_error_status: 400 }, "API Error: 400 bad", "<synthetic>"),
      ),
    ).toBe(false);
    expect(
      facts.failure(result({ result: "API Error: 400 bad (result)", api_error_status: 400 })),
    ).toEqual({
      error: "unknown",
      status: 400,
      subtype: "success",
      usageLimit: false,
      text: "API Error: 400 bad",
    });
  });

  it("without an error message: the result's text and status", () => {
    const facts = new TurnFailureFacts();
    expect(
      facts.failure(result({ result: "You've hit your limit", api_error_status: 429 })),
    ).toEqual({
      error: undefined,
      status: 429,
      subtype: "success",
      usageLimit: true,
      text: "You've hit your limit",
    });
  });

  it("an execution error: its errors, one a line; no words is no text", () => {
    const facts = new TurnFailureFacts();
    expect(facts.failure(result({ subtype: "error_max_turns", errors: ["one", "two"] }))).toEqual({
      error: undefined,
      status: undefined,
      subtype: "error_max_turns",
      usageLimit: false,
      text: "one\ntwo",
    });
    expect(
      facts.failure(result({ subtype: "error_during_execution", errors: [] })).text,
    ).toBeUndefined();
  });

  it("a start Claude Code refused: its startup_failure_reason", () => {
    const facts = new TurnFailureFacts();
    expect(
      facts.failure(
        result({
          subtype: "error_during_execution",
          errors: ["Invalid proxy URL"],
          startup_failure_reason: "proxy_invalid",
        }),
      ),
    ).toEqual({
      error: undefined,
      status: undefined,
      subtype: "error_during_execution",
      usageLimit: false,
      startupFailure: "proxy_invalid",
      text: "Invalid proxy URL",
    });
  });

  it("a real model answer after an error clears it and counts as an answer", () => {
    const facts = new TurnFailureFacts();
    facts.observe(assistant({ error: "rate_limit" }, "limited", "<synthetic>"));
    expect(facts.observe(assistant({}, "hello"))).toBe(true);
    expect(facts.failure(result({ result: "later" })).text).toBe("later");
  });

  it("a synthetic message is no model answer; a subagent's error is not the turn's", () => {
    const facts = new TurnFailureFacts();
    expect(facts.observe(assistant({}, "No response requested.", "<synthetic>"))).toBe(false);
    expect(
      facts.observe(
        sdk({
          type: "assistant",
          parent_tool_use_id: "tu1",
          error: "rate_limit",
          message: { content: [] },
        }),
      ),
    ).toBe(false);
    expect(facts.failure(result({ result: "x" })).error).toBeUndefined();
  });

  it("an error message without text leaves the result's text; a null status is none", () => {
    const facts = new TurnFailureFacts();
    facts.observe(
      assistant({ error: "server_error", api_error_status: null }, undefined, "<synthetic>"),
    );
    expect(facts.failure(result({ result: "from the result", api_error_status: null }))).toEqual({
      error: "server_error",
      status: undefined,
      subtype: "success",
      usageLimit: false,
      text: "from the result",
    });
  });

  it("reads only top-level assistant messages", () => {
    const facts = new TurnFailureFacts();
    const user = sdk({
      type: "user",
      parent_tool_use_id: null,
      message: { role: "user", content: [] },
    });
    expect(facts.observe(user)).toBe(false);
    expect(
      facts.observe(sdk({ type: "result", parent_tool_use_id: null, error: "rate_limit" })),
    ).toBe(false);
    expect(facts.failure(result({ result: "r" })).error).toBeUndefined();
  });

  it("several text blocks are joined one a line", () => {
    const facts = new TurnFailureFacts();
    facts.observe(
      sdk({
        type: "assistant",
        parent_tool_use_id: null,
        error: "server_error",
        message: {
          model: "<synthetic>",
          content: [
            { type: "text", text: "a" },
            { type: "thinking", thinking: "t", text: "not text" },
            { type: "text", text: "" },
            { type: "text", text: "b" },
          ],
        },
      }),
    );
    expect(facts.failure(result({})).text).toBe("a\nb");
  });
});
