import { describe, expect, it } from "vitest";
import { parseClientProfile } from "../../extensions/compose.js";
import { markdownPlanUpdates } from "./markdown-plan.js";
import { TaskPlan, type TaskHookEvent } from "./task-plan.js";
import { ToolCallTranslator } from "./tool-call-translator.js";
import { newToolCallState } from "./tool-call-state.js";

const entry = (content: string, status: string) => ({ content, status, priority: "medium" });
const created = (taskId: string, subject: string): TaskHookEvent => ({
  kind: "created",
  taskId,
  subject,
});
const completed = (taskId: string, subject: string): TaskHookEvent => ({
  kind: "completed",
  taskId,
  subject,
});

describe("TaskPlan.hook (TaskCreated / TaskCompleted)", () => {
  it.each([
    ["a created task is pending", [created("1", "A")], [entry("A", "pending")]],
    [
      "a completed task is completed, named as it was created",
      [created("1", "A"), completed("1", "A renamed")],
      [entry("A", "completed")],
    ],
    [
      "a task completed before it was known is added",
      [completed("7", "B")],
      [entry("B", "completed")],
    ],
    [
      "tasks keep their order",
      [created("1", "A"), created("2", "B"), completed("1", "A")],
      [entry("A", "completed"), entry("B", "pending")],
    ],
  ] as const)("%s", (_name, events, plan) => {
    const tasks = new TaskPlan();
    let last;
    for (const event of events) last = tasks.hook(event) ?? last;
    expect(last).toEqual(plan);
  });

  it.each([
    ["no id", created("", "A")],
    ["no subject", created("1", "")],
  ])("ignores a hook with %s", (_name, event) => {
    expect(new TaskPlan().hook(event)).toBeUndefined();
  });

  it("yields no plan for a change already known (the tool result came first, or repeats it)", () => {
    const tasks = new TaskPlan();
    const ok = {
      isError: false,
      text: "",
      raw: "",
      structured: { task: { id: "1", subject: "A" } },
    };
    tasks.apply("TaskCreate", { subject: "A" }, ok);
    tasks.apply("TaskUpdate", { taskId: "1", status: "in_progress" }, { ...ok, structured: {} });
    // A second TaskCreated of a known task does not reset its status.
    expect(tasks.hook(created("1", "A"))).toBeUndefined();
    expect(tasks.hook(completed("1", "A"))).toEqual([entry("A", "completed")]);
    expect(tasks.hook(completed("1", "A"))).toBeUndefined();
    const after = { ...ok, structured: { success: true, taskId: "1" } };
    expect(tasks.apply("TaskUpdate", { taskId: "1", status: "completed" }, after)).toBeUndefined();
  });
});

describe("ToolCallTranslator.taskHook", () => {
  it("goes to the root session, whichever agent changed the list", () => {
    const t = new ToolCallTranslator(parseClientProfile({}), false);
    expect(t.taskHook(created("1", "A"))).toEqual([
      { target: null, update: { sessionUpdate: "plan", entries: [entry("A", "pending")] } },
    ]);
    expect(t.taskHook(created("1", "A"))).toEqual([]);
  });
});

describe("markdownPlanUpdates (ExitPlanMode → plan_update)", () => {
  const state = (toolName: string, input: Record<string, unknown>) => {
    const s = newToolCallState("toolu_x", toolName, null);
    s.input = input;
    return s;
  };
  const update = (content: string) => ({
    sessionUpdate: "plan_update",
    plan: { type: "markdown", planId: "plan-mode:toolu_x", content },
  });

  it.each([
    ["ExitPlanMode with a plan", true, "ExitPlanMode", { plan: "# P" }, [update("# P")]],
    ["a client without clientCapabilities.plan", false, "ExitPlanMode", { plan: "# P" }, []],
    ["ExitPlanMode without a plan (the model's own input)", true, "ExitPlanMode", {}, []],
    ["a blank plan", true, "ExitPlanMode", { plan: "" }, []],
    ["another tool", true, "Write", { plan: "# P" }, []],
  ] as const)("%s", (_name, enabled, toolName, input, expected) => {
    expect(markdownPlanUpdates(state(toolName, input), enabled)).toEqual(expected);
  });

  it("sends a plan once, and again when its text changes", () => {
    const s = state("ExitPlanMode", { plan: "# P" });
    expect(markdownPlanUpdates(s, true)).toEqual([update("# P")]);
    expect(markdownPlanUpdates(s, true)).toEqual([]);
    s.input = { plan: "# Q" };
    expect(markdownPlanUpdates(s, true)).toEqual([update("# Q")]);
  });

  it.each([
    ["with clientCapabilities.plan", { plan: {} }, 1],
    ["without", {}, 0],
  ] as const)("the permission request's input brings it to the client (%s)", (_n, caps, count) => {
    const t = new ToolCallTranslator(parseClientProfile(caps), false);
    t.complete({ id: "toolu_x", name: "ExitPlanMode", input: {} }, null);
    const updates = t.forPermission("toolu_x", "ExitPlanMode", { plan: "# P" }).updates;
    expect(updates.filter((u) => u.update.sessionUpdate === "plan_update")).toEqual(
      count ? [{ target: null, update: update("# P") }] : [],
    );
  });
});

describe("a hidden subagent's task tools", () => {
  const result = (tool_use_id: string, structured: unknown, is_error = false) =>
    [{ tool_use_id, content: "ok", is_error }, structured] as const;

  it("change the root session's plan from their results, with no tool call", () => {
    const t = new ToolCallTranslator(parseClientProfile({}), false);
    const use = (id: string, name: string, input: unknown) =>
      t.complete({ id, name, input }, "toolu_agent");
    expect(use("c1", "TaskCreate", { subject: "A" })).toEqual([]);
    expect(t.result(...result("c1", { task: { id: "1", subject: "A" } }))).toEqual([
      { target: null, update: { sessionUpdate: "plan", entries: [entry("A", "pending")] } },
    ]);
    use("c2", "TaskUpdate", { taskId: "1", status: "in_progress" });
    expect(t.result(...result("c2", { success: true }))).toEqual([
      { target: null, update: { sessionUpdate: "plan", entries: [entry("A", "in_progress")] } },
    ]);
    // A failed task tool, another hidden tool, and a result seen twice change nothing.
    use("c3", "TaskUpdate", { taskId: "1", status: "completed" });
    expect(t.result(...result("c3", undefined, true))).toEqual([]);
    use("c4", "Bash", { command: "ls" });
    expect(t.result(...result("c4", { stdout: "" }))).toEqual([]);
    expect(t.result(...result("c2", { success: true }))).toEqual([]);
  });

  it("are tool results of their own for a flat transcript (no second plan from the hook)", () => {
    const t = new ToolCallTranslator(parseClientProfile({}), true);
    t.complete({ id: "c1", name: "TaskCreate", input: { subject: "A" } }, "toolu_agent");
    expect(t.taskHook(created("1", "A"))).toEqual([
      { target: null, update: { sessionUpdate: "plan", entries: [entry("A", "pending")] } },
    ]);
    expect(t.result(...result("c1", { task: { id: "1", subject: "A" } }))).toEqual([]);
  });
});
