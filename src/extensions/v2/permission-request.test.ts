import { describe, expect, it } from "vitest";
import { v2PermissionRequest } from "./permission-request.js";

describe("v2PermissionRequest", () => {
  it("adds the title and the tool call as subject", () => {
    expect(
      v2PermissionRequest({
        sessionId: "s",
        toolCall: {
          toolCallId: "t",
          title: "Run ls",
          kind: "execute",
          rawInput: { command: "ls" },
        },
        options: [{ optionId: "allow", name: "Allow", kind: "allow_once" }],
      }),
    ).toEqual({
      sessionId: "s",
      title: "Run ls",
      subject: {
        type: "tool_call",
        toolCall: {
          toolCallId: "t",
          title: "Run ls",
          kind: "execute",
          rawInput: { command: "ls" },
        },
      },
      options: [{ optionId: "allow", name: "Allow", kind: "allow_once" }],
    });
  });

  it("names a command's terminal by its content only: the extension's keys are dropped", () => {
    const request = (meta: Record<string, unknown>) =>
      v2PermissionRequest({
        sessionId: "s",
        toolCall: {
          toolCallId: "t",
          content: [{ type: "terminal", terminalId: "t" }],
          _meta: meta,
        },
        options: [],
      }).subject;
    expect(
      request({ claudeCode: { toolName: "Bash" }, terminal_info: { terminal_id: "t" } }),
    ).toStrictEqual({
      type: "tool_call",
      toolCall: {
        toolCallId: "t",
        content: [{ type: "terminal", terminalId: "t" }],
        _meta: { claudeCode: { toolName: "Bash" } },
      },
    });
    expect(
      request({
        terminal_info: { terminal_id: "t" },
        terminal_output: { terminal_id: "t", data: "x" },
        terminal_output_delta: { terminal_id: "t", data: "x" },
        terminal_exit: { terminal_id: "t", exit_code: 0 },
      }),
    ).toStrictEqual({
      type: "tool_call",
      toolCall: { toolCallId: "t", content: [{ type: "terminal", terminalId: "t" }] },
    });
  });

  it("has a title when the tool call has none", () => {
    const request = v2PermissionRequest({
      sessionId: "s",
      toolCall: { toolCallId: "t" },
      options: [],
    });
    expect(request.title).toBe("Allow this tool call?");
  });

  it("a command with a display terminal and a known directory is a command subject", () => {
    const toolCall = {
      toolCallId: "toolu_1",
      title: "make",
      rawInput: { command: "make test" },
      content: [{ type: "terminal" as const, terminalId: "toolu_1" }],
      _meta: { terminal_info: { terminal_id: "toolu_1" }, claudeCode: { toolName: "Bash" } },
    };
    const ask = (cwd?: string, fields: Record<string, unknown> = {}) =>
      v2PermissionRequest(
        { sessionId: "s", toolCall: { ...toolCall, ...fields }, options: [] },
        cwd,
      ).subject;
    expect(ask("/work")).toStrictEqual({
      type: "command",
      command: "make test",
      cwd: "/work",
      toolCallId: "toolu_1",
      terminalId: "toolu_1",
    });
    // The terminal named by the extension's key alone.
    expect(ask("/work", { content: undefined })).toMatchObject({
      type: "command",
      terminalId: "toolu_1",
    });
    // Not a command: no directory known, no terminal, no command input.
    expect(ask(undefined)).toMatchObject({ type: "tool_call" });
    expect(ask("/work", { content: undefined, _meta: { claudeCode: {} } })).toMatchObject({
      type: "tool_call",
    });
    expect(ask("/work", { rawInput: { file_path: "/x" } })).toMatchObject({ type: "tool_call" });
  });
});
