import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import { LodySubagentCards } from "./subagent-cards.js";
import { LodyTaskCards } from "./task-cards.js";

/** Subagents as Lody task cards (lody-contract.md §7.6), from Claude Code's messages. */
const call = (id: string, input: Record<string, unknown>, name = "Agent"): SDKMessage =>
  ({
    type: "assistant",
    parent_tool_use_id: null,
    message: { content: [{ type: "tool_use", id, name, input }] },
  }) as unknown as SDKMessage;
const system = (subtype: string, fields: Record<string, unknown>): SDKMessage =>
  ({ type: "system", subtype, ...fields }) as unknown as SDKMessage;
const result = (toolUseId: string, isError = false): SDKMessage =>
  ({
    type: "user",
    parent_tool_use_id: null,
    message: {
      content: [{ type: "tool_result", tool_use_id: toolUseId, content: "x", is_error: isError }],
    },
  }) as unknown as SDKMessage;
const turnEnd = { type: "result", subtype: "success" } as unknown as SDKMessage;

const INPUT = { description: "Find files", prompt: "go", subagent_type: "Explore" };

function task(fields: Record<string, unknown>) {
  return {
    lody: {
      task: {
        version: 1,
        taskId: "a1",
        kind: "subagent",
        description: "Find files",
        actor: "Explore",
        parentToolCallId: "toolu_a",
        startedAtEpochSeconds: 100,
        ...fields,
      },
    },
  };
}

function started(
  cards: LodySubagentCards,
  input: Record<string, unknown> = INPUT,
  extra: Record<string, unknown> = {},
) {
  expect(cards.observe(call("toolu_a", input), 99)).toEqual([]);
  return cards.observe(
    system("task_started", {
      task_id: "a1",
      tool_use_id: "toolu_a",
      description: "Find files",
      task_type: "local_agent",
      is_backgrounded: false,
      ...extra,
    }),
    100,
  );
}

