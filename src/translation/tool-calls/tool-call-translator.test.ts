import { describe, expect, it } from "vitest";
import { unrouted } from "../../../test/support/unrouted.js";
import { parseClientProfile } from "../../extensions/compose.js";
import { updatesOf, type RoutedUpdate } from "../routed-update.js";
import { ToolCallTranslator } from "./tool-call-translator.js";

const plain = parseClientProfile({});
const targets = (routed: RoutedUpdate[]) => routed.map((r) => r.target);

function started(
  translator: ToolCallTranslator,
  id: string,
  name: string,
  parent: string | null = null,
) {
  return updatesOf([
    ...translator.start({ id, name }, parent, 0),
    ...translator.complete({ id, name, input: { description: "d", prompt: "p" } }, parent),
  ]);
}

describe("ToolCallTranslator", () => {
  it("sends the first report as tool_call with rawInput {} and later ones as updates", () => {
    const t = new ToolCallTranslator(plain, false);
    const [first, second] = started(t, "a", "Agent");
    expect(first).toMatchObject({
      sessionUpdate: "tool_call",
      toolCallId: "a",
      title: "Task", // upstream's pending title of a subagent call
      kind: "think",
      status: "pending",
      rawInput: {},
    });
    expect(second).toMatchObject({
      sessionUpdate: "tool_call_update",
      toolCallId: "a",
      title: "d",
      rawInput: { description: "d", prompt: "p" },
    });
  });

  it.each([
    ["the RFD", { subagents: {} }],
    [
      "AIR",
      { _meta: { jetbrains: { air: { version: 1, capabilities: ["nativeSubagentSessions"] } } } },
    ],
  ])(
    "leaves out Agent and Task for native child sessions (%s): the child is the card",
    (_, caps) => {
      const native = parseClientProfile(caps);
      const t = new ToolCallTranslator(native, true);
      expect(started(t, "a", "Agent")).toEqual([]);
      expect(started(t, "k", "Task", "a")).toEqual([]);
      t.result({ tool_use_id: "a", content: "report" }, undefined);
      // A child's own tool calls are reported, for its child session.
      expect(targets(t.start({ id: "c", name: "Bash" }, "a", 1))).toEqual(["a"]);
      // Asking to run a subagent still shows its tool call in the request.
      const asked = t.forPermission("a2", "Agent", { description: "d", prompt: "p" });
      expect(asked.target).toBeNull();
      expect(updatesOf(asked.updates)[0]).toMatchObject({ sessionUpdate: "tool_call", title: "d" });
      expect(t.forPermission("c", "Bash", { command: "ls" }).target).toBe("a");
    },
  );

  it("reports a subagent call that ended without a child session as an ordinary tool call", () => {
    const t = new ToolCallTranslator(parseClientProfile({ subagents: {} }), true);
    t.knowChildSessions((toolUseId) => toolUseId === "with_child");
    expect(started(t, "with_child", "Agent")).toEqual([]);
    expect(t.result({ tool_use_id: "with_child", content: "report" }, undefined)).toEqual([]);
    expect(started(t, "denied", "Agent")).toEqual([]);
    const ended = updatesOf(
      t.result({ tool_use_id: "denied", content: "no", is_error: true }, undefined),
    );
    expect(ended).toEqual([
      expect.objectContaining({
        sessionUpdate: "tool_call",
        toolCallId: "denied",
        title: "d",
        status: "failed",
        rawInput: { description: "d", prompt: "p" },
      }),
    ]);
  });

  it("refines a streamed input once per completed parameter", () => {
    const t = new ToolCallTranslator(plain, false);
    t.start({ id: "b", name: "Bash" }, null, 1);
    const deltas = updatesOf(
      ['{"comm', 'and": "ls -', 'la", "desc', 'ription": "List"}'].flatMap((d) =>
        t.inputDelta(d, null, 1),
      ),
    );
    expect(deltas.map((u) => (u as { rawInput?: unknown }).rawInput)).toEqual([
      { command: "ls -la" },
      { command: "ls -la", description: "List" },
    ]);
  });

  it("keeps a subagent's tool calls out unless the transcript is flat", () => {
    expect(started(new ToolCallTranslator(plain, false), "c", "Bash", "parent")).toEqual([]);
    expect(started(new ToolCallTranslator(plain, true), "c", "Bash", "parent")[0]).toMatchObject({
      _meta: { claudeCode: { toolName: "Bash", parentToolUseId: "parent" } },
    });
  });

  it("routes a subagent's tool call to its child, and the root's own to the root", () => {
    const t = new ToolCallTranslator(plain, true);
    expect(targets(t.start({ id: "p", name: "Agent" }, null, 0))).toEqual([null]);
    expect(targets(t.start({ id: "c", name: "Bash" }, "p", 0))).toEqual(["p"]);
    expect(targets(t.result({ tool_use_id: "c", content: "ok" }, undefined))).toEqual(["p"]);
    expect(targets(t.result({ tool_use_id: "p", content: "done" }, undefined))).toEqual([null]);
  });

  it("sends the progress of a tool the client does not know to its parent tool call", () => {
    const t = new ToolCallTranslator(plain, false);
    started(t, "parent", "Agent");
    expect(t.progress("hidden-child", "parent")).toEqual([
      {
        target: null,
        update: {
          sessionUpdate: "tool_call_update",
          toolCallId: "parent",
          status: "in_progress",
          _meta: { claudeCode: { toolName: "Agent" } },
        },
      },
    ]);
    expect(t.progress("unknown", null)).toEqual([]);
  });

  it("reports a result once, with the final status", () => {
    const t = new ToolCallTranslator(plain, false);
    started(t, "d", "Agent");
    const [done] = updatesOf(
      t.result({ tool_use_id: "d", content: "report", is_error: false }, undefined),
    );
    expect(done).toMatchObject({
      sessionUpdate: "tool_call_update",
      status: "completed",
      rawOutput: "report",
    });
    expect(t.result({ tool_use_id: "nope", content: "x" }, undefined)).toEqual([]);
  });

  it("forgets a finished turn's tool calls, and what their reports sent", () => {
    const t = new ToolCallTranslator(plain, false);
    started(t, "e", "Agent");
    t.endTurn();
    // Nothing of the old call is kept: the same id is a new tool call with every field.
    const [first] = started(t, "e", "Agent");
    expect(first).toMatchObject({ sessionUpdate: "tool_call", toolCallId: "e", rawInput: {} });
  });

  it("keeps the tool calls of a subagent that outlives the turn (a background child)", () => {
    const t = new ToolCallTranslator(plain, true);
    t.start({ id: "bg", name: "Bash" }, "toolu_bg", 0);
    t.start({ id: "fg", name: "Bash" }, "toolu_fg", 0);
    t.start({ id: "root", name: "Bash" }, null, 1);
    t.endTurn((parent) => parent === "toolu_bg");
    expect(t.parentOf("bg")).toBe("toolu_bg");
    expect(t.parentOf("fg")).toBeNull();
    expect(t.parentOf("root")).toBeNull();
    // The kept call streams on; the others' streams are gone.
    expect(updatesOf(t.inputDelta('{"command": "ls"}', "toolu_bg", 0))).toEqual([
      expect.objectContaining({ toolCallId: "bg", rawInput: { command: "ls" } }),
    ]);
    expect(t.inputDelta('{"command": "ls"}', "toolu_fg", 0)).toEqual([]);
    expect(t.inputDelta('{"command": "ls"}', null, 1)).toEqual([]);
    expect(t.result({ tool_use_id: "bg", content: "x" }, undefined)).toHaveLength(1);
  });
});

