import type { SDKAssistantMessageError, SDKResultMessage } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import { toTurnOutcome } from "./turn-outcome.js";

/** A `result` message with only the fields the outcome reads. */
function result(fields: Record<string, unknown>): SDKResultMessage {
  return {
    type: "result",
    subtype: "success",
    is_error: false,
    result: "",
    stop_reason: "end_turn",
    ...fields,
  } as unknown as SDKResultMessage;
}

describe("toTurnOutcome", () => {
  it.each<[string, SDKResultMessage, SDKAssistantMessageError | undefined, string]>([
    ["a successful turn", result({}), undefined, "end_turn"],
    [
      "the turn limit",
      result({ subtype: "error_max_turns", is_error: true, errors: [] }),
      undefined,
      "max_turn_requests",
    ],
    [
      "the turn limit after a max-tokens stop",
      result({ subtype: "error_max_turns", stop_reason: "max_tokens", errors: [] }),
      undefined,
      "max_turn_requests",
    ],
    ["a max-tokens stop", result({ stop_reason: "max_tokens" }), undefined, "max_tokens"],
    [
      "a max-tokens error on the last message",
      result({ is_error: true, result: "cut" }),
      "max_output_tokens",
      "max_tokens",
    ],
    ["a refusal", result({ stop_reason: "refusal", is_error: true }), undefined, "refusal"],
  ])("%s ends with a stop reason", (_name, message, assistantError, stopReason) => {
    expect(toTurnOutcome(message, assistantError)).toEqual({ kind: "stop", stopReason });
  });

  it.each<[string, SDKResultMessage, SDKAssistantMessageError | undefined, string, boolean]>([
    [
      "a failed success result: its text",
      result({ is_error: true, result: "API Error: 529 overloaded" }),
      "overloaded",
      "API Error: 529 overloaded",
      false,
    ],
    [
      "an execution error: its errors, one a line",
      result({ subtype: "error_during_execution", is_error: true, errors: ["one", "two"] }),
      undefined,
      "one\ntwo",
      false,
    ],
    [
      "an execution error not flagged as an error",
      result({ subtype: "error_during_execution", is_error: false, errors: ["lost"] }),
      undefined,
      "lost",
      false,
    ],
    [
      "an error without words: a fallback text",
      result({ subtype: "error_during_execution", is_error: true, errors: [] }),
      undefined,
      "Claude Code ended the turn with an error",
      false,
    ],
    [
      "an empty failed success result: the fallback text",
      result({ is_error: true, result: "" }),
      undefined,
      "Claude Code ended the turn with an error",
      false,
    ],
    [
      "an authentication failure",
      result({ is_error: true, result: "Invalid bearer" }),
      "authentication_failed",
      "Invalid bearer",
      true,
    ],
    [
      "an organisation not allowed",
      result({ is_error: true, result: "x" }),
      "oauth_org_not_allowed",
      "x",
      true,
    ],
    [
      "a cloud credential error",
      result({ is_error: true, result: "x" }),
      "cloud_credential_error",
      "x",
      true,
    ],
    [
      "not logged in",
      result({ is_error: true, result: "Not logged in" }),
      undefined,
      "Not logged in",
      true,
    ],
    [
      "asked to log in",
      result({ is_error: true, result: "Please run /login first" }),
      undefined,
      "Please run /login first",
      true,
    ],
    [
      "an invalid API key",
      result({ is_error: true, result: "Invalid API key · Fix it" }),
      undefined,
      "Invalid API key · Fix it",
      true,
    ],
    [
      "no API key",
      result({
        subtype: "error_during_execution",
        is_error: true,
        errors: ["x", "No API key found"],
      }),
      undefined,
      "x\nNo API key found",
      true,
    ],
  ])("%s", (_name, message, assistantError, text, auth) => {
    expect(toTurnOutcome(message, assistantError)).toEqual({ kind: "error", text, auth });
  });
});