describe("LodySubagentCards", () => {
  it("a foreground subagent: a think card in progress, its progress, then completed with its call's result", () => {
    const cards = new LodySubagentCards(new LodyTaskCards());
    expect(started(cards)).toStrictEqual([
      {
        sessionUpdate: "tool_call",
        toolCallId: "task:a1",
        title: "Explore: Find files",
        kind: "think",
        status: "in_progress",
        _meta: task({ status: "in_progress" }),
      },
    ]);
    const usage = { total_tokens: 10, tool_uses: 1, duration_ms: 50 };
    expect(
      cards.observe(system("task_progress", { task_id: "a1", last_tool_name: "Glob", usage }), 101),
    ).toStrictEqual([
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "task:a1",
        status: "in_progress",
        _meta: task({
          status: "in_progress",
          lastToolName: "Glob",
          usage: { totalTokens: 10, toolUses: 1, durationMs: 50 },
        }),
      },
    ]);
    expect(cards.observe(result("toolu_other"), 102)).toEqual([]);
    expect(cards.observe(result("toolu_a"), 103)).toStrictEqual([
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "task:a1",
        status: "completed",
        _meta: task({
          status: "completed",
          endedAtEpochSeconds: 103,
          lastToolName: "Glob",
          usage: { totalTokens: 10, toolUses: 1, durationMs: 50 },
        }),
      },
    ]);
    // Its notification after the end, and the turn's end, change nothing.
    expect(
      cards.observe(system("task_notification", { task_id: "a1", status: "completed" }), 104),
    ).toEqual([]);
    expect(cards.observe(turnEnd, 105)).toEqual([]);
  });

  it("an error result fails the card", () => {
    const cards = new LodySubagentCards(new LodyTaskCards());
    started(cards);
    expect(cards.observe(result("toolu_a", true), 103)).toMatchObject([
      { toolCallId: "task:a1", status: "failed", _meta: task({ status: "failed" }) },
    ]);
  });

  it("the card reads the input's model and the parent task; the Task tool and no type name the actor", () => {
    const cards = new LodySubagentCards(new LodyTaskCards());
    cards.observe(call("toolu_a", { description: "Nested", model: "haiku" }, "Task"), 99);
    expect(
      cards.observe(
        system("task_started", {
          task_id: "a2",
          tool_use_id: "toolu_a",
          description: "ignored",
          parent_task_id: "a1",
          skip_transcript: true,
        }),
        100,
      ),
    ).toStrictEqual([
      {
        sessionUpdate: "tool_call",
        toolCallId: "task:a2",
        title: "Task: Nested",
        kind: "think",
        status: "in_progress",
        _meta: {
          lody: {
            task: {
              version: 1,
              taskId: "a2",
              kind: "subagent",
              status: "in_progress",
              description: "Nested",
              actor: "Task",
              parentTaskId: "a1",
              parentToolCallId: "toolu_a",
              modelId: "haiku",
              startedAtEpochSeconds: 100,
              skipTranscript: true,
            },
          },
        },
      },
    ]);
  });

  it("a background subagent outlives the turn and ends with its notification", () => {
    const cards = new LodySubagentCards(new LodyTaskCards());
    started(cards, { ...INPUT, run_in_background: true }, { is_backgrounded: true });
    // The call's result says it runs in the background: not its end.
    expect(cards.observe(result("toolu_a"), 101)).toEqual([]);
    expect(cards.observe(turnEnd, 102)).toEqual([]);
    expect(
      cards.observe(
        system("task_notification", { task_id: "a1", status: "stopped", summary: "halted" }),
        110,
      ),
    ).toStrictEqual([
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "task:a1",
        status: "failed",
        _meta: task({
          status: "failed",
          endedAtEpochSeconds: 110,
          summary: "halted",
          error: "Stopped",
        }),
      },
    ]);
  });

  it("a foreground subagent moved to the background is not ended by its call's result", () => {
    const cards = new LodySubagentCards(new LodyTaskCards());
    started(cards);
    expect(
      cards.observe(system("task_updated", { task_id: "a1", patch: { is_backgrounded: true } }), 1),
    ).toEqual([]);
    expect(cards.observe(result("toolu_a"), 101)).toEqual([]);
    expect(cards.observe(turnEnd, 102)).toEqual([]);
  });

  it("a foreground subagent open at the turn's end was cancelled with it", () => {
    const cards = new LodySubagentCards(new LodyTaskCards());
    started(cards);
    expect(cards.observe(turnEnd, 102)).toMatchObject([
      { status: "failed", _meta: task({ status: "failed", error: "Cancelled" }) },
    ]);
    expect(cards.observe(result("toolu_a"), 103)).toEqual([]);
  });

  it("shutdown fails every open card once", () => {
    const cards = new LodySubagentCards(new LodyTaskCards());
    started(cards);
    expect(cards.shutdown(120, "Claude Code exited")).toMatchObject([
      {
        status: "failed",
        _meta: task({ status: "failed", endedAtEpochSeconds: 120, error: "Claude Code exited" }),
      },
    ]);
    expect(cards.shutdown(121, "Stopped")).toEqual([]);
  });

  it("tasks that are no subagent's make no card", () => {
    const cards = new LodySubagentCards(new LodyTaskCards());
    // A shell task (the background task cards' own), and a task of an unknown call.
    expect(
      cards.observe(
        system("task_started", {
          task_id: "b1",
          tool_use_id: "toolu_bash",
          task_type: "local_bash",
        }),
        100,
      ),
    ).toEqual([]);
    expect(cards.observe(system("task_progress", { task_id: "b1", summary: "x" }), 101)).toEqual(
      [],
    );
    expect(
      cards.observe(system("task_notification", { task_id: "b1", status: "completed" }), 102),
    ).toEqual([]);
    // A task twice opens one card.
    expect(started(cards)).toHaveLength(1);
    expect(
      cards.observe(system("task_started", { task_id: "a1", tool_use_id: "toolu_a" }), 101),
    ).toEqual([]);
  });
});

