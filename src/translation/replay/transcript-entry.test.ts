import { describe, expect, it } from "vitest";
import { asMessageEntry, contentBlocks, type MessageEntry } from "./transcript-entry.js";

describe("asMessageEntry", () => {
  it("keeps what a replay reads and leaves the rest of a stored entry behind", () => {
    const stored = {
      parentUuid: "p-1",
      isSidechain: false,
      userType: "external",
      cwd: "/workspace",
      sessionId: "s-1",
      version: "2.1.318",
      gitBranch: "main",
      type: "user",
      message: { role: "user", content: "hi" },
      isMeta: true,
      toolUseResult: { stdout: "out" },
      uuid: "u-1",
      timestamp: "2026-01-01T00:00:00.000Z",
    };
    const entry = asMessageEntry(stored);
    expect(entry).toMatchObject({
      type: "user",
      uuid: "u-1",
      isSidechain: false,
      isMeta: true,
      toolUseResult: { stdout: "out" },
    });
    expect(entry?.message).toEqual({ content: "hi" });
    for (const dropped of ["parentUuid", "cwd", "sessionId", "version", "gitBranch", "timestamp"]) {
      expect(entry).not.toHaveProperty(dropped);
    }
  });

  it("keeps an assistant message's id and content, not its usage, model or stop data", () => {
    const content = [{ type: "text", text: "done" }];
    const entry = asMessageEntry({
      type: "assistant",
      uuid: "a-1",
      message: {
        id: "msg_1",
        type: "message",
        role: "assistant",
        model: "claude-opus-5-5",
        content,
        stop_reason: "end_turn",
        usage: { input_tokens: 10, output_tokens: 2 },
      },
    });
    expect(entry?.message).toEqual({ id: "msg_1", content });
  });

  it("is undefined for entries that are no message", () => {
    expect(asMessageEntry({ type: "attachment", uuid: "a-1" })).toBeUndefined();
    expect(asMessageEntry({ type: "user" })).toBeUndefined();
    expect(asMessageEntry([])).toBeUndefined();
  });
});

describe("contentBlocks", () => {
  const withContent = (content: unknown): MessageEntry => ({
    type: "assistant",
    uuid: "u-1",
    message: { content },
  });

  it("reads a string content as one text block and drops blocks that are no object", () => {
    expect(contentBlocks(withContent("hi"))).toEqual([{ type: "text", text: "hi" }]);
    expect(contentBlocks(withContent([{ type: "text", text: "a" }, "b", null, [1]]))).toEqual([
      { type: "text", text: "a" },
    ]);
    expect(contentBlocks(withContent(undefined))).toEqual([]);
  });
});