// Whole updates, field by field: which report goes out, as tool_call or update, and
// what the tracker leaves out of it.
describe("ToolCallTranslator: the updates of one tool call", () => {
  const zed = parseClientProfile({ _meta: { terminal_output: true } });
  const bashMeta = { claudeCode: { toolName: "Bash" } };

  it("reports a command from the first chunk to its result", () => {
    const t = unrouted(new ToolCallTranslator(plain, false));
    expect(t.start({ id: "b", name: "Bash" }, null, 0)).toStrictEqual([
      {
        sessionUpdate: "tool_call",
        toolCallId: "b",
        // Upstream's pending title, and the Claude tool's name (a client that is not AIR).
        title: "Terminal",
        name: "Bash",
        kind: "execute",
        status: "pending",
        content: [],
        rawInput: {},
        _meta: bashMeta,
      },
    ]);
    // The same tool use again (a retried stream) is not a second tool call.
    expect(t.start({ id: "b", name: "Bash" }, null, 0)).toEqual([]);
    expect(t.inputDelta('{"command": "ls"', null, 0)).toEqual([]);
    expect(t.inputDelta("}", null, 0)).toStrictEqual([
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "b",
        title: "ls",
        rawInput: { command: "ls" },
        _meta: bashMeta,
      },
    ]);
    expect(t.complete({ id: "b", name: "Bash", input: { command: "ls" } }, null)).toEqual([]);
    expect(t.running("b")).toStrictEqual([
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "b",
        status: "in_progress",
        _meta: bashMeta,
      },
    ]);
    expect(t.running("b")).toEqual([]);
    expect(
      t.result({ tool_use_id: "b", content: "a.txt", is_error: false }, undefined),
    ).toStrictEqual([
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "b",
        status: "completed",
        content: [{ type: "content", content: { type: "text", text: "```console\na.txt\n```" } }],
        rawOutput: "a.txt",
        _meta: bashMeta,
      },
    ]);
  });

  it("repeats a command's terminal content in its final update for a terminal client", () => {
    const t = unrouted(new ToolCallTranslator(zed, false));
    t.complete({ id: "b", name: "Bash", input: { command: "ls" } }, null);
    expect(
      t.result({ tool_use_id: "b", content: "Exit code 2\nno", is_error: true }, undefined),
    ).toStrictEqual([
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "b",
        status: "failed",
        content: [{ type: "terminal", terminalId: "b" }],
        _meta: {
          ...bashMeta,
          terminal_info: { terminal_id: "b" },
          terminal_output: { terminal_id: "b", data: "no" },
          terminal_exit: { terminal_id: "b", exit_code: 2, signal: null },
        },
      },
    ]);
  });

  it("does not repeat content in a report that is not final", () => {
    const t = unrouted(new ToolCallTranslator(zed, false));
    t.complete({ id: "b", name: "Bash", input: { command: "ls" } }, null);
    expect(t.running("b")).toStrictEqual([
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "b",
        status: "in_progress",
        _meta: { ...bashMeta, terminal_info: { terminal_id: "b" } },
      },
    ]);
  });

  it("starts a tool call from a complete block that was not streamed, with any input shape", () => {
    const t = unrouted(new ToolCallTranslator(plain, false));
    expect(t.complete({ id: "g", name: "mcp__x__y", input: ["odd"] }, null)).toStrictEqual([
      {
        sessionUpdate: "tool_call",
        toolCallId: "g",
        title: "mcp__x__y",
        name: "mcp__x__y",
        kind: "other",
        status: "pending",
        content: [],
        rawInput: {},
        _meta: { claudeCode: { toolName: "mcp__x__y" } },
      },
    ]);
  });

  it("refines only on a completed parameter with more keys, and only while the input streams", () => {
    const t = unrouted(new ToolCallTranslator(plain, false));
    t.start({ id: "r", name: "Read" }, null, 2);
    expect(t.inputDelta("{", null, 2)).toEqual([]);
    // A comma inside a string completes nothing new.
    expect(t.inputDelta('"file_path": "/a,', null, 2)).toEqual([]);
    expect(t.inputDelta('b"', null, 2)).toEqual([]);
    expect(t.inputDelta(",", null, 2)).toMatchObject([{ rawInput: { file_path: "/a,b" } }]);
    expect(t.inputDelta(' "offset": 1', null, 2)).toEqual([]);
    expect(t.inputDelta("}", null, 2)).toMatchObject([
      { rawInput: { file_path: "/a,b", offset: 1 } },
    ]);
    // Another content block index, or another parent, is another stream.
    expect(t.inputDelta("}", null, 3)).toEqual([]);
    expect(t.inputDelta("}", "p", 2)).toEqual([]);
    t.complete({ id: "r", name: "Read", input: { file_path: "/a,b" } }, null);
    expect(t.inputDelta(', "limit": 2}', null, 2)).toEqual([]);
  });

  it("does not parse a streamed input larger than 64 KiB", () => {
    const t = unrouted(new ToolCallTranslator(plain, false));
    t.start({ id: "w", name: "Write" }, null, 0);
    expect(t.inputDelta(`{"content": "${"x".repeat(64 * 1024)}",`, null, 0)).toEqual([]);
    expect(t.inputDelta(' "file_path": "/a"}', null, 0)).toEqual([]);
  });

  it("ends the streams of one parent when its message stops", () => {
    const t = unrouted(new ToolCallTranslator(plain, true));
    t.start({ id: "a", name: "Read" }, null, 0);
    t.start({ id: "b", name: "Read" }, "p", 0);
    t.messageStopped(null);
    expect(t.inputDelta('{"file_path": "/a"}', null, 0)).toEqual([]);
    expect(t.inputDelta('{"file_path": "/b"}', "p", 0)).toMatchObject([
      { toolCallId: "b", rawInput: { file_path: "/b" } },
    ]);
  });

  it("keeps the structured output as toolResponse unless a hook's came first or the call failed", () => {
    const t = unrouted(new ToolCallTranslator(plain, false));
    t.complete({ id: "a", name: "Read", input: { file_path: "/a" } }, null);
    const [done] = t.result({ tool_use_id: "a", content: "x" }, { file: { content: "x" } });
    expect(done).toMatchObject({
      _meta: { claudeCode: { toolName: "Read", toolResponse: { file: { content: "x" } } } },
    });
    t.complete({ id: "f", name: "Read", input: { file_path: "/f" } }, null);
    const [failed] = t.result({ tool_use_id: "f", content: "no", is_error: true }, { e: 1 });
    expect(failed).toMatchObject({ status: "failed", _meta: { claudeCode: { toolName: "Read" } } });
    expect(
      (failed as unknown as { _meta: { claudeCode: object } })._meta.claudeCode,
    ).not.toHaveProperty("toolResponse");
    t.complete({ id: "h", name: "Read", input: { file_path: "/h" } }, null);
    t.postToolUse("h", { toolResponse: { from: "hook" } });
    const [afterHook] = t.result({ tool_use_id: "h", content: "x" }, { from: "result" });
    expect(afterHook).toMatchObject({
      _meta: { claudeCode: { toolResponse: { from: "hook" } } },
    });
  });

  it("takes the final facts of PostToolUse, and ignores an unknown tool use", () => {
    const t = unrouted(new ToolCallTranslator(plain, false));
    expect(t.postToolUse("nope", { toolResponse: {} })).toEqual([]);
    t.complete({ id: "w", name: "Write", input: { file_path: "/w/a", content: "new" } }, null);
    t.result({ tool_use_id: "w", content: "ok" }, undefined);
    expect(
      t.postToolUse("w", { toolResponse: { type: "update" }, fileAfter: "new\n" }),
    ).toMatchObject([
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "w",
        _meta: { claudeCode: { toolName: "Write", toolResponse: { type: "update" } } },
      },
    ]);
  });

  it("reports a PostToolUse taken in later when asked, or before the result that comes first", () => {
    const t = unrouted(new ToolCallTranslator(plain, false));
    const edit = (id: string) =>
      t.complete(
        { id, name: "Edit", input: { file_path: "/w/a", old_string: "a", new_string: "b" } },
        null,
      );
    const response = {
      filePath: "/w/a",
      structuredPatch: [{ newStart: 1, lines: [" x", "-a", "+b"] }],
    };
    const posted = {
      sessionUpdate: "tool_call_update",
      content: [{ type: "diff", path: "/w/a", oldText: "x\na", newText: "x\nb" }],
    };
    // Taken when asked: the result then completes the call alone.
    edit("e1");
    t.postToolUseLater("e1", { toolResponse: response });
    expect(t.takePosted("e1")).toMatchObject([{ toolCallId: "e1", ...posted }]);
    expect(t.takePosted("e1")).toEqual([]);
    expect(t.result({ tool_use_id: "e1", content: "ok" }, response)).toMatchObject([
      { toolCallId: "e1", status: "completed" },
    ]);
    // The result came first: the report goes before the completion, and only once.
    edit("e2");
    t.postToolUseLater("e2", { toolResponse: response });
    expect(t.result({ tool_use_id: "e2", content: "ok" }, response)).toMatchObject([
      { toolCallId: "e2", ...posted },
      { toolCallId: "e2", status: "completed" },
    ]);
    expect(t.takePosted("e2")).toEqual([]);
    // An unknown tool use is not kept.
    t.postToolUseLater("nope", { toolResponse: {} });
    expect(t.takePosted("nope")).toEqual([]);
  });

  it("reads the file after an edit for a client of exact patches, or without upstream's hunks", () => {
    const response = { filePath: "/w/a", structuredPatch: [{ newStart: 1, lines: ["-a", "+b"] }] };
    const input = { file_path: "/w/a", old_string: "a", new_string: "b" };
    const air = parseClientProfile({
      _meta: { jetbrains: { air: { version: 1, capabilities: [] } } },
    });
    const reads = (profile: typeof plain, toolResponse: unknown, id = "e") => {
      const t = new ToolCallTranslator(profile, false);
      t.complete({ id: "e", name: "Edit", input }, null);
      t.complete({ id: "r", name: "Read", input: { file_path: "/w/a" } }, null);
      return t.readsFileAfter(id, toolResponse);
    };
    expect(reads(plain, response)).toBe(false);
    expect(reads(plain, { ...response, structuredPatch: [] })).toBe(true);
    expect(reads(air, response)).toBe(true);
    expect(reads(air, response, "r")).toBe(false);
    expect(reads(air, response, "unknown")).toBe(false);
  });

  it("reports TodoWrite as one plan, once its input is complete", () => {
    const t = unrouted(new ToolCallTranslator(plain, false));
    const todos = [{ content: "a", status: "pending" }];
    expect(t.start({ id: "p", name: "TodoWrite" }, null, 0)).toEqual([]);
    expect(t.complete({ id: "p", name: "TodoWrite", input: { todos } }, null)).toStrictEqual([
      { sessionUpdate: "plan", entries: [{ content: "a", status: "pending", priority: "medium" }] },
    ]);
    expect(t.complete({ id: "p", name: "TodoWrite", input: { todos } }, null)).toEqual([]);
    expect(t.result({ tool_use_id: "p", content: "ok" }, undefined)).toEqual([]);
  });

  it("reports a task tool as the task list it changes, and nothing else", () => {
    const t = unrouted(new ToolCallTranslator(plain, false));
    expect(t.complete({ id: "c", name: "TaskCreate", input: { subject: "s" } }, null)).toEqual([]);
    expect(
      t.result({ tool_use_id: "c", content: "ok" }, { task: { id: "1", subject: "s" } }),
    ).toStrictEqual([
      { sessionUpdate: "plan", entries: [{ content: "s", status: "pending", priority: "medium" }] },
    ]);
    t.complete({ id: "l", name: "TaskList", input: {} }, null);
    expect(t.result({ tool_use_id: "l", content: "ok" }, {})).toEqual([]);
  });

  it("shows a tool call for a permission request, plan tools included", () => {
    const t = unrouted(new ToolCallTranslator(plain, false));
    const asked = t.forPermission("x", "ExitPlanMode", { plan: "1. go" });
    expect(asked.toolCall).toMatchObject({
      toolCallId: "x",
      status: "pending",
      rawInput: { plan: "1. go" },
    });
    expect(asked.updates).toMatchObject([{ sessionUpdate: "tool_call", toolCallId: "x" }]);
    // Known already, with an input that is not an object: the input stays.
    const again = t.forPermission("x", "ExitPlanMode", "odd");
    expect(again.updates).toEqual([]);
    expect(again.toolCall).toMatchObject({ rawInput: { plan: "1. go" } });
  });

  it("sends a task tool's permission request as a tool call", () => {
    const t = unrouted(new ToolCallTranslator(plain, false));
    const asked = t.forPermission("c", "TaskCreate", { subject: "s" });
    expect(asked.updates).toMatchObject([
      { sessionUpdate: "tool_call", toolCallId: "c", rawInput: { subject: "s" } },
    ]);
  });

  it("does not refine an input that is already complete", () => {
    const t = unrouted(new ToolCallTranslator(plain, false));
    t.start({ id: "r", name: "Read" }, null, 0);
    t.complete({ id: "r", name: "Read", input: { file_path: "/a" } }, null);
    expect(t.inputDelta('{"file_path": "/b"}', null, 0)).toEqual([]);
  });

  it("refines an input of exactly 64 KiB", () => {
    const t = unrouted(new ToolCallTranslator(plain, false));
    t.start({ id: "w", name: "mcp__x__y" }, null, 0);
    const head = '{"a": "';
    const json = `${head}${"x".repeat(64 * 1024 - head.length - 2)}"}`;
    expect(json).toHaveLength(64 * 1024);
    expect(t.inputDelta(json, null, 0)).toMatchObject([{ toolCallId: "w" }]);
  });

  it("refines only when a parameter is added, not when one grows", () => {
    const t = unrouted(new ToolCallTranslator(plain, false));
    t.start({ id: "m", name: "mcp__x__y" }, null, 0);
    expect(t.inputDelta('{"a": [1,', null, 0)).toMatchObject([{ rawInput: { a: [1] } }]);
    expect(t.inputDelta(" 2],", null, 0)).toEqual([]);
    expect(t.inputDelta(' "b": 3}', null, 0)).toMatchObject([{ rawInput: { a: [1, 2], b: 3 } }]);
  });

  it("does not mark a finished call running again", () => {
    const t = unrouted(new ToolCallTranslator(plain, false));
    t.complete({ id: "r", name: "Read", input: { file_path: "/a" } }, null);
    t.result({ tool_use_id: "r", content: "x" }, undefined);
    expect(t.running("r")).toEqual([]);
    expect(t.progress("r", null)).toEqual([]);
  });

  it("repeats a command's terminal content when it completes, too", () => {
    const zed = parseClientProfile({ _meta: { terminal_output: true } });
    const t = unrouted(new ToolCallTranslator(zed, false));
    t.complete({ id: "b", name: "Bash", input: { command: "ls" } }, null);
    expect(t.result({ tool_use_id: "b", content: "x" }, undefined)).toMatchObject([
      { status: "completed", content: [{ type: "terminal", terminalId: "b" }] },
    ]);
  });

  const throwing = (key: string) =>
    Object.defineProperty({}, key, {
      enumerable: true,
      get() {
        throw new Error("odd");
      },
    });

  it("reads a result the reporter chokes on as plain text", () => {
    const t = unrouted(new ToolCallTranslator(plain, false));
    t.complete({ id: "r", name: "Read", input: { file_path: "/a" } }, null);
    const updates = t.result({ tool_use_id: "r", content: "x" }, throwing("file"));
    expect(updates).toHaveLength(2);
    expect(updates[1]).toMatchObject({
      content: [{ type: "content", content: { type: "text", text: "x" } }],
    });
  });

  it("takes no final facts from a PostToolUse the reporter chokes on", () => {
    const t = unrouted(new ToolCallTranslator(plain, false));
    t.complete(
      { id: "e", name: "Edit", input: { file_path: "/a", old_string: "a", new_string: "b" } },
      null,
    );
    const post = Object.assign(throwing("fileAfter"), { toolResponse: { filePath: "/a" } });
    expect(t.postToolUse("e", post as never)).toStrictEqual([
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "e",
        _meta: { claudeCode: { toolName: "Edit", toolResponse: { filePath: "/a" } } },
      },
    ]);
  });

  it("sends the full tool response of a result as its own update before the completion, but to AIR", () => {
    const t = unrouted(new ToolCallTranslator(plain, false));
    t.complete({ id: "b", name: "Bash", input: { command: "ls" } }, null);
    const response = { stdout: "a.txt", stderr: "", interrupted: false };
    const meta = { claudeCode: { toolName: "Bash", toolResponse: response } };
    expect(t.result({ tool_use_id: "b", content: "a.txt" }, response)).toStrictEqual([
      { sessionUpdate: "tool_call_update", toolCallId: "b", _meta: meta },
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "b",
        status: "completed",
        content: [{ type: "content", content: { type: "text", text: "```console\na.txt\n```" } }],
        rawOutput: "a.txt",
        _meta: meta,
      },
    ]);
    const air = parseClientProfile({
      _meta: { jetbrains: { air: { version: 1, capabilities: [] } } },
    });
    const a = unrouted(new ToolCallTranslator(air, false));
    a.complete({ id: "b", name: "Bash", input: { command: "ls" } }, null);
    expect(a.result({ tool_use_id: "b", content: "a.txt" }, response)).toHaveLength(1);
  });

  it("reports an approval as in_progress to AIR only; others see pending until the result", () => {
    const air = parseClientProfile({
      _meta: { jetbrains: { air: { version: 1, capabilities: [] } } },
    });
    const a = unrouted(new ToolCallTranslator(air, false));
    a.complete({ id: "b", name: "Bash", input: { command: "ls" } }, null);
    expect(a.approved("b")).toMatchObject([{ toolCallId: "b", status: "in_progress" }]);
    const t = unrouted(new ToolCallTranslator(plain, false));
    t.complete({ id: "b", name: "Bash", input: { command: "ls" } }, null);
    expect(t.approved("b")).toEqual([]);
    expect(t.result({ tool_use_id: "b", content: "ok" }, undefined)).toMatchObject([
      { status: "completed" },
    ]);
  });

  it("repeats the whole tool call, with the tool's name, in a plain client's permission request", () => {
    const t = unrouted(new ToolCallTranslator(plain, false));
    t.complete({ id: "r", name: "Read", input: { file_path: "/a" } }, null);
    expect(t.forPermission("r", "Read", { file_path: "/a" }).toolCall).toStrictEqual({
      toolCallId: "r",
      name: "Read",
      title: "Read /a",
      kind: "read",
      status: "pending",
      locations: [{ path: "/a", line: 1 }],
      content: [],
      rawInput: { file_path: "/a" },
      _meta: { claudeCode: { toolName: "Read" } },
    });
  });

  it("shows an AIR client the complete input of a permission request", () => {
    const air = parseClientProfile({
      _meta: { jetbrains: { air: { version: 1, capabilities: [] } } },
    });
    const t = unrouted(new ToolCallTranslator(air, false));
    expect(t.forPermission("x", "Bash", { command: "ls" }).toolCall).toMatchObject({
      rawInput: { command: "ls" },
    });
  });
});
