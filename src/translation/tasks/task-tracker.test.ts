import { describe, expect, it } from "vitest";
import { AsyncTaskTracker, type AsyncTaskUpdate } from "./task-tracker.js";

/** One step fed to a tracker; each returns the updates it made. */
type Step = (t: AsyncTaskTracker) => AsyncTaskUpdate[];

const PATH = "/tmp/c/tasks/b1.output";
const BASH_TEXT = `Command running in background with ID: b1. Output is being written to: ${PATH}. You will be notified when it completes.`;

const use =
  (id: string, name: string, description?: string): Step =>
  (t) => (t.toolUse(id, name, description), []);
const started =
  (extra: Record<string, unknown> = {}): Step =>
  (t) =>
    t.started({
      taskId: "b1",
      toolUseId: "tu1",
      description: "Quick job",
      taskType: "local_bash",
      ...extra,
    });
const result =
  (text = BASH_TEXT, bg: string | null = "b1", id = "tu1"): Step =>
  (t) =>
    t.toolResult(id, text, bg ?? undefined);
const notified =
  (status = "completed", extra: Record<string, unknown> = {}): Step =>
  (t) =>
    t.notified({ taskId: "b1", toolUseId: "tu1", status, summary: "done", ...extra });
const listed =
  (...ids: string[]): Step =>
  (t) =>
    t.listed(ids.map((taskId) => ({ taskId, taskType: "local_bash" })));

const spawned = (extra: Record<string, unknown> = {}) => ({
  kind: "spawned",
  asyncTaskId: "b1",
  name: "Quick job",
  taskType: "shell",
  description: "Quick job",
  showInTranscript: true,
  canStop: true,
  toolCallId: "tu1",
  ...extra,
});
const progress = (fields: Record<string, unknown>) => ({
  kind: "progress",
  asyncTaskId: "b1",
  ...fields,
});
const state = (s: string, summary?: string) => ({
  kind: "state",
  asyncTaskId: "b1",
  state: s,
  ...(summary !== undefined ? { summary } : {}),
});

/** Runs `steps` on a new tracker: the updates of each step, in order. */
function run(steps: readonly Step[]): AsyncTaskUpdate[][] {
  const tracker = new AsyncTaskTracker();
  return steps.map((step) => step(tracker));
}

