import { describe, expect, it } from "vitest";
import { parseClientProfile } from "../../profile/client-profile.js";
import { renderToolCall } from "./renderer.js";
import { newToolCallState, type ToolCallState } from "./tool-call-state.js";

const plain = parseClientProfile({});
const zed = parseClientProfile({ _meta: { terminal_output: true } });
const air = parseClientProfile({
  _meta: { jetbrains: { air: { version: 1, capabilities: ["rawInputRendering"] } } },
});

function bash(overrides: Partial<ToolCallState> = {}): ToolCallState {
  return {
    ...newToolCallState("t1", "Bash", null),
    input: { command: "ls", description: "List" },
    inputComplete: true,
    ...overrides,
  };
}

const done = {
  status: "completed" as const,
  result: { isError: false, text: "a\nb", raw: "a\nb", structured: undefined },
  resultFacts: { commandOutput: { output: "a\nb", exitCode: 0 } },
};

describe("renderToolCall", () => {
  it("puts a command on the terminal channel for Zed, with no rawOutput", () => {
    const r = renderToolCall(bash(done), zed);
    expect(r.content).toEqual([{ type: "terminal", terminalId: "t1" }]);
    expect(r).not.toHaveProperty("rawOutput");
    expect(r._meta).toEqual({
      claudeCode: { toolName: "Bash" },
      terminal_info: { terminal_id: "t1" },
      terminal_output: { terminal_id: "t1", data: "a\nb" },
      terminal_exit: { terminal_id: "t1", exit_code: 0, signal: null },
    });
  });

  it("shows a command as a console block with rawOutput without a terminal", () => {
    const r = renderToolCall(bash(done), plain);
    expect(r.content).toEqual([
      { type: "content", content: { type: "text", text: "List" } },
      { type: "content", content: { type: "text", text: "```console\na\nb\n```" } },
    ]);
    expect(r.rawOutput).toBe("a\nb");
  });

  it("gives upstream clients the partial input and AIR none", () => {
    const streaming = bash({ input: { command: "ls" }, inputComplete: false });
    expect(renderToolCall(streaming, plain).rawInput).toEqual({ command: "ls" });
    expect(renderToolCall(streaming, air).rawInput).toBeUndefined();
  });

  it("sends no display copy to a client that renders rawInput", () => {
    expect(renderToolCall(bash(), air).content).toEqual([]);
    expect(renderToolCall(bash(), plain).content).toEqual([
      { type: "content", content: { type: "text", text: "List" } },
    ]);
  });

  it("gives AIR only the status and isAsync of the PostToolUse response, others all of it", () => {
    const response = { stdout: "a", status: "ok", isAsync: false };
    const state = bash({ toolResponse: response, input: { command: "ls" } });
    expect(renderToolCall(state, plain)._meta).toEqual({
      claudeCode: { toolName: "Bash", toolResponse: response },
    });
    expect(renderToolCall(state, air)._meta).toEqual({
      claudeCode: { toolName: "Bash", toolResponse: { status: "ok", isAsync: false } },
    });
    const without = bash({ toolResponse: { stdout: "a" }, input: { command: "ls" } });
    expect(renderToolCall(without, air)._meta).toEqual({ claudeCode: { toolName: "Bash" } });
  });

  it("names the parent tool use of a subagent's tool call", () => {
    const state = { ...bash(), parentToolUseId: "toolu_parent" };
    expect(renderToolCall(state, plain)._meta).toMatchObject({
      claudeCode: { toolName: "Bash", parentToolUseId: "toolu_parent" },
    });
  });

  it.each([
    ["a wrong type", { file_path: 42 }],
    ["a missing parameter", {}],
    ["an array input", { 0: "x" }],
  ])("renders a Read with %s as an other tool call", (_name, input) => {
    const state = { ...newToolCallState("t2", "Read", null), input, inputComplete: true };
    expect(renderToolCall(state, plain)).toMatchObject({ kind: "other", title: "Read" });
  });

  it("renders an unknown or MCP tool as other, titled with its name", () => {
    const state = {
      ...newToolCallState("t3", "mcp__github__create_pr", null),
      input: { title: "x" },
      inputComplete: true,
    };
    expect(renderToolCall(state, plain)).toMatchObject({
      kind: "other",
      title: "mcp__github__create_pr",
    });
  });

  it("shows the error text of a failed tool", () => {
    const state = {
      ...newToolCallState("t4", "Glob", null),
      input: { pattern: "*" },
      inputComplete: true,
      status: "failed" as const,
      result: { isError: true, text: "boom", raw: "boom", structured: undefined },
    };
    expect(renderToolCall(state, plain).content).toEqual([
      { type: "content", content: { type: "text", text: "boom" } },
    ]);
  });
});