describe("LodySubagentCards: what opens, ends and names a card", () => {
  const open = (cards: LodySubagentCards, fields: Record<string, unknown>) =>
    cards.observe(system("task_started", { task_id: "a1", ...fields }), 100);
  const card = (fields: Record<string, unknown>, title: string) => [
    {
      sessionUpdate: "tool_call",
      toolCallId: "task:a1",
      title,
      kind: "think",
      status: "in_progress",
      _meta: {
        lody: {
          task: {
            version: 1,
            taskId: "a1",
            kind: "subagent",
            status: "in_progress",
            startedAtEpochSeconds: 100,
            ...fields,
          },
        },
      },
    },
  ];

  it("an agent task of no known call names itself from the task, else Agent and its id", () => {
    const cards = new LodySubagentCards(new LodyTaskCards());
    expect(
      open(cards, { task_type: "local_agent", subagent_type: "Plan", description: "Think" }),
    ).toStrictEqual(card({ description: "Think", actor: "Plan" }, "Plan: Think"));
    const bare = new LodySubagentCards(new LodyTaskCards());
    expect(open(bare, { task_type: "local_agent" })).toStrictEqual(
      card({ description: "a1", actor: "Agent" }, "Agent: a1"),
    );
  });

  it("a task without an id, or of another tool's call, makes no card", () => {
    const cards = new LodySubagentCards(new LodyTaskCards());
    expect(
      cards.observe(
        system("task_started", { tool_use_id: "toolu_a", task_type: "local_agent" }),
        1,
      ),
    ).toEqual([]);
    cards.observe(call("toolu_b", { command: "ls" }, "Bash"), 1);
    expect(open(cards, { tool_use_id: "toolu_b", task_type: "local_bash" })).toEqual([]);
  });

  it("remembers the last 512 subagent calls", () => {
    const cards = new LodySubagentCards(new LodyTaskCards());
    for (let i = 0; i < 512; i++) cards.observe(call(`toolu_${i}`, { description: `d${i}` }), 1);
    expect(open(cards, { tool_use_id: "toolu_0" })).toHaveLength(1);
    const forgetful = new LodySubagentCards(new LodyTaskCards());
    for (let i = 0; i < 513; i++)
      forgetful.observe(call(`toolu_${i}`, { description: `d${i}` }), 1);
    expect(open(forgetful, { tool_use_id: "toolu_0" })).toEqual([]);
  });

  it("only a tool result of the subagent's call ends it; other messages pass", () => {
    const cards = new LodySubagentCards(new LodyTaskCards());
    started(cards);
    const user = (content: unknown) =>
      ({ type: "user", parent_tool_use_id: null, message: { content } }) as unknown as SDKMessage;
    expect(cards.observe(user("text"), 101)).toEqual([]);
    expect(cards.observe(user([{ type: "text", tool_use_id: "toolu_a" }]), 101)).toEqual([]);
    expect(cards.observe(user([{ type: "tool_result", tool_use_id: 7 }]), 101)).toEqual([]);
    expect(cards.observe({ type: "stream_event" } as unknown as SDKMessage, 101)).toEqual([]);
    expect(
      cards.observe(system("task_updated", { task_id: "a1", patch: { status: "x" } }), 101),
    ).toEqual([]);
    expect(cards.observe(system("task_updated", { task_id: "zz", patch: {} }), 101)).toEqual([]);
    expect(cards.observe(result("toolu_a"), 103)).toMatchObject([{ status: "completed" }]);
  });

  it("a task backgrounded by Claude Code or by its input outlives its call's result", () => {
    for (const [input, extra] of [
      [INPUT, { is_backgrounded: true }],
      [{ ...INPUT, run_in_background: true }, {}],
    ] as const) {
      const cards = new LodySubagentCards(new LodyTaskCards());
      started(cards, input, extra);
      expect(cards.observe(result("toolu_a"), 101)).toEqual([]);
    }
  });

  it("a notification ends the card completed with its summary, or failed without one", () => {
    const cards = new LodySubagentCards(new LodyTaskCards());
    started(cards, INPUT, { is_backgrounded: true });
    expect(
      cards.observe(
        system("task_notification", { task_id: "a1", status: "completed", summary: "done" }),
        110,
      ),
    ).toStrictEqual([
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "task:a1",
        status: "completed",
        _meta: task({ status: "completed", endedAtEpochSeconds: 110, summary: "done" }),
      },
    ]);
    const failing = new LodySubagentCards(new LodyTaskCards());
    started(failing, INPUT, { is_backgrounded: true });
    expect(
      failing.observe(system("task_notification", { task_id: "a1", status: "failed" }), 110),
    ).toStrictEqual([
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "task:a1",
        status: "failed",
        _meta: task({ status: "failed", endedAtEpochSeconds: 110 }),
      },
    ]);
  });

  it("shutdown says why each card failed", () => {
    const cards = new LodySubagentCards(new LodyTaskCards());
    started(cards);
    expect(cards.shutdown(120, "Claude Code exited")).toStrictEqual([
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "task:a1",
        status: "failed",
        _meta: task({ status: "failed", endedAtEpochSeconds: 120, error: "Claude Code exited" }),
      },
    ]);
  });
});