describe("AsyncTaskTracker", () => {
  it.each<[string, Step[], unknown[][]]>([
    [
      // Claude Code 0.3.318, recorded: list, task_started, result, (idle), notification, list.
      "a backgrounded Bash that finishes",
      [
        use("tu1", "Bash", "Quick job"),
        listed("b1"),
        started({ backgrounded: true }),
        result(),
        (t) => t.turnEnded(),
        notified(),
        listed(),
      ],
      [
        [],
        [],
        [spawned()],
        [progress({ outputFilePath: PATH })],
        [],
        [state("completed", "done")],
        [],
      ],
    ],
    [
      "the output path known before the spawn goes out with it",
      [result(BASH_TEXT, null), started()],
      [[], [spawned({ outputFilePath: PATH })]],
    ],
    [
      "a task named only by backgroundTaskId: its Bash description names it",
      [use("tu1", "Bash", "Quick job"), result()],
      [[], [spawned({ outputFilePath: PATH })]],
    ],
    [
      "backgroundTaskId of a task without a known tool use: named by its id",
      [result("no path here")],
      [[spawned({ name: "b1", description: "b1" })]],
    ],
    [
      "a held task: its updates follow its spawn, in order",
      [
        started({ toolUseId: undefined }),
        (t) => t.progress({ taskId: "b1", summary: "half", lastToolName: "Read" }),
        (t) => t.updated({ taskId: "b1", status: "paused" }),
        (t) => t.progress({ taskId: "b1", toolUseId: "tu1", summary: "most" }),
      ],
      [
        [],
        [],
        [],
        [
          spawned(),
          progress({ summary: "half", lastToolName: "Read" }),
          state("paused"),
          progress({ summary: "most" }),
        ],
      ],
    ],
    [
      "a held task that ends first is spawned without its tool call",
      [started({ toolUseId: undefined }), notified("failed", { toolUseId: undefined })],
      [[], [spawned({ toolCallId: undefined }), state("failed", "done")]],
    ],
    [
      "a held task is spawned when the turn ends; a later id goes out as progress",
      [
        started({ toolUseId: undefined }),
        (t) => t.turnEnded(),
        (t) => t.progress({ taskId: "b1", toolUseId: "tu1" }),
      ],
      [[], [spawned({ toolCallId: undefined })], [progress({ toolCallId: "tu1" })]],
    ],
    [
      "progress carries only what changed",
      [
        started(),
        (t) =>
          t.progress({
            taskId: "b1",
            description: "Quick job",
            summary: "s1",
            usage: { totalTokens: 1, toolUses: 0, durationMs: 5 },
          }),
        (t) =>
          t.progress({
            taskId: "b1",
            description: "Renamed",
            summary: "s1",
            usage: { totalTokens: 1, toolUses: 0, durationMs: 5 },
          }),
        (t) =>
          t.progress({
            taskId: "b1",
            description: "Renamed",
            usage: { totalTokens: 2, toolUses: 0, durationMs: 5 },
          }),
        (t) => t.progress({ taskId: "b1", usage: { totalTokens: 2, toolUses: 1, durationMs: 5 } }),
        (t) => t.progress({ taskId: "b1", usage: { totalTokens: 2, toolUses: 1, durationMs: 6 } }),
        (t) => t.progress({ taskId: "b1", lastToolName: "Bash" }),
        (t) => t.progress({ taskId: "b1", lastToolName: "Bash", summary: "s1" }),
      ],
      [
        [spawned()],
        [progress({ summary: "s1", usage: { totalTokens: 1, toolUses: 0, durationMs: 5 } })],
        [progress({ description: "Renamed" })],
        [progress({ usage: { totalTokens: 2, toolUses: 0, durationMs: 5 } })],
        [progress({ usage: { totalTokens: 2, toolUses: 1, durationMs: 5 } })],
        [progress({ usage: { totalTokens: 2, toolUses: 1, durationMs: 6 } })],
        [progress({ lastToolName: "Bash" })],
        [],
      ],
    ],
    [
      "an SDK output_file wins over the path read from text",
      [started(), result(), notified("completed", { outputFile: "/other/tasks/b1.output" })],
      [
        [spawned()],
        [progress({ outputFilePath: PATH })],
        [progress({ outputFilePath: "/other/tasks/b1.output" }), state("completed", "done")],
      ],
    ],
    [
      "a result text whose path names another task is no path",
      [started(), result(BASH_TEXT.replace("b1.output", "b2.output"), null)],
      [[spawned()], []],
    ],
    [
      "the result text of another tool call is not read",
      [started(), result(BASH_TEXT, null, "tu2")],
      [[spawned()], []],
    ],
    [
      "pause and resume; a repeated status and a terminal task_updated say nothing",
      [
        started(),
        (t) => t.updated({ taskId: "b1", status: "paused" }),
        (t) => t.updated({ taskId: "b1", status: "paused" }),
        (t) => t.updated({ taskId: "b1", status: "running" }),
        (t) => t.updated({ taskId: "b1", status: "completed" }),
        (t) => t.updated({ taskId: "b1", status: "killed" }),
        (t) => t.updated({ taskId: "b1", status: "pending" }),
      ],
      [[spawned()], [state("paused")], [], [state("running")], [], [], []],
    ],
    [
      "a task that leaves the list is stopped; its late terminal event corrects that once",
      [listed("b1"), started(), listed(), notified("completed"), notified("failed")],
      [[], [spawned()], [state("stopped")], [state("completed", "done")], []],
    ],
    [
      "a late terminal event that agrees with the inferred state says nothing",
      [listed("b1"), started(), listed(), notified("stopped")],
      [[], [spawned()], [state("stopped")], []],
    ],
    [
      "a task never listed does not end when the list changes",
      [started(), listed("other"), notified()],
      [[spawned()], [], [state("completed", "done")]],
    ],
    [
      "after its own terminal event a task says nothing more",
      [
        listed("b1"),
        started(),
        notified("failed"),
        listed(),
        notified("completed"),
        (t) => t.shutdown("stopped"),
      ],
      [[], [spawned()], [state("failed", "done")], [], [], []],
    ],
    [
      "a held task that leaves the list is spawned and stopped",
      [listed("b1"), started({ toolUseId: undefined }), listed()],
      [[], [], [spawned({ toolCallId: undefined }), state("stopped")]],
    ],
    [
      "shutdown stops each open task, held ones spawned first",
      [
        started(),
        (t) =>
          t.started({
            taskId: "b2",
            description: "Other",
            taskType: "local_workflow",
            name: "spec",
          }),
        (t) => t.shutdown("stopped"),
        (t) => t.shutdown("failed"),
      ],
      [
        [spawned()],
        [],
        [
          state("stopped"),
          {
            kind: "spawned",
            asyncTaskId: "b2",
            name: "spec",
            taskType: "workflow",
            description: "Other",
            showInTranscript: true,
            canStop: true,
          },
          { kind: "state", asyncTaskId: "b2", state: "stopped" },
        ],
        [],
      ],
    ],
    [
      "shutdown after Claude Code exited: failed",
      [started(), (t) => t.shutdown("failed")],
      [[spawned()], [state("failed")]],
    ],
    [
      "a subagent task is no async task",
      [
        started({ taskType: "local_agent" }),
        (t) => t.progress({ taskId: "b1", summary: "x" }),
        notified(),
        (t) => t.shutdown("stopped"),
      ],
      [[], [], [], []],
    ],
    [
      "a local_monitor task is no async task",
      [started({ taskType: "local_monitor" }), notified()],
      [[], []],
    ],
    [
      "a task the list names a subagent is no async task",
      [
        (t) => t.listed([{ taskId: "b1", taskType: "local_agent" }]),
        (t) => t.started({ taskId: "b1", toolUseId: "tu1", description: "x" }),
        notified(),
      ],
      [[], [], []],
    ],
    [
      "a task a Monitor tool call started is no async task",
      [use("tu1", "Monitor"), listed("b1"), started(), result(), listed(), notified()],
      [[], [], [], [], [], []],
    ],
    [
      "a held task whose tool call turns out to be a Monitor is dropped",
      [
        use("tu1", "Monitor"),
        started({ toolUseId: undefined }),
        (t) => t.progress({ taskId: "b1", toolUseId: "tu1", summary: "x" }),
        (t) => t.turnEnded(),
      ],
      [[], [], [], []],
    ],
    [
      "a foreground task is no async task until it moves to the background",
      [
        started({ backgrounded: false }),
        (t) => t.progress({ taskId: "b1", summary: "x" }),
        (t) => t.updated({ taskId: "b1", status: "running" }),
        (t) => t.updated({ taskId: "b1", backgroundedNow: true }),
      ],
      [[], [], [], [spawned()]],
    ],
    [
      "a foreground task whose result names it as a background task",
      [started({ backgrounded: false }), result()],
      [[], [spawned({ outputFilePath: PATH })]],
    ],
    [
      "a foreground task that ends in the foreground says nothing",
      [started({ backgrounded: false }), notified(), (t) => t.shutdown("stopped")],
      [[], [], []],
    ],
    [
      "skip_transcript: not shown in the transcript",
      [started({ skipTranscript: true, taskType: "monitor_mcp" })],
      [[spawned({ showInTranscript: false, taskType: "monitor" })]],
    ],
    [
      "task types: mcp_task is a task, an unknown type goes out as the SDK names it",
      [
        started({ taskType: "mcp_task" }),
        (t) =>
          t.started({ taskId: "r1", toolUseId: "tu2", description: "R", taskType: "remote_agent" }),
      ],
      [
        [spawned({ taskType: "task" })],
        [
          {
            kind: "spawned",
            asyncTaskId: "r1",
            name: "R",
            taskType: "remote_agent",
            description: "R",
            showInTranscript: true,
            canStop: true,
            toolCallId: "tu2",
          },
        ],
      ],
    ],
    [
      "a subagent task stays silent whatever comes",
      [
        started({ taskType: "local_agent" }),
        started({ taskType: "local_agent", description: "Renamed", toolUseId: "tu9" }),
        (t) => t.updated({ taskId: "b1", status: "paused", description: "Again" }),
        (t) => t.toolResult("tu1", BASH_TEXT, "b1"),
        (t) => t.toolResult("tu1", BASH_TEXT),
      ],
      [[], [], [], [], []],
    ],
    [
      "a task already started and then listed is stopped when it leaves the list",
      [started(), listed("b1"), listed()],
      [[spawned()], [], [state("stopped")]],
    ],
    [
      "a task the list later names a subagent goes silent",
      [
        started({ taskType: undefined }),
        (t) => t.listed([{ taskId: "b1", taskType: "local_agent" }]),
        notified(),
        (t) => t.listed([]),
      ],
      [[spawned()], [], [], []],
    ],
    [
      "a new task is running: a task_updated running says nothing",
      [started(), (t) => t.updated({ taskId: "b1", status: "running" })],
      [[spawned()], []],
    ],
    [
      "the output path goes out once; a later result text changes nothing",
      [
        started(),
        result(BASH_TEXT, null),
        result(BASH_TEXT.replaceAll("/tmp/c/", "/tmp/d/"), null),
      ],
      [[spawned()], [progress({ outputFilePath: PATH })], []],
    ],
    [
      "no path from a result text for a Monitor's or a foreground task",
      [
        use("tu1", "Monitor"),
        started(),
        result(BASH_TEXT, null),
        (t) =>
          t.started({
            taskId: "b2",
            toolUseId: "tu2",
            description: "F",
            taskType: "local_bash",
            backgrounded: false,
          }),
        result(BASH_TEXT.replaceAll("b1", "b2"), null, "tu2"),
      ],
      [[], [], [], [], []],
    ],
    [
      "a held task that ends first: the notification's path goes out with the spawn",
      [
        started({ toolUseId: undefined }),
        notified("completed", { toolUseId: undefined, outputFile: PATH }),
      ],
      [[], [spawned({ toolCallId: undefined, outputFilePath: PATH }), state("completed", "done")]],
    ],
    [
      "a notification's usage goes out as progress before the state",
      [started(), notified("completed", { usage: { totalTokens: 3, toolUses: 1, durationMs: 9 } })],
      [
        [spawned()],
        [
          progress({ usage: { totalTokens: 3, toolUses: 1, durationMs: 9 } }),
          state("completed", "done"),
        ],
      ],
    ],
    [
      "an announced task whose late tool call is a Monitor's keeps going",
      [
        use("tu1", "Monitor"),
        started({ toolUseId: undefined }),
        (t) => t.turnEnded(),
        (t) => t.progress({ taskId: "b1", toolUseId: "tu1" }),
      ],
      [[], [], [spawned({ toolCallId: undefined })], [progress({ toolCallId: "tu1" })]],
    ],
    [
      "a task first named by its notification",
      [
        (t) =>
          t.notified({ taskId: "b1", toolUseId: "tu1", status: "completed", summary: "Finished" }),
      ],
      [[spawned({ name: "Finished", description: "Finished" }), state("completed", "Finished")]],
    ],
  ])("%s", (_name, steps, expected) => {
    // Strict: a key sent as `undefined` is a key too.
    expect(run(steps)).toStrictEqual(
      expected.map((updates) => updates.map((u) => JSON.parse(JSON.stringify(u)))),
    );
  });

  describe("stop requests", () => {
    it("stops a running task once: stopped, then nothing for its own notification", () => {
      const t = new AsyncTaskTracker();
      expect(started()(t)).toEqual([spawned()]);
      expect(t.stopping("b1")).toBe("Quick job");
      expect(t.stopping("b1")).toBeUndefined();
      expect(t.stopped("b1")).toEqual([state("stopped")]);
      expect(notified("stopped")(t)).toEqual([]);
      expect(t.stopping("b1")).toBeUndefined();
    });

    it("the task's own stopped notification during the stop: it goes out once", () => {
      const t = new AsyncTaskTracker();
      started()(t);
      expect(t.stopping("b1")).toBe("Quick job");
      expect(notified("stopped", { summary: "Quick job" })(t)).toEqual([
        state("stopped", "Quick job"),
      ]);
      expect(t.stopped("b1")).toEqual([]);
    });

    it("a stop that failed may be asked again", () => {
      const t = new AsyncTaskTracker();
      started()(t);
      t.stopping("b1");
      t.stopFailed("b1");
      expect(t.stopping("b1")).toBe("Quick job");
      t.stopFailed("unknown");
    });

    it.each<[string, Step[]]>([
      ["an unknown task", []],
      ["a finished task", [started(), notified()]],
      ["a subagent task", [started({ taskType: "local_agent" })]],
      ["a foreground task", [started({ backgrounded: false })]],
      ["a task stopped at shutdown", [started(), (t) => t.shutdown("stopped")]],
    ])("refuses %s", (_name, steps) => {
      const t = new AsyncTaskTracker();
      for (const step of steps) step(t);
      expect(t.stopping("b1")).toBeUndefined();
      expect(t.stopped("b1")).toEqual([]);
    });

    it("a held task may be stopped: spawned, then stopped", () => {
      const t = new AsyncTaskTracker();
      started({ toolUseId: undefined })(t);
      expect(t.stopping("b1")).toBe("Quick job");
      expect(t.stopped("b1")).toEqual([spawned({ toolCallId: undefined }), state("stopped")]);
    });
  });

  it("routes a task to the subagent whose tool call started it, else to the root", () => {
    const t = new AsyncTaskTracker();
    t.toolUse("tu1", "Bash", "Quick job", "toolu_agent");
    t.toolUse("tu2", "Bash", "Other", null);
    started()(t);
    t.started({ taskId: "b2", toolUseId: "tu2", description: "Other", taskType: "local_bash" });
    t.started({ taskId: "b3", description: "Held", taskType: "local_bash" });
    expect(["b1", "b2", "b3", "unknown"].map((id) => t.targetOf(id))).toEqual([
      "toolu_agent",
      null,
      null,
      null,
    ]);
    const f = new AsyncTaskTracker();
    f.toolUse("tu1", "Bash", undefined, "toolu_agent");
    f.started({ taskId: "b1", toolUseId: "tu1", description: "d", backgrounded: false });
    expect(f.targetOf("b1")).toBe("toolu_agent");
  });

  it("forgets the oldest tool uses beyond its window", () => {
    const t = new AsyncTaskTracker();
    t.toolUse("old", "Monitor");
    for (let i = 0; i < 512; i++) t.toolUse(`tu-${i}`, "Bash");
    // The Monitor use was forgotten: its task is published.
    expect(
      t.started({ taskId: "m1", toolUseId: "old", description: "d", taskType: "local_bash" }),
    ).toHaveLength(1);
    t.toolUse("tu-0", "Monitor"); // refreshed: newest again
    for (let i = 0; i < 511; i++) t.toolUse(`tu2-${i}`, "Bash");
    expect(
      t.started({ taskId: "m2", toolUseId: "tu-0", description: "d", taskType: "local_bash" }),
    ).toEqual([]);
  });
});
