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

describe("warningNotice", () => {
  it.each([
    [
      "auto mode's fallback",
      line(AUTO_BILLED),
      { title: "Auto mode", description: `<${AUTO_BILLED}>` },
    ],
    [
      "another warning",
      line("  Disk almost full "),
      { title: "Claude Code", description: "<Disk almost full>" },
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
