import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import { asyncTaskUpdates } from "./sdk-events.js";
import { AsyncTaskTracker } from "./task-tracker.js";

/** Messages as Claude Code 0.3.318 sent them for a backgrounded Bash (trimmed). */
const PATH = "/tmp/h/tasks/bpn55eqlj.output";
const TEXT = `Command running in background with ID: bpn55eqlj. Output is being written to: ${PATH}. You will be notified when it completes.`;
const sys = (fields: Record<string, unknown>) =>
  ({ type: "system", uuid: "u", session_id: "s", ...fields }) as unknown as SDKMessage;
const assistant = (blocks: unknown[], parent: string | null = null) =>
  ({
    type: "assistant",
    message: { content: blocks },
    parent_tool_use_id: parent,
  }) as unknown as SDKMessage;
const user = (content: unknown, structured?: unknown) =>
  ({
    type: "user",
    message: { role: "user", content },
    parent_tool_use_id: null,
    ...(structured !== undefined ? { tool_use_result: structured } : {}),
  }) as unknown as SDKMessage;
const bash = (id: string, input: Record<string, unknown>) => ({
  type: "tool_use",
  id,
  name: "Bash",
  input,
});
const result = (id: string, content: unknown) => ({
  type: "tool_result",
  tool_use_id: id,
  content,
});

const SPAWNED = {
  kind: "spawned",
  asyncTaskId: "bpn55eqlj",
  name: "Quick job",
  taskType: "shell",
  description: "Quick job",
  showInTranscript: true,
  canStop: true,
  toolCallId: "toolu_bg1",
};

function feed(messages: readonly SDKMessage[]): unknown[][] {
  const tracker = new AsyncTaskTracker();
  return messages.map((m) => asyncTaskUpdates(tracker, m));
}

