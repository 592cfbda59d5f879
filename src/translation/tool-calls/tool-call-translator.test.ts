import { describe, expect, it } from "vitest";
import { parseClientProfile } from "../../profile/client-profile.js";
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
      title: "Agent",
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
});
