import { describe, expect, it } from "vitest";
import {
  asMessageEntry,
  contentBlocks,
  toEntryLink,
  type MessageEntry,
} from "./transcript-entry.js";

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
      origin: { kind: "coordinator", producer: "x" },
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
      origin: "coordinator",
    });
    expect(entry?.message).toEqual({ content: "hi" });
    for (const dropped of ["parentUuid", "cwd", "sessionId", "version", "gitBranch"]) {
      expect(entry).not.toHaveProperty(dropped);
    }
    // The time of a tool result (a task's start) and of a task notification (its end).
    expect(entry?.timestamp).toBe("2026-01-01T00:00:00.000Z");
    const { toolUseResult: _, ...prompt } = stored;
    expect(asMessageEntry(prompt)?.timestamp).toBeUndefined();
    const notice = { ...prompt, origin: { kind: "task-notification" } };
    expect(asMessageEntry(notice)?.timestamp).toBe("2026-01-01T00:00:00.000Z");
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

  it("keeps the model of a subagent's message (a sidechain's: its child session shows it)", () => {
    const content = [{ type: "text", text: "Child report." }];
    const message = { id: "m-2", model: "claude-opus-5-5", content, usage: { input_tokens: 1 } };
    const entry = { type: "assistant", uuid: "a-2", message };
    expect(asMessageEntry({ ...entry, isSidechain: true })?.message).toStrictEqual({
      id: "m-2",
      content,
      model: "claude-opus-5-5",
    });
    expect(asMessageEntry({ ...entry, isSidechain: false })?.message).toStrictEqual({
      id: "m-2",
      content,
    });
  });

  it("keeps the model of an API error message (Claude Code's own, for a usage limit)", () => {
    const content = [{ type: "text", text: "You've hit your limit" }];
    const message = { id: "m-1", model: "<synthetic>", content, usage: { input_tokens: 0 } };
    expect(
      asMessageEntry({ type: "assistant", uuid: "a-1", isApiErrorMessage: true, message })?.message,
    ).toStrictEqual({ id: "m-1", content, model: "<synthetic>" });
    expect(
      asMessageEntry({
        type: "assistant",
        uuid: "a-1",
        isApiErrorMessage: true,
        message: { model: 3, content },
      })?.message,
    ).toStrictEqual({ content });
    expect(
      asMessageEntry({ type: "assistant", uuid: "a-1", isApiErrorMessage: "yes", message })
        ?.message,
    ).toStrictEqual({ id: "m-1", content });
  });

  it.each([
    ["local_command", "<local-command-stdout>x</local-command-stdout>"],
    ["informational", undefined],
  ])("keeps the content of a system entry only for a local command (%s)", (subtype, kept) => {
    const raw = {
      type: "system",
      subtype,
      uuid: "s-1",
      content: "<local-command-stdout>x</local-command-stdout>",
    };
    expect(asMessageEntry(raw)?.content).toBe(kept);
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

describe("toEntryLink", () => {
  it("names the tool uses of an assistant entry, skipping blocks that are no tool use", () => {
    const link = toEntryLink(
      {
        type: "assistant",
        uuid: "a-1",
        parentUuid: "u-1",
        message: {
          content: [
            { type: "text", text: "let me look", id: "not-a-tool" },
            { type: "tool_use", id: "toolu_1", name: "Read" },
            null,
            7,
            [{ type: "tool_use", id: "in-an-array" }],
            { type: "server_tool_use", id: "srvtoolu_2" },
            { type: "mcp_tool_use", id: "mcptoolu_3" },
            { type: "tool_use", id: 4 },
            { type: "tool_result", tool_use_id: "toolu_0" },
          ],
        },
      },
      7,
    );
    expect(link).toEqual({
      line: 7,
      uuid: "a-1",
      parentUuid: "u-1",
      logicalParentUuid: undefined,
      message: true,
      sidechain: false,
      toolUseIds: ["toolu_1", "srvtoolu_2", "mcptoolu_3"],
      toolResultIds: [],
    });
  });

  it.each([
    ["a local command's output", "local_command", true],
    ["another system entry", "informational", false],
  ])("%s is a message of the conversation: %s", (_name, subtype, message) => {
    const raw = {
      type: "system",
      subtype,
      uuid: "s-1",
      content: "<local-command-stdout>x</local-command-stdout>",
    };
    expect(toEntryLink(raw, 3)?.message).toBe(message);
  });

  it("names the tool uses a user entry answers", () => {
    const link = toEntryLink(
      {
        type: "user",
        uuid: "u-2",
        parentUuid: "a-1",
        isSidechain: true,
        message: {
          content: [
            { type: "tool_result", tool_use_id: "toolu_1" },
            { type: "tool_result", tool_use_id: "toolu_2", is_error: true },
            { type: "text", text: "and a note", tool_use_id: "not-a-result" },
            // Only an assistant's tool uses count: a user entry holds none.
            { type: "tool_use", id: "toolu_stray" },
            "a string",
          ],
        },
      },
      8,
    );
    expect(link).toMatchObject({
      message: true,
      sidechain: true,
      toolUseIds: [],
      toolResultIds: ["toolu_1", "toolu_2"],
    });
  });

  it("links entries that are no message, and not an entry without a uuid", () => {
    expect(
      toEntryLink({ type: "system", uuid: "b-1", parentUuid: "", logicalParentUuid: "a-9" }, 3),
    ).toEqual({
      line: 3,
      uuid: "b-1",
      parentUuid: undefined,
      logicalParentUuid: "a-9",
      message: false,
      sidechain: false,
      toolUseIds: [],
      toolResultIds: [],
    });
    expect(toEntryLink({ type: "attachment", uuid: "att-1", parentUuid: "u-1" }, 4)).toMatchObject({
      message: false,
      parentUuid: "u-1",
    });
    expect(
      toEntryLink({ type: "user", uuid: "u-3", message: { content: "a typed prompt" } }, 5),
    ).toMatchObject({ message: true, toolResultIds: [] });
    expect(toEntryLink({ type: "user", message: { content: "hi" } }, 6)).toBeUndefined();
    expect(toEntryLink({ type: "user", uuid: "" }, 6)).toBeUndefined();
    expect(toEntryLink(["uuid"], 6)).toBeUndefined();
  });
});

describe("transcript entries: edges", () => {
  it("reads a system entry, and an assistant message without an id", () => {
    expect(
      asMessageEntry({
        type: "system",
        uuid: "s",
        subtype: "compact_boundary",
        compactMetadata: { trigger: "auto", preTokens: 9 },
      }),
    ).toMatchObject({
      type: "system",
      uuid: "s",
      subtype: "compact_boundary",
      compactMetadata: { trigger: "auto", preTokens: 9 },
    });
    expect(
      asMessageEntry({ type: "assistant", uuid: "a", message: { content: [] } })?.message,
    ).toStrictEqual({
      content: [],
    });
  });

  it("has no blocks for an entry without a message", () => {
    expect(contentBlocks({ type: "user", uuid: "u" })).toEqual([]);
  });

  it("hands out the stored blocks themselves when all are objects (no copy per read)", () => {
    const content = [{ type: "text", text: "a" }];
    expect(contentBlocks({ type: "user", uuid: "u", message: { content } })).toBe(content);
  });
});
