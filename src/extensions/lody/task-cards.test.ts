import { describe, expect, it } from "vitest";
import type { AsyncTaskUpdate } from "../../translation/tasks/task-tracker.js";
import { LodyTaskCards } from "./task-cards.js";

/** Lody background tasks (lody-contract.md §7.6) from the async task tracker's reports. */
const spawned = (over: Partial<Record<string, unknown>> = {}): AsyncTaskUpdate =>
  ({
    kind: "spawned",
    asyncTaskId: "b1",
    name: "Quick job",
    taskType: "shell",
    description: "Quick job",
    showInTranscript: true,
    canStop: true,
    toolCallId: "toolu_1",
    ...over,
  }) as AsyncTaskUpdate;
const progress = (fields: Record<string, unknown>): AsyncTaskUpdate =>
  ({ kind: "progress", asyncTaskId: "b1", ...fields }) as AsyncTaskUpdate;
const state = (s: string, summary?: string): AsyncTaskUpdate =>
  ({
    kind: "state",
    asyncTaskId: "b1",
    state: s,
    ...(summary ? { summary } : {}),
  }) as AsyncTaskUpdate;

const task = (fields: Record<string, unknown>) => ({
  lody: {
    task: {
      version: 1,
      taskId: "b1",
      kind: "background",
      description: "Quick job",
      actor: "Bash",
      parentToolCallId: "toolu_1",
      startedAtEpochSeconds: 100,
      ...fields,
    },
  },
});

describe("LodyTaskCards", () => {
  it("a background Bash command: a think tool call, then its end with the summary", () => {
    const cards = new LodyTaskCards();
    expect(cards.present(spawned(), 100)).toStrictEqual([
      {
        sessionUpdate: "tool_call",
        toolCallId: "task:b1",
        title: "Bash: Quick job",
        kind: "think",
        status: "in_progress",
        _meta: task({ status: "in_progress" }),
      },
    ]);
    expect(cards.present(spawned(), 101)).toEqual([]);
    expect(cards.present(progress({ outputFilePath: "/tmp/x" }), 101)).toEqual([]);
    expect(cards.present(state("running"), 101)).toEqual([]);
    expect(cards.present(progress({ summary: "half", lastToolName: "Bash" }), 102)).toStrictEqual([
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "task:b1",
        status: "in_progress",
        _meta: task({ status: "in_progress", summary: "half", lastToolName: "Bash" }),
      },
    ]);
    expect(cards.present(state("completed", "done (exit code 0)"), 105)).toStrictEqual([
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "task:b1",
        status: "completed",
        _meta: task({
          status: "completed",
          endedAtEpochSeconds: 105,
          summary: "done (exit code 0)",
          lastToolName: "Bash",
        }),
      },
    ]);
    // Nothing after the end.
    expect(cards.present(state("failed"), 106)).toEqual([]);
    expect(cards.present(progress({ summary: "late" }), 106)).toEqual([]);
  });

  it.each([
    ["failed", "failed", {}],
    ["stopped", "failed", { error: "Stopped" }],
  ])("a task %s ends %s", (from, to, extra) => {
    const cards = new LodyTaskCards();
    cards.present(spawned({ toolCallId: undefined, showInTranscript: false }), 100);
    const [end] = cards.present(state(from), 110);
    const expected = task({ status: to, endedAtEpochSeconds: 110, skipTranscript: true, ...extra });
    delete (expected.lody.task as Record<string, unknown>).parentToolCallId;
    expect(end).toStrictEqual({
      sessionUpdate: "tool_call_update",
      toolCallId: "task:b1",
      status: to,
      _meta: expected,
    });
  });

  it("usage goes into the snapshot", () => {
    const cards = new LodyTaskCards();
    cards.present(spawned(), 100);
    const usage = { totalTokens: 5, toolUses: 1, durationMs: 9 };
    expect(cards.present(progress({ usage }), 101)).toStrictEqual([
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "task:b1",
        status: "in_progress",
        _meta: task({ status: "in_progress", usage }),
      },
    ]);
  });

  it("each progress field stays until it changes; pausing is no report; the end keeps the summary", () => {
    const cards = new LodyTaskCards();
    cards.present(spawned(), 100);
    const report = (fields: Record<string, unknown>) => [
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "task:b1",
        status: "in_progress",
        _meta: task({ status: "in_progress", ...fields }),
      },
    ];
    expect(cards.present(progress({ summary: "half" }), 101)).toStrictEqual(
      report({ summary: "half" }),
    );
    expect(cards.present(progress({ lastToolName: "Read" }), 102)).toStrictEqual(
      report({ summary: "half", lastToolName: "Read" }),
    );
    expect(cards.present(progress({ summary: "most" }), 103)).toStrictEqual(
      report({ summary: "most", lastToolName: "Read" }),
    );
    expect(cards.present(state("paused"), 104)).toEqual([]);
    expect(cards.present(state("completed"), 105)).toStrictEqual([
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "task:b1",
        status: "completed",
        _meta: task({
          status: "completed",
          endedAtEpochSeconds: 105,
          summary: "most",
          lastToolName: "Read",
        }),
      },
    ]);
  });

  it.each(["workflow", "monitor", "task"])("a %s task is no Lody task", (taskType) => {
    const cards = new LodyTaskCards();
    expect(cards.present(spawned({ taskType }), 100)).toEqual([]);
    expect(cards.present(state("completed"), 101)).toEqual([]);
  });
});
