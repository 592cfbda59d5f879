import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import { apiErrorChunk } from "./api-error-chunk.js";

/** Claude Code's synthetic assistant message of a failed call (0.3.318's shape). */
function failed(
  texts: string[],
  parent: string | null = null,
  error: string | null = "unknown",
): SDKMessage {
  return {
    type: "assistant",
    parent_tool_use_id: parent,
    ...(error === null ? {} : { error }),
    message: {
      id: "3f2b1c9e-0000-4000-8000-000000000001",
      content: texts.map((text) => ({ type: "text", text })),
    },
  } as unknown as SDKMessage;
}

const upper = (text: string) => text.toUpperCase();

describe("apiErrorChunk", () => {
  it("shows Claude Code's text of a failed call, redacted, as a message of its own", () => {
    expect(apiErrorChunk(failed(["API Error: 400 bad", "try again"]), upper)).toStrictEqual({
      sessionUpdate: "agent_message_chunk",
      content: { type: "text", text: "API ERROR: 400 BAD\nTRY AGAIN" },
      messageId: "3f2b1c9e-0000-4000-8000-000000000001",
    });
  });

  it.each<[string, SDKMessage]>([
    ["an answer", failed(["fine"], null, null)],
    ["a subagent's failure", failed(["API Error: 500"], "toolu_agent")],
    ["a failure without text", failed([""])],
    ["another message", { type: "system", subtype: "status" } as unknown as SDKMessage],
  ])("shows nothing for %s", (_name, message) => {
    expect(apiErrorChunk(message, upper)).toBeUndefined();
  });

  it("shows nothing when redaction leaves no text", () => {
    expect(apiErrorChunk(failed(["secret"]), () => "")).toBeUndefined();
  });
});
