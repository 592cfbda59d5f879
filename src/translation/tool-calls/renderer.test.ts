import { describe, expect, it } from "vitest";
import { parseClientProfile } from "../../extensions/compose.js";
import { renderingFor } from "./renderer.js";

/** The rendering of a client that declared `capabilities`, as a translator picks it. */
const clientOf = (...args: Parameters<typeof parseClientProfile>) =>
  renderingFor(parseClientProfile(...args));
import { inputFacts, renderToolCall } from "./renderer.js";
import { newToolCallState, type ToolCallState } from "./tool-call-state.js";

const plain = clientOf({});
const zed = clientOf({ _meta: { terminal_output: true } });
const air = clientOf({
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
    const console = { type: "content", content: { type: "text", text: "```console\na\nb\n```" } };
    const r = renderToolCall(bash(done), plain);
    // Upstream: the output replaces the description; AIR and v2 keep it above.
    expect(r.content).toEqual([console]);
    expect(r.rawOutput).toBe("a\nb");
    const list = { type: "content", content: { type: "text", text: "List" } };
    const airNoRaw = clientOf({
      _meta: { jetbrains: { air: { version: 1, capabilities: [] } } },
    });
    expect(renderToolCall(bash(done), airNoRaw).content).toEqual([list, console]);
    expect(renderToolCall(bash(done), clientOf({}, 2)).content).toEqual([list, console]);
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

  it("gives a command's output to a delta client as appended data, with the exit", () => {
    const delta = clientOf({ _meta: { terminal_output_delta: true } });
    expect(renderToolCall(bash(done), delta)).toEqual({
      toolCallId: "t1",
      title: "ls",
      kind: "execute",
      status: "completed",
      content: [{ type: "terminal", terminalId: "t1" }],
      rawInput: { command: "ls", description: "List" },
      _meta: {
        claudeCode: { toolName: "Bash" },
        terminal_info: { terminal_id: "t1" },
        terminal_output_delta: { terminal_id: "t1", data: "a\nb" },
        terminal_exit: { terminal_id: "t1", exit_code: 0, signal: null },
      },
    });
  });

  it("opens the terminal of a running command before any output", () => {
    expect(renderToolCall(bash({ status: "in_progress" }), zed)).toEqual({
      toolCallId: "t1",
      title: "ls",
      kind: "execute",
      status: "in_progress",
      content: [{ type: "terminal", terminalId: "t1" }],
      rawInput: { command: "ls", description: "List" },
      _meta: { claudeCode: { toolName: "Bash" }, terminal_info: { terminal_id: "t1" } },
    });
  });

  it("shows only the description of a command with no output, without a terminal", () => {
    const quiet = bash({
      ...done,
      resultFacts: { commandOutput: { output: "", exitCode: 0 } },
      result: { isError: false, text: "", raw: "", structured: undefined },
    });
    expect(renderToolCall(quiet, plain)).toEqual({
      toolCallId: "t1",
      title: "ls",
      kind: "execute",
      status: "completed",
      content: [{ type: "content", content: { type: "text", text: "List" } }],
      rawInput: { command: "ls", description: "List" },
      rawOutput: "",
      _meta: { claudeCode: { toolName: "Bash" } },
    });
  });

  const read = (overrides: Partial<ToolCallState>): ToolCallState => ({
    ...newToolCallState("t5", "Read", null),
    input: { file_path: "/w/a.ts", offset: 3 },
    inputComplete: true,
    ...overrides,
  });

  it.each([
    ["a plain client", plain],
    ["a terminal client", zed],
  ])("renders a tool that is not a command the same for %s", (_name, profile) => {
    const state = read({
      status: "completed",
      result: { isError: false, text: "x", raw: [{ type: "text", text: "x" }], structured: null },
      resultFacts: { content: [{ type: "content", content: { type: "text", text: "x" } }] },
    });
    expect(renderToolCall(state, profile)).toEqual({
      toolCallId: "t5",
      title: "Read /w/a.ts (from line 3)",
      kind: "read",
      status: "completed",
      locations: [{ path: "/w/a.ts", line: 3 }],
      content: [{ type: "content", content: { type: "text", text: "x" } }],
      rawInput: { file_path: "/w/a.ts", offset: 3 },
      rawOutput: [{ type: "text", text: "x" }],
      _meta: { claudeCode: { toolName: "Read" } },
    });
  });

  it("keeps the rawOutput of a failed call, and gives none before the call ends", () => {
    const result = { isError: true, text: "", raw: { error: "denied" }, structured: undefined };
    const failed = renderToolCall(read({ status: "failed", result }), plain);
    expect(failed.rawOutput).toEqual({ error: "denied" });
    // No result text: the input's own content (none for Read) stays.
    expect(failed.content).toEqual([]);
    expect(renderToolCall(read({ status: "in_progress", result }), plain)).not.toHaveProperty(
      "rawOutput",
    );
  });

  it("titles a call by the PostToolUse facts, then the result's, then the input's", () => {
    const text = (t: string) => [
      { type: "content" as const, content: { type: "text" as const, text: t } },
    ];
    const both = read({
      status: "completed",
      postFacts: { title: "post", content: text("post") },
      resultFacts: { title: "result", content: text("result") },
    });
    expect(renderToolCall(both, plain)).toMatchObject({ title: "post", content: text("post") });
    const resultOnly = read({ status: "completed", resultFacts: { title: "result" } });
    expect(renderToolCall(resultOnly, plain).title).toBe("result");
    expect(renderToolCall(read({ postFacts: {} }), plain).title).toBe("Read /w/a.ts (from line 3)");
  });

  it("shows the input's content while the result shows nothing", () => {
    const state = {
      ...newToolCallState("t6", "Write", null),
      input: { file_path: "/w/a.ts", content: "x" },
      inputComplete: true,
      resultFacts: { content: [] },
    };
    expect(renderToolCall(state, plain).content).toEqual([
      { type: "diff", path: "/w/a.ts", oldText: null, newText: "x" },
    ]);
  });

  it("reads a streaming input with its own reporter even before the required fields arrive", () => {
    const streaming = { ...newToolCallState("t7", "Read", null), input: { offset: 3 } };
    expect(renderToolCall(streaming, air)).toMatchObject({ kind: "read", title: "Read" });
  });

  it.each([
    ["Bash", {}, "Terminal", undefined],
    ["Read", { offset: 3 }, "Read File", []],
    ["Edit", {}, "Edit", []],
    ["Write", {}, "Preparing file…", []],
    ["Agent", {}, "Task", undefined],
  ])(
    "gives a client that is not AIR upstream's pending title and locations of a streaming %s",
    (toolName, input, title, locations) => {
      const streaming = { ...newToolCallState("t8", toolName, null), input };
      const r = renderToolCall(streaming, plain);
      expect([r.title, r.locations]).toEqual([title, locations]);
      // AIR gets the tool's own name and no empty locations.
      const a = renderToolCall(streaming, air);
      expect([a.title, a.locations]).toEqual([toolName, undefined]);
    },
  );

  it("keeps the tool's title once the input is complete, even if it is still empty", () => {
    const complete = { ...newToolCallState("t9", "Bash", null), inputComplete: true };
    expect(renderToolCall(complete, plain).title).toBe("Bash");
  });

  it("falls back to the generic facts when a reporter throws on odd input", () => {
    // A streaming input is not checked for required fields; this one throws on reading.
    const input = Object.defineProperty({}, "command", {
      enumerable: true,
      get() {
        throw new Error("odd");
      },
    });
    expect(inputFacts(bash({ input, inputComplete: false }), plain)).toEqual({
      kind: "other",
      title: "Bash",
    });
  });

  it.each([
    [
      "one of several required fields",
      "Edit",
      { file_path: "/w/a", old_string: 1, new_string: "x" },
      "Edit",
    ],
    [
      "every required field",
      "Edit",
      { file_path: "/w/a", old_string: "", new_string: "x" },
      "Edit /w/a",
    ],
    // Skill names no required field: any complete input is its own.
    ["no required fields at all", "Skill", {}, "Load skill"],
  ])("checks a complete input for %s", (_name, toolName, input, title) => {
    const state = { ...newToolCallState("t8", toolName, null), input, inputComplete: true };
    expect(renderToolCall(state, plain).title).toBe(title);
  });

  it("marks a refused tool as not run, once it has ended", () => {
    const refused = bash({ nonExecutionKind: "permission-rule" });
    expect(renderToolCall(refused, plain)._meta).toStrictEqual({
      claudeCode: { toolName: "Bash" },
    });
    const ended = bash({
      nonExecutionKind: "permission-rule",
      status: "failed",
      result: { isError: true, text: "no", raw: "no", structured: undefined },
    });
    for (const profile of [plain, air])
      expect(renderToolCall(ended, profile)._meta?.claudeCode).toStrictEqual({
        toolName: "Bash",
        nonExecutionKind: "permission-rule",
      });
  });

  it("shows a denial's reason as the result, upstream's toolResponse only for a client that is not AIR", () => {
    const denied = bash({
      status: "failed",
      nonExecutionKind: "permission-rule",
      denial: { toolUseId: "t1", decisionReasonType: "rule", message: "Refused." },
      result: { isError: true, text: "Refused.", raw: "Refused.", structured: undefined },
      resultFacts: { commandOutput: { output: "Refused.", exitCode: null } },
    });
    const reason = {
      type: "content",
      content: { type: "text", text: "Permission denied: Refused." },
    };
    const list = { type: "content", content: { type: "text", text: "List" } };
    const response = { decisionReasonType: "rule", message: "Refused." };
    const r = renderToolCall(denied, plain);
    expect(r.content).toEqual([list, reason]);
    expect(r.rawOutput).toBe("Refused.");
    expect(r._meta).toStrictEqual({
      claudeCode: { toolName: "Bash", toolResponse: response, nonExecutionKind: "permission-rule" },
    });
    // Zed: the command never ran, so its reason stands in for the terminal.
    const z = renderToolCall(denied, zed);
    expect(z.content).toEqual([reason]);
    expect(z).not.toHaveProperty("rawOutput");
    // AIR: the reason in content only, the kind in nonExecutionKind.
    const a = renderToolCall(denied, air);
    expect(a.content).toEqual([reason]);
    expect(a).not.toHaveProperty("rawOutput");
    expect(a._meta).toStrictEqual({
      claudeCode: { toolName: "Bash", nonExecutionKind: "permission-rule" },
      jetbrains: { air: { version: 1, commandTitle: "List" } },
    });
  });

  it("locates a done edit where it landed, but for AIR", () => {
    const edit = {
      ...newToolCallState("e1", "Edit", null),
      input: { file_path: "/w/a.ts", old_string: "b", new_string: "c" },
      inputComplete: true,
      postFacts: { locations: [{ path: "/w/a.ts", line: 7 }] },
    };
    expect(renderToolCall(edit, plain).locations).toEqual([{ path: "/w/a.ts", line: 7 }]);
    expect(renderToolCall(edit, air).locations).toEqual([{ path: "/w/a.ts" }]);
  });

  it("titles a file in the session's directory relative to it, but for AIR", () => {
    const state = (toolName: string, input: Record<string, unknown>) => ({
      ...newToolCallState("f1", toolName, null, "/w"),
      input,
      inputComplete: true,
    });
    const edit = state("Edit", { file_path: "/w/src/a.ts", old_string: "b", new_string: "c" });
    const read = state("Read", { file_path: "/w/a.ts", offset: 2, limit: 2 });
    const write = state("Write", { file_path: "/elsewhere/n.txt", content: "x" });
    expect(renderToolCall(edit, plain).title).toBe("Edit src/a.ts");
    expect(renderToolCall(read, zed).title).toBe("Read a.ts (2 - 3)");
    expect(renderToolCall(write, plain).title).toBe("Write /elsewhere/n.txt");
    expect(renderToolCall(edit, air).title).toBe("Edit /w/src/a.ts");
    expect(renderToolCall(read, air).title).toBe("Read /w/a.ts (2 - 3)");
    // Without the session's directory, the path as given.
    expect(renderToolCall({ ...edit, cwd: undefined }, plain).title).toBe("Edit /w/src/a.ts");
  });

  it("shows upstream's hunks as an edit's final diff, the whole file to AIR and v2", () => {
    const whole = { type: "diff" as const, path: "/w/a.ts", oldText: "a\nb\n", newText: "a\nc\n" };
    const hunk = { type: "diff" as const, path: "/w/a.ts", oldText: "a\nb", newText: "a\nc" };
    const edit = {
      ...newToolCallState("e1", "Edit", null),
      input: { file_path: "/w/a.ts", old_string: "b", new_string: "c", replace_all: false },
      inputComplete: true,
      status: "completed" as const,
      postFacts: { content: [whole], hunks: [hunk] },
    };
    expect(renderToolCall(edit, plain).content).toEqual([hunk]);
    expect(renderToolCall(edit, zed).content).toEqual([hunk]);
    expect(renderToolCall(edit, air).content).toEqual([whole]);
    const v2 = clientOf({ _meta: { terminal_output: true } }, 2);
    expect(renderToolCall(edit, { ...v2, decorators: [] }).content).toEqual([whole]);
    // The complete input, `replace_all` included, but for AIR (which takes the file text from the diff).
    expect(renderToolCall(edit, plain).rawInput).toEqual(edit.input);
    expect(renderToolCall(edit, air).rawInput).toEqual({
      file_path: "/w/a.ts",
      replace_all: false,
    });
  });

  it("puts no toolResponse key in _meta before PostToolUse", () => {
    expect(renderToolCall(bash(), plain)._meta).toStrictEqual({ claudeCode: { toolName: "Bash" } });
  });

  it("hands out its own copy of the locations", () => {
    const state = read({});
    const facts = inputFacts(state, plain);
    const report = renderToolCall(state, plain, facts);
    expect(report.locations).toEqual(facts.locations);
    expect(report.locations).not.toBe(facts.locations);
  });

  it("shows the result text only of a failed call", () => {
    const result = { isError: false, text: "x", raw: "x", structured: undefined };
    const glob = (status: "completed" | "failed", withResult: boolean) => ({
      ...newToolCallState("t9", "Glob", null),
      input: { pattern: "*" },
      inputComplete: true,
      status,
      ...(withResult ? { result } : {}),
    });
    expect(renderToolCall(glob("completed", true), plain).content).toEqual([]);
    expect(renderToolCall(glob("failed", false), plain).content).toEqual([]);
  });

  it.each([
    ["Agent", { description: "d" }],
    ["Bash", { description: "d" }],
    ["WebFetch", { prompt: "p" }],
    ["WebSearch", {}],
    ["Grep", { path: "src" }],
    ["Glob", { path: "src" }],
    ["Write", { file_path: "/w/a" }],
    ["Edit", { file_path: "/w/a", old_string: "a" }],
  ])("renders a complete %s input without its required fields as other", (toolName, input) => {
    const state = { ...newToolCallState("t10", toolName, null), input, inputComplete: true };
    expect(renderToolCall(state, plain)).toMatchObject({ kind: "other", title: toolName });
  });
});
