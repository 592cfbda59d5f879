import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import { warningNotice } from "./warning-notice.js";

const line = (content: string, level = "warning", subtype = "informational") =>
  ({
    type: "system",
    subtype,
    content,
    level,
    uuid: "u",
    session_id: "s",
  }) as unknown as SDKMessage;

/** Claude Code 2.1.318's line in auto mode behind a gateway (the scripted model's). */
const AUTO_BILLED =
  "We're changing auto mode to no longer charge for classifier requests in Claude Code. However, " +
  "this session isn't eligible because your requests go through 127.0.0.1:37819, which isn't " +
  "compatible with this update. Nothing breaks: auto mode keeps working, and its classifier " +
  "requests are billed as before.";

const marked = (text: string) => `<${text}>`;

/** The message line a client without notices gets for a warning `text` (marked). */
const warned = (text: string) => ({
  text: `**Warning:** <${text}>`,
  meta: { claudeCode: { kind: "informational", level: "warning" } },
});

/** Claude Code 2.1.318's line when a UserPromptSubmit hook blocks the prompt. */
const blocked = (reason: unknown, kind = "blocked_by_hook") =>
  ({
    ...(line(
      `UserPromptSubmit operation blocked by hook:\n${String(reason)}\n\nOriginal prompt: tell me`,
    ) as object),
    prevent_continuation: true,
    prompt_submit_outcome: { kind, prompt_kept: false, reason },
  }) as unknown as SDKMessage;

describe("warningNotice", () => {
  it.each([
    [
      "auto mode's fallback: a first line too long for a title",
      line(AUTO_BILLED),
      {
        title: "Claude reported a warning",
        description: `<${AUTO_BILLED}>`,
        line: warned(AUTO_BILLED),
      },
    ],
    [
      "a short line: the title",
      line("  Disk almost full "),
      { title: "<  Disk almost full >", line: warned("  Disk almost full ") },
    ],
    [
      "several lines: the first the title, the rest the description",
      line("Disk almost full\r\n\n  Free some space \nsoon"),
      {
        title: "<Disk almost full",
        description: "Free some space \nsoon>",
        line: warned("Disk almost full\r\n\n  Free some space \nsoon"),
      },
    ],
    [
      "markdown: plain in the notice, as it is in the line",
      line("Heads up\n## **Bold** `npm` and __x__ but not a`b`"),
      {
        title: "<Heads up",
        description: "Bold npm and x but not a`b`>",
        line: warned("Heads up\n## **Bold** `npm` and __x__ but not a`b`"),
      },
    ],
    [
      "a first line of exactly 256 characters: still the title",
      line("x".repeat(254)),
      { title: `<${"x".repeat(254)}>`, line: warned("x".repeat(254)) },
    ],
    [
      "a first line of 257 characters: the whole text under the warning title",
      line("x".repeat(255)),
      {
        title: "Claude reported a warning",
        description: `<${"x".repeat(255)}>`,
        line: warned("x".repeat(255)),
      },
    ],
    [
      "a prompt a hook blocked: the hook's reason",
      blocked(" No secrets here \n"),
      { title: "Prompt blocked by a hook", description: "<No secrets here>" },
    ],
    [
      "a blocked prompt without a reason: Claude Code's line",
      blocked(""),
      {
        title: "<UserPromptSubmit operation blocked by hook:",
        description: "Original prompt: tell me>",
        line: warned("UserPromptSubmit operation blocked by hook:\n\n\nOriginal prompt: tell me"),
      },
    ],
    [
      "another outcome: Claude Code's line",
      blocked("r", "kept"),
      {
        title: "<UserPromptSubmit operation blocked by hook:",
        description: "r\n\nOriginal prompt: tell me>",
        line: warned("UserPromptSubmit operation blocked by hook:\nr\n\nOriginal prompt: tell me"),
      },
    ],
    [
      "a reason that is not text",
      blocked(7),
      {
        title: "<UserPromptSubmit operation blocked by hook:",
        description: "7\n\nOriginal prompt: tell me>",
        line: warned("UserPromptSubmit operation blocked by hook:\n7\n\nOriginal prompt: tell me"),
      },
    ],
    [
      "a warning whose outcome is null: Claude Code's line",
      { ...(line("Blocked") as object), prompt_submit_outcome: null } as unknown as SDKMessage,
      { title: "<Blocked>", line: warned("Blocked") },
    ],
    ["an info line", line("x", "info"), undefined],
    ["a notice line", line("x", "notice"), undefined],
    ["a suggestion line", line("x", "suggestion"), undefined],
    ["an empty warning", line("  "), undefined],
    ["another subtype", line("x", "warning", "status"), undefined],
    ["not a system message", { type: "assistant" } as unknown as SDKMessage, undefined],
  ])("%s", (_name, message, expected) => {
    expect(warningNotice(message, (text) => (text ? marked(text) : text))).toStrictEqual(expected);
  });
});