describe("asyncTaskUpdates", () => {
  it("a recorded backgrounded Bash that finishes", () => {
    expect(
      feed([
        assistant([
          bash("toolu_bg1", {
            command: "sleep 1",
            description: "Quick job",
            run_in_background: true,
          }),
        ]),
        sys({
          subtype: "background_tasks_changed",
          tasks: [{ task_id: "bpn55eqlj", task_type: "local_bash", description: "Quick job" }],
        }),
        sys({
          subtype: "task_started",
          task_id: "bpn55eqlj",
          tool_use_id: "toolu_bg1",
          description: "Quick job",
          is_backgrounded: true,
          task_type: "local_bash",
        }),
        user([result("toolu_bg1", TEXT)], { stdout: "", backgroundTaskId: "bpn55eqlj" }),
        { type: "result", subtype: "success" } as unknown as SDKMessage,
        sys({
          subtype: "task_updated",
          task_id: "bpn55eqlj",
          patch: { status: "completed", end_time: 1 },
        }),
        sys({
          subtype: "task_notification",
          task_id: "bpn55eqlj",
          tool_use_id: "toolu_bg1",
          status: "completed",
          output_file: PATH,
          summary: 'Background command "Quick job" completed (exit code 0)',
        }),
        sys({ subtype: "background_tasks_changed", tasks: [] }),
        sys({ subtype: "session_state_changed", state: "idle" }),
      ]),
    ).toEqual([
      [],
      [],
      [SPAWNED],
      [{ kind: "progress", asyncTaskId: "bpn55eqlj", outputFilePath: PATH }],
      [],
      [],
      [
        {
          kind: "state",
          asyncTaskId: "bpn55eqlj",
          state: "completed",
          summary: 'Background command "Quick job" completed (exit code 0)',
        },
      ],
      [],
      [],
    ]);
  });

  it("the structured backgroundTaskId alone names the task; the command names it without a description", () => {
    expect(
      feed([
        assistant([bash("toolu_bg1", { command: "sleep 1" })]),
        user([{ type: "text", text: "x" }, result("toolu_bg1", [{ type: "text", text: TEXT }])], {
          backgroundTaskId: "bpn55eqlj",
        }),
      ]),
    ).toEqual([
      [],
      [
        {
          ...SPAWNED,
          name: "sleep 1",
          description: "sleep 1",
          outputFilePath: PATH,
        },
      ],
    ]);
  });

  it("the text of a result never creates a task; structured data of a message with two results names none", () => {
    expect(
      feed([
        user([result("toolu_bg1", TEXT)]),
        user([result("toolu_bg1", TEXT), result("toolu_x", "y")], {
          backgroundTaskId: "bpn55eqlj",
        }),
        user("plain prompt text"),
        user([result("toolu_bg1", TEXT)], null),
        user([{ type: "tool_result", content: TEXT }], { backgroundTaskId: "bpn55eqlj" }),
      ]),
    ).toEqual([[], [], [], [], []]);
  });

  it("task_progress, task_updated and skip_transcript, field by field", () => {
    expect(
      feed([
        sys({
          subtype: "task_started",
          task_id: "w1",
          tool_use_id: "toolu_w",
          description: "Spec run",
          task_type: "local_workflow",
          workflow_name: "spec",
          skip_transcript: true,
        }),
        sys({
          subtype: "task_progress",
          task_id: "w1",
          description: "Spec run",
          usage: { total_tokens: 10, tool_uses: 2, duration_ms: 300 },
          last_tool_name: "Read",
          summary: "Reading",
        }),
        sys({
          subtype: "task_progress",
          task_id: "w1",
          description: "Spec run",
          usage: { total_tokens: "10" },
        }),
        sys({
          subtype: "task_updated",
          task_id: "w1",
          patch: { status: "paused", description: "Spec run 2" },
        }),
        sys({ subtype: "task_updated", task_id: "w1" }),
        sys({
          subtype: "task_notification",
          task_id: "w1",
          status: "killed",
          output_file: "",
          summary: "",
        }),
      ]),
    ).toEqual([
      [
        {
          kind: "spawned",
          asyncTaskId: "w1",
          name: "spec",
          taskType: "workflow",
          description: "Spec run",
          showInTranscript: false,
          canStop: true,
          toolCallId: "toolu_w",
        },
      ],
      [
        {
          kind: "progress",
          asyncTaskId: "w1",
          summary: "Reading",
          lastToolName: "Read",
          usage: { totalTokens: 10, toolUses: 2, durationMs: 300 },
        },
      ],
      [],
      [
        { kind: "progress", asyncTaskId: "w1", description: "Spec run 2" },
        { kind: "state", asyncTaskId: "w1", state: "paused" },
      ],
      [],
      [{ kind: "state", asyncTaskId: "w1", state: "stopped" }],
    ]);
  });

  it.each([
    ["usage without tool_uses", { total_tokens: 1, duration_ms: 1 }],
    ["usage without total_tokens", { tool_uses: 1, duration_ms: 1 }],
    ["usage without duration_ms", { total_tokens: 1, tool_uses: 1 }],
    ["usage that is not an object", 5],
    ["no usage", null],
  ])("ignores %s", (_name, usage) => {
    const [, progress] = feed([
      sys({
        subtype: "task_started",
        task_id: "w1",
        tool_use_id: "t",
        description: "d",
        task_type: "local_bash",
      }),
      sys({ subtype: "task_progress", task_id: "w1", description: "d", usage }),
    ]);
    expect(progress).toEqual([]);
  });

  it("a foreground task that moves to the background; a subagent's task is the subagent's", () => {
    const tracker = new AsyncTaskTracker();
    const run = (m: SDKMessage) => asyncTaskUpdates(tracker, m);
    run(assistant([bash("toolu_c", { command: "make", description: "Build" })], "toolu_agent"));
    expect(
      run(
        sys({
          subtype: "task_started",
          task_id: "c1",
          tool_use_id: "toolu_c",
          description: "Build",
          is_backgrounded: false,
          task_type: "local_bash",
        }),
      ),
    ).toEqual([]);
    expect(
      run(sys({ subtype: "task_updated", task_id: "c1", patch: { is_backgrounded: true } })),
    ).toEqual([
      { ...SPAWNED, asyncTaskId: "c1", name: "Build", description: "Build", toolCallId: "toolu_c" },
    ]);
    expect(tracker.targetOf("c1")).toBe("toolu_agent");
  });

  it("the prompt's result spawns a held task; the list decides liveness; a notification's path and usage", () => {
    expect(
      feed([
        assistant([{ type: "tool_use", id: "toolu_n", name: "Bash", input: null }]),
        sys({
          subtype: "task_started",
          task_id: "h1",
          description: "Held",
          task_type: "local_bash",
        }),
        { type: "result", subtype: "success" } as unknown as SDKMessage,
        sys({
          subtype: "background_tasks_changed",
          tasks: [{ task_id: "h1", task_type: "local_bash" }],
        }),
        sys({ subtype: "background_tasks_changed" }),
        sys({ subtype: "background_tasks_changed", tasks: [] }),
        sys({
          subtype: "task_started",
          task_id: "n1",
          tool_use_id: "toolu_n",
          description: "",
          task_type: "local_bash",
        }),
        sys({
          subtype: "task_notification",
          task_id: "n1",
          status: "failed",
          output_file: "/o/tasks/n1.output",
          summary: "Boom",
          usage: { total_tokens: 1, tool_uses: 0, duration_ms: 2 },
        }),
      ]),
    ).toEqual([
      [],
      [],
      [
        {
          kind: "spawned",
          asyncTaskId: "h1",
          name: "Held",
          taskType: "shell",
          description: "Held",
          showInTranscript: true,
          canStop: true,
        },
      ],
      [],
      [],
      [{ kind: "state", asyncTaskId: "h1", state: "stopped" }],
      [
        {
          kind: "spawned",
          asyncTaskId: "n1",
          name: "n1",
          taskType: "shell",
          description: "n1",
          showInTranscript: true,
          canStop: true,
          toolCallId: "toolu_n",
        },
      ],
      [
        {
          kind: "progress",
          asyncTaskId: "n1",
          outputFilePath: "/o/tasks/n1.output",
          usage: { totalTokens: 1, toolUses: 0, durationMs: 2 },
        },
        {
          kind: "state",
          asyncTaskId: "n1",
          state: "failed",
          summary: "Boom",
        },
      ],
    ]);
  });

  it("a foreground task stays foreground through a task_updated that does not background it", () => {
    expect(
      feed([
        sys({
          subtype: "task_started",
          task_id: "c1",
          tool_use_id: "toolu_c",
          description: "Build",
          is_backgrounded: false,
          task_type: "local_bash",
        }),
        sys({
          subtype: "task_updated",
          task_id: "c1",
          patch: { is_backgrounded: false, status: "running" },
        }),
        sys({
          subtype: "task_notification",
          task_id: "c1",
          status: "completed",
          output_file: "/x",
          summary: "done",
        }),
      ]),
    ).toEqual([[], [], []]);
  });

  it("a Monitor's task, a subagent task and other messages make no update", () => {
    expect(
      feed([
        assistant([
          { type: "tool_use", id: "toolu_mon", name: "Monitor", input: { description: "Watch" } },
          { type: "text", text: "hi" },
        ]),
        sys({
          subtype: "task_started",
          task_id: "m1",
          tool_use_id: "toolu_mon",
          description: "Watch",
          task_type: "local_bash",
        }),
        sys({
          subtype: "task_started",
          task_id: "a1",
          tool_use_id: "toolu_agent",
          description: "Explore",
          task_type: "local_agent",
        }),
        sys({
          subtype: "task_notification",
          task_id: "a1",
          status: "completed",
          output_file: "/x",
          summary: "done",
        }),
        sys({ subtype: "background_tasks_changed" }),
        sys({ subtype: "status", status: "requesting" }),
        { type: "stream_event" } as unknown as SDKMessage,
      ]),
    ).toEqual([[], [], [], [], [], [], []]);
  });
});
