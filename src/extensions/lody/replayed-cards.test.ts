import { describe, expect, it } from "vitest";
import type { MessageEntry } from "../../translation/replay/transcript-entry.js";
import { ReplayedTaskCards } from "./replayed-cards.js";
import { LodyTaskCards } from "./task-cards.js";

const T0 = Date.parse("2026-01-01T00:00:10.000Z") / 1000;
const at = (s: number) => new Date((T0 + s) * 1000).toISOString();
let n = 0;
const entry = (e: Partial<MessageEntry> & Pick<MessageEntry, "type">): MessageEntry =>
  ({ uuid: `u${n++}`, ...e }) as MessageEntry;
const call = (id: string, name: string, input: Record<string, unknown>) =>
  entry({ type: "assistant", message: { content: [{ type: "tool_use", id, name, input }] } });
const result = (
  id: string,
  s: number,
  toolUseResult: unknown,
  extra: Record<string, unknown> = {},
) =>
  entry({
    type: "user",
    timestamp: at(s),
    toolUseResult,
    message: { content: [{ type: "tool_result", tool_use_id: id, content: "x", ...extra }] },
  });
const notification = (taskId: string, s: number, status: string, summary = "Done it") =>
  entry({
    type: "user",
    origin: "task-notification",
    timestamp: at(s),
    message: {
      content: `<task-notification>\n<task-id>${taskId}</task-id>\n<status>${status}</status>\n<summary>${summary}</summary>\n</task-notification>`,
    },
  });
const task = (fields: Record<string, unknown>) => ({ lody: { task: { version: 1, ...fields } } });

describe("ReplayedTaskCards", () => {
  it("a backgrounded Bash command: opened at its launch's result, ended at its notification", () => {
    const cards = new ReplayedTaskCards(new LodyTaskCards(), true);
    expect(
      cards.see(
        call("toolu_b", "Bash", {
          command: "sleep 1",
          description: "Job",
          run_in_background: true,
        }),
      ),
    ).toEqual([]);
    const base = {
      taskId: "b1",
      kind: "background",
      description: "Job",
      actor: "Bash",
      parentToolCallId: "toolu_b",
      startedAtEpochSeconds: T0 + 1,
    };
    expect(cards.see(result("toolu_b", 1, { backgroundTaskId: "b1" }))).toStrictEqual([
      {
        sessionUpdate: "tool_call",
        toolCallId: "task:b1",
        title: "Bash: Job",
        kind: "think",
        status: "in_progress",
        _meta: task({ ...base, status: "in_progress" }),
      },
    ]);
    // Another task's notification, or one not stored as a launch: nothing.
    expect(cards.see(notification("other", 2, "completed"))).toEqual([]);
    expect(cards.see(notification("b1", 5, "completed"))).toStrictEqual([
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "task:b1",
        status: "completed",
        _meta: task({
          ...base,
          status: "completed",
          endedAtEpochSeconds: T0 + 5,
          summary: "Done it",
        }),
      },
    ]);
    expect(cards.finish()).toEqual([]);
  });

  it("a foreground Bash command and an unknown result make no card", () => {
    const cards = new ReplayedTaskCards(new LodyTaskCards(), true);
    cards.see(call("toolu_f", "Bash", { command: "ls" }));
    expect(cards.see(result("toolu_f", 1, { stdout: "x" }))).toEqual([]);
    expect(cards.see(result("toolu_unknown", 1, { backgroundTaskId: "z" }))).toEqual([]);
  });

  it("a stopped command ends failed; one the history leaves running ends failed at the end", () => {
    const cards = new ReplayedTaskCards(new LodyTaskCards(), true);
    cards.see(call("a", "Bash", { command: "x", run_in_background: true }));
    cards.see(result("a", 1, { backgroundTaskId: "t1" }));
    cards.see(call("b", "Bash", { command: "y", run_in_background: true }));
    cards.see(result("b", 2, { backgroundTaskId: "t2" }));
    expect(cards.see(notification("t1", 3, "killed", "Killed"))).toMatchObject([
      {
        status: "failed",
        _meta: task({
          taskId: "t1",
          description: "x",
          error: "Stopped",
          summary: "Killed",
          endedAtEpochSeconds: T0 + 3,
        }),
      },
    ]);
    expect(cards.finish()).toMatchObject([
      {
        toolCallId: "task:t2",
        status: "failed",
        _meta: task({ error: "Stopped", endedAtEpochSeconds: T0 + 3 }),
      },
    ]);
    expect(cards.finish()).toEqual([]);
  });

  it("a foreground subagent: opened, its usage, ended with its answer at its call's result", () => {
    const cards = new ReplayedTaskCards(new LodyTaskCards(), true);
    cards.see(
      call("toolu_a", "Agent", {
        description: "Explore",
        subagent_type: "Explore",
        model: "haiku",
        prompt: "p",
      }),
    );
    const stored = {
      status: "completed",
      agentId: "ag1",
      content: [{ type: "text", text: "Report." }],
      toolsUsed: ["Read", "Bash"],
      totalTokens: 14,
      totalToolUseCount: 2,
      totalDurationMs: 3500,
    };
    const base = {
      taskId: "ag1",
      kind: "subagent",
      description: "Explore",
      actor: "Explore",
      parentToolCallId: "toolu_a",
      modelId: "haiku",
      startedAtEpochSeconds: T0 + 6,
    };
    const progress = {
      lastToolName: "Bash",
      usage: { totalTokens: 14, toolUses: 2, durationMs: 3500 },
    };
    expect(
      cards.see(result("toolu_a", 10, stored, { content: [{ type: "text", text: "Report." }] })),
    ).toStrictEqual([
      {
        sessionUpdate: "tool_call",
        toolCallId: "task:ag1",
        title: "Explore: Explore",
        kind: "think",
        status: "in_progress",
        _meta: task({ ...base, status: "in_progress" }),
      },
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "task:ag1",
        status: "in_progress",
        _meta: task({ ...base, status: "in_progress", ...progress }),
      },
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "task:ag1",
        status: "completed",
        _meta: task({
          ...base,
          status: "completed",
          endedAtEpochSeconds: T0 + 10,
          summary: "Report.",
          ...progress,
        }),
      },
    ]);
  });

  it("a background subagent ends at its notification; without the subagent fallback no card", () => {
    const cards = new ReplayedTaskCards(new LodyTaskCards(), true);
    cards.see(
      call("toolu_bg", "Task", { description: "Later", prompt: "p", run_in_background: true }),
    );
    expect(
      cards.see(result("toolu_bg", 1, { status: "async_launched", agentId: "ag2" })),
    ).toMatchObject([
      {
        sessionUpdate: "tool_call",
        title: "Task: Later",
        _meta: task({ taskId: "ag2", startedAtEpochSeconds: T0 + 1 }),
      },
    ]);
    expect(cards.see(notification("ag2", 9, "completed", "All done"))).toMatchObject([
      { status: "completed", _meta: task({ summary: "All done", endedAtEpochSeconds: T0 + 9 }) },
    ]);
    const off = new ReplayedTaskCards(new LodyTaskCards(), false);
    off.see(call("toolu_bg", "Task", { description: "Later", prompt: "p" }));
    expect(off.see(result("toolu_bg", 1, { status: "completed", agentId: "ag2" }))).toEqual([]);
  });
});
