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
        name: "Bash",
        content: [{ type: "terminal", terminalId: "t" }],
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

  it("names the tool call from Claude Code's tool name, leaves out its status and the v1-only claudeCode keys", () => {
    const subject = v2PermissionRequest({
      sessionId: "s",
      toolCall: {
        toolCallId: "toolu_1",
        title: "make",
        status: "pending",
        rawInput: { command: "make test" },
        content: [{ type: "terminal", terminalId: "toolu_1" }],
        _meta: {
          terminal_info: { terminal_id: "toolu_1" },
          claudeCode: { toolName: "Bash", mcpServer: "echo" },
        },
      },
      options: [],
    }).subject;
    expect(subject).toStrictEqual({
      type: "tool_call",
      toolCall: {
        toolCallId: "toolu_1",
        name: "Bash",
        title: "make",
        rawInput: { command: "make test" },
        content: [{ type: "terminal", terminalId: "toolu_1" }],
        _meta: { claudeCode: { mcpServer: "echo" } },
      },
    });
  });
});
