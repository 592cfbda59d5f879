import { describe, expect, it } from "vitest";
import { parseClientProfile } from "../../extensions/compose.js";
import { updatesOf } from "../routed-update.js";
import { ToolCallTranslator } from "./tool-call-translator.js";

const air = parseClientProfile({
  _meta: { jetbrains: { air: { version: 1, capabilities: ["rawInputRendering"] } } },
});
const plain = parseClientProfile({});

const todo = (id: string) => ({
  id,
  name: "TodoWrite",
  input: { todos: [{ content: "Look", status: "pending", activeForm: "Looking" }] },
});

describe("ToolCallTranslator for AIR", () => {
  it("sends a plan that repeats the last plan to other clients only", () => {
    for (const [profile, count] of [
      [air, 1],
      [plain, 2],
    ] as const) {
      const t = new ToolCallTranslator(profile, false);
      const plans = updatesOf([...t.complete(todo("a"), null), ...t.complete(todo("b"), null)]);
      expect(plans).toEqual(
        Array(count).fill({
          sessionUpdate: "plan",
          entries: [{ content: "Look", status: "pending", priority: "medium" }],
        }),
      );
    }
  });

  it("reports a command with each key once: rawInput when complete, commandTitle, the result", () => {
    const t = new ToolCallTranslator(air, false);
    const updates = updatesOf([
      ...t.start({ id: "b", name: "Bash" }, null, 0),
      ...t.complete({ id: "b", name: "Bash", input: { command: "ls", description: "List" } }, null),
      ...t.running("b"),
      ...t.result({ tool_use_id: "b", content: "a.txt" }, { stdout: "a.txt", stderr: "" }),
    ]);
    expect(updates).toEqual([
      {
        sessionUpdate: "tool_call",
        toolCallId: "b",
        title: "Bash",
        kind: "execute",
        status: "pending",
        content: [],
        _meta: { claudeCode: { toolName: "Bash" } },
      },
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "b",
        title: "ls",
        rawInput: { command: "ls", description: "List" },
        _meta: { jetbrains: { air: { version: 1, commandTitle: "List" } } },
      },
      { sessionUpdate: "tool_call_update", toolCallId: "b", status: "in_progress" },
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "b",
        status: "completed",
        content: [{ type: "content", content: { type: "text", text: "```console\na.txt\n```" } }],
      },
    ]);
  });

  it("reports an MCP tool call's is_mcp_tool_call once", () => {
    const t = new ToolCallTranslator(air, false);
    const updates = updatesOf([
      ...t.start({ id: "m", name: "mcp__s__t" }, null, 0),
      ...t.complete({ id: "m", name: "mcp__s__t", input: { q: 1 } }, null),
    ]);
    expect(updates).toEqual([
      {
        sessionUpdate: "tool_call",
        toolCallId: "m",
        title: "mcp__s__t",
        kind: "other",
        status: "pending",
        content: [],
        _meta: { claudeCode: { toolName: "mcp__s__t" }, is_mcp_tool_call: true },
      },
      { sessionUpdate: "tool_call_update", toolCallId: "m", rawInput: { q: 1 } },
    ]);
  });

  describe("ExitPlanMode for a planFile client", () => {
    const planFile = parseClientProfile({
      _meta: { jetbrains: { air: { version: 1, capabilities: ["planFile"] } } },
    });
    const input = { plan: "# Plan", planFilePath: "/p/plan.md" };
    const exit = { id: "x", name: "ExitPlanMode", input };

    it("sends the path when it names a regular file, checking it once", () => {
      const checked: string[] = [];
      const t = new ToolCallTranslator(planFile, false, (path) => {
        checked.push(path);
        return true;
      });
      const updates = updatesOf([
        ...t.complete(exit, null),
        ...t.forPermission("x", "ExitPlanMode", input).updates,
        ...t.running("x"),
      ]);
      expect(updates[0]).toMatchObject({ content: [], rawInput: { planFilePath: "/p/plan.md" } });
      expect(t.forPermission("x", "ExitPlanMode", input).toolCall.rawInput).toEqual({
        planFilePath: "/p/plan.md",
      });
      expect(checked).toEqual(["/p/plan.md"]);
    });

    it("falls back to the plan text when the file does not exist", () => {
      const t = new ToolCallTranslator(planFile, false, () => false);
      expect(updatesOf(t.complete(exit, null))[0]).toMatchObject({
        content: [{ type: "content", content: { type: "text", text: "# Plan" } }],
        rawInput: input,
      });
    });

    it("checks no file for a client without planFile", () => {
      const t = new ToolCallTranslator(air, false, () => {
        throw new Error("checked");
      });
      expect(updatesOf(t.complete(exit, null))[0]).toMatchObject({ rawInput: input });
    });
  });
});
