import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import { ToolTasks } from "./tool-tasks.js";

const started = (toolUseId: string, taskId: string) =>
  ({
    type: "system",
    subtype: "task_started",
    task_id: taskId,
    tool_use_id: toolUseId,
    description: "run",
    task_type: "local_bash",
  }) as unknown as SDKMessage;
const ended = (toolUseId: string, taskId: string) =>
  ({
    type: "system",
    subtype: "task_notification",
    task_id: taskId,
    tool_use_id: toolUseId,
    status: "stopped",
  }) as unknown as SDKMessage;
const result = (toolUseId: string) =>
  ({
    type: "user",
    message: { role: "user", content: [{ type: "tool_result", tool_use_id: toolUseId }] },
  }) as unknown as SDKMessage;

function tasks() {
  const stopped: string[] = [];
  const t = new ToolTasks((taskId) => {
    stopped.push(taskId);
    return Promise.resolve();
  });
  return { t, stopped };
}

describe("ToolTasks", () => {
  it("stops the running task of a tool call", () => {
    const { t, stopped } = tasks();
    t.observe(started("toolu_a", "task-a"));
    t.observe(started("toolu_b", "task-b"));
    t.stop("toolu_b");
    expect(stopped).toEqual(["task-b"]);
  });

  it("a stop asked before the task starts is done when it starts", () => {
    const { t, stopped } = tasks();
    t.stop("toolu_a");
    expect(stopped).toEqual([]);
    t.observe(started("toolu_a", "task-a"));
    expect(stopped).toEqual(["task-a"]);
    // Done once.
    t.observe(started("toolu_a", "task-a"));
    expect(stopped).toEqual(["task-a"]);
  });

  it("a tool call's result or its task's end forgets a stop not done", () => {
    const { t, stopped } = tasks();
    t.stop("toolu_a");
    t.observe(result("toolu_a"));
    t.observe(started("toolu_a", "task-a"));
    t.stop("toolu_b");
    t.observe(ended("toolu_b", "task-b"));
    t.observe(started("toolu_b", "task-b2"));
    expect(stopped).toEqual([]);
  });

  it("an ended task is not stopped: the stop waits for a task of that call", () => {
    const { t, stopped } = tasks();
    t.observe(started("toolu_a", "task-a"));
    t.observe(ended("toolu_a", "task-a"));
    t.stop("toolu_a");
    expect(stopped).toEqual([]);
  });

  it("Claude Code exiting forgets its tasks and the stops asked", () => {
    const { t, stopped } = tasks();
    t.observe(started("toolu_a", "task-a"));
    t.stop("toolu_b");
    t.queryExited();
    t.stop("toolu_a");
    t.observe(started("toolu_b", "task-b"));
    expect(stopped).toEqual([]);
  });

  it("a failed stop is swallowed, and no Claude Code is no stop", async () => {
    const failing = new ToolTasks(() => Promise.reject(new Error("gone")));
    failing.observe(started("toolu_a", "task-a"));
    expect(() => failing.stop("toolu_a")).not.toThrow();
    const none = new ToolTasks(() => undefined);
    none.observe(started("toolu_a", "task-a"));
    expect(() => none.stop("toolu_a")).not.toThrow();
    await new Promise((resolve) => setImmediate(resolve));
  });
});
