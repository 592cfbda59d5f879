import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import { childSessionId } from "../../translation/subagents/child-session.js";
import { taskEvent } from "./task-events.js";

const system = (fields: Record<string, unknown>) =>
  ({ type: "system", uuid: "u", session_id: "c", ...fields }) as unknown as SDKMessage;

describe("taskEvent", () => {
  it.each([
    [
      "a command started in the background",
      system({
        subtype: "task_started",
        task_id: "b1",
        tool_use_id: "toolu_bg",
        task_type: "local_bash",
        description: "Wait for go",
        is_backgrounded: true,
      }),
      {
        kind: "started",
        taskId: "b1",
        toolCallId: "toolu_bg",
        taskType: "local_bash",
        background: true,
        description: "Wait for go",
      },
    ],
    [
      "a subagent in the foreground: its child session",
      system({
        subtype: "task_started",
        task_id: "a1",
        tool_use_id: "toolu_agent",
        task_type: "local_agent",
        description: "",
        is_backgrounded: false,
      }),
      {
        kind: "started",
        taskId: "a1",
        toolCallId: "toolu_agent",
        taskType: "local_agent",
        background: false,
        childSessionId: childSessionId("root", "toolu_agent"),
      },
    ],
    [
      "a task without a tool call (a monitor)",
      system({ subtype: "task_started", task_id: "m1", description: "watch" }),
      { kind: "started", taskId: "m1", background: false, description: "watch" },
    ],
    [
      "moved to the background",
      system({ subtype: "task_updated", task_id: "a1", patch: { is_backgrounded: true } }),
      { kind: "to_background", taskId: "a1" },
    ],
    [
      "another change",
      system({ subtype: "task_updated", task_id: "a1", patch: { status: "running" } }),
      undefined,
    ],
    [
      "ended",
      system({ subtype: "task_notification", task_id: "b1", status: "failed" }),
      { kind: "ended", taskId: "b1", status: "failed" },
    ],
    [
      "stopped",
      system({ subtype: "task_notification", task_id: "b1", status: "stopped" }),
      { kind: "ended", taskId: "b1", status: "stopped" },
    ],
    [
      "completed",
      system({ subtype: "task_notification", task_id: "b1", status: "completed" }),
      { kind: "ended", taskId: "b1", status: "completed" },
    ],
    ["no task id", system({ subtype: "task_started" }), undefined],
    ["another system message", system({ subtype: "status", task_id: "x" }), undefined],
    ["not a system message", { type: "assistant" } as unknown as SDKMessage, undefined],
  ])("%s", (_name, message, event) => {
    expect(taskEvent(message, "root")).toStrictEqual(event);
  });

  // Claude Code 2.1.318: a SendMessage runs an idle child again, a new start of the same
  // task named by the SendMessage's tool use id (never a child's): the run is the child's
  // the router knows runs that task, live or adopted from a load's replay.
  const resumed = system({
    subtype: "task_started",
    task_id: "agent-a",
    tool_use_id: "toolu_send",
    task_type: "local_agent",
    description: "again",
    is_backgrounded: true,
  });
  const known = (taskId: string) => (taskId === "agent-a" ? "subagent-a" : undefined);
  it.each([
    ["a resumed run of a known child: that child", resumed, known, "subagent-a"],
    [
      "a subagent's first start, its child not known yet: derived from its call",
      system({
        subtype: "task_started",
        task_id: "agent-b",
        tool_use_id: "toolu_agent",
        task_type: "local_agent",
      }),
      known,
      childSessionId("root", "toolu_agent"),
    ],
    [
      "a run of a task no child runs: derived (never announced, never listed)",
      resumed,
      () => undefined,
      childSessionId("root", "toolu_send"),
    ],
    [
      "a command of a known task id: no child",
      system({ subtype: "task_started", task_id: "agent-a", task_type: "local_bash" }),
      known,
      undefined,
    ],
  ])("%s", (_name, message, childOfTask, child) => {
    const event = taskEvent(message, "root", childOfTask);
    expect(event).toMatchObject({ kind: "started" });
    expect((event as { childSessionId?: string }).childSessionId).toBe(child);
  });
});
