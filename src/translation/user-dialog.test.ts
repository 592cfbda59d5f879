import { describe, expect, it } from "vitest";
import {
  DIALOG_CANCELLED,
  keepsRefusal,
  readRefusalFallback,
  toDialogElicitation,
  toDialogResult,
} from "./user-dialog.js";

/** Claude Code 2.1.318's payload, as it sent it for a scripted `cyber` refusal. */
const PAYLOAD = {
  originalModel: "claude-fable-5",
  fallbackModel: "claude-opus-4-8",
  apiRefusalCategory: "cyber",
  retractedMessageUuids: ["4bb51268-7fb6-4809-90ea-6f266ce83fc8"],
};

const SCHEMA = {
  type: "object",
  properties: {
    choice: {
      type: "string",
      title: "What next?",
      oneOf: [
        {
          const: "retry_fallback",
          title: "Retry with claude-opus-4-8",
          description: "The session goes on with claude-opus-4-8.",
        },
        {
          const: "edit_prompt",
          title: "Edit the prompt",
          description: "The turn ends; the session stays on claude-fable-5.",
        },
      ],
    },
  },
  required: ["choice"],
};

describe("toDialogElicitation", () => {
  it("the refusal dialog: a form in the session with the two choices", () => {
    expect(
      toDialogElicitation({ dialogKind: "refusal_fallback_prompt", payload: PAYLOAD }, "s1"),
    ).toStrictEqual({
      mode: "form",
      sessionId: "s1",
      message:
        "claude-fable-5's safeguards flagged this message (cyber). Retry it with claude-opus-4-8, or edit your prompt?",
      requestedSchema: SCHEMA,
    });
  });

  it("without a category, with Claude Code's guidance, tied to a tool call", () => {
    const { apiRefusalCategory: _, ...bare } = PAYLOAD;
    expect(
      toDialogElicitation(
        {
          dialogKind: "refusal_fallback_prompt",
          payload: { ...bare, apiRefusalCategory: null, guidanceText: "Try /model." },
          toolUseID: "toolu_1",
        },
        "s1",
      ),
    ).toStrictEqual({
      mode: "form",
      sessionId: "s1",
      toolCallId: "toolu_1",
      message:
        "claude-fable-5's safeguards flagged this message. Retry it with claude-opus-4-8, or edit your prompt? Try /model.",
      requestedSchema: SCHEMA,
    });
  });

  it.each([
    ["another dialog kind", { dialogKind: "auto_mode_server_fallback", payload: PAYLOAD }],
    [
      "a payload without its fallback model",
      { dialogKind: "refusal_fallback_prompt", payload: { originalModel: "claude-fable-5" } },
    ],
    [
      "a payload whose models are not text",
      { dialogKind: "refusal_fallback_prompt", payload: { originalModel: 1, fallbackModel: 2 } },
    ],
  ])("%s: nothing to ask", (_, request) => {
    expect(toDialogElicitation(request, "s1")).toBeUndefined();
  });
});

describe("readRefusalFallback", () => {
  it.each([
    [
      PAYLOAD,
      { originalModel: "claude-fable-5", fallbackModel: "claude-opus-4-8", category: "cyber" },
    ],
    [
      { ...PAYLOAD, apiRefusalCategory: "", guidanceText: "Rephrase." },
      { originalModel: "claude-fable-5", fallbackModel: "claude-opus-4-8", guidance: "Rephrase." },
    ],
    [null, undefined],
    [{ fallbackModel: "claude-opus-4-8" }, undefined],
  ])("%j → %j", (payload, expected) => {
    expect(readRefusalFallback(payload)).toStrictEqual(expected);
  });
});

describe("toDialogResult", () => {
  it.each([
    [
      "the retry",
      { action: "accept", content: { choice: "retry_fallback" } },
      { behavior: "completed", result: "retry_fallback" },
    ],
    [
      "the edit",
      { action: "accept", content: { choice: "edit_prompt" } },
      { behavior: "completed", result: "edit_prompt" },
    ],
    ["a declined form", { action: "decline" }, DIALOG_CANCELLED],
    ["a cancelled form", { action: "cancel" }, DIALOG_CANCELLED],
    ["an accepted form without a choice", { action: "accept", content: {} }, DIALOG_CANCELLED],
    ["an accepted form without content", { action: "accept" }, DIALOG_CANCELLED],
    [
      "a choice that is not offered",
      { action: "accept", content: { choice: "cancelled" } },
      DIALOG_CANCELLED,
    ],
  ] as const)("%s", (_, response, expected) => {
    expect(toDialogResult(response)).toStrictEqual(expected);
  });

  it("a dismissal is the SDK's cancelled answer", () => {
    expect(DIALOG_CANCELLED).toStrictEqual({ behavior: "cancelled" });
  });
});

describe("keepsRefusal", () => {
  it.each([
    [{ behavior: "completed", result: "edit_prompt" }, true],
    [{ behavior: "completed", result: "retry_fallback" }, false],
    [{ behavior: "cancelled" }, false],
  ] as const)("%j → %s", (result, kept) => {
    expect(keepsRefusal(result)).toBe(kept);
  });
});
