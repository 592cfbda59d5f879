import { describe, expect, it } from "vitest";
import { TASK_TOOLS, TaskPlan } from "./task-plan.js";

const ok = (structured: unknown) => ({ isError: false, text: "", raw: "", structured });

describe("TaskPlan", () => {
  it("builds the plan from created and updated tasks", () => {
    const plan = new TaskPlan();
    expect(
      plan.apply(
        "TaskCreate",
        { subject: "Write tests" },
        ok({ task: { id: "1", subject: "Write tests" } }),
      ),
    ).toEqual([{ content: "Write tests", status: "pending", priority: "medium" }]);
    plan.apply("TaskCreate", { subject: "Ship" }, ok({ task: { id: "2", subject: "Ship" } }));
    expect(
      plan.apply(
        "TaskUpdate",
        { taskId: "1", status: "in_progress" },
        ok({ success: true, taskId: "1" }),
      ),
    ).toEqual([
      { content: "Write tests", status: "in_progress", priority: "medium" },
      { content: "Ship", status: "pending", priority: "medium" },
    ]);
    expect(
      plan.apply(
        "TaskUpdate",
        { taskId: "2", status: "deleted" },
        ok({ success: true, taskId: "2" }),
      ),
    ).toEqual([{ content: "Write tests", status: "in_progress", priority: "medium" }]);
  });

  it("yields nothing when a result changes nothing or failed", () => {
    const plan = new TaskPlan();
    plan.apply("TaskCreate", {}, ok({ task: { id: "1", subject: "A" } }));
    expect(
      plan.apply(
        "TaskGet",
        { taskId: "1" },
        ok({ task: { id: "1", subject: "A", status: "pending" } }),
      ),
    ).toBeUndefined();
    expect(
      plan.apply("TaskUpdate", { taskId: "1", status: "completed" }, { ...ok({}), isError: true }),
    ).toBeUndefined();
    expect(
      plan.apply("TaskUpdate", { taskId: "1", status: "completed" }, ok({ success: false })),
    ).toBeUndefined();
  });

  it("replaces the list from TaskList", () => {
    const plan = new TaskPlan();
    plan.apply("TaskCreate", {}, ok({ task: { id: "1", subject: "Old" } }));
    expect(
      plan.apply("TaskList", {}, ok({ tasks: [{ id: "7", subject: "New", status: "completed" }] })),
    ).toEqual([{ content: "New", status: "completed", priority: "medium" }]);
  });
});

describe("TaskPlan: each tool's edges", () => {
  const entry = (content: string, status: string) => ({ content, status, priority: "medium" });
  const withTask = () => {
    const plan = new TaskPlan();
    plan.apply("TaskCreate", {}, ok({ task: { id: "1", subject: "A" } }));
    return plan;
  };

  it("knows the four task tools", () => {
    expect([...TASK_TOOLS]).toEqual(["TaskCreate", "TaskUpdate", "TaskList", "TaskGet"]);
  });

  it.each([
    [
      "the input's subject when the output has none",
      { subject: "In" },
      { task: { id: "1" } },
      [entry("In", "pending")],
    ],
    ["nothing without an id", { subject: "In" }, { task: { subject: "Out" } }, undefined],
    ["nothing without a subject", {}, { task: { id: "1" } }, undefined],
    ["nothing without output", { subject: "In" }, undefined, undefined],
  ])("TaskCreate: %s", (_name, input, structured, plan) => {
    expect(new TaskPlan().apply("TaskCreate", input, ok(structured))).toEqual(plan);
  });

  it.each([
    ["a new subject", { taskId: "1", subject: "B" }, {}, [entry("B", "pending")]],
    ["the id from the output", { status: "completed" }, { taskId: "1" }, [entry("A", "completed")]],
    [
      "an unknown status, which keeps the old one",
      { taskId: "1", status: "blocked", subject: "C" },
      {},
      [entry("C", "pending")],
    ],
    [
      "a task it never saw",
      { taskId: "9", status: "in_progress" },
      {},
      [entry("A", "pending"), entry("9", "in_progress")],
    ],
    [
      "a task it never saw, with a subject",
      { taskId: "9", subject: "S" },
      {},
      [entry("A", "pending"), entry("S", "pending")],
    ],
    ["no id", { status: "completed" }, {}, undefined],
    [
      "deleting a task it never saw",
      { taskId: "9", status: "deleted" },
      { success: true },
      undefined,
    ],
  ])("TaskUpdate with %s", (_name, input, structured, plan) => {
    expect(withTask().apply("TaskUpdate", input, ok(structured))).toEqual(plan);
  });

  it.each([
    ["no list", {}, undefined],
    ["an empty list", { tasks: [] }, []],
    [
      "entries without id, subject or a known status",
      {
        tasks: [
          { subject: "x", status: "pending" },
          { id: "2", status: "pending" },
          { id: "3", subject: "x" },
          { id: "4", subject: "x", status: "deleted" },
          null,
          { id: "5", subject: "Five", status: "in_progress" },
        ],
      },
      [entry("Five", "in_progress")],
    ],
  ])("TaskList with %s", (_name, structured, plan) => {
    expect(withTask().apply("TaskList", {}, ok(structured))).toEqual(plan);
  });

  it("TaskGet adds or updates the task it read", () => {
    const plan = withTask();
    expect(
      plan.apply("TaskGet", {}, ok({ task: { id: "1", subject: "A", status: "completed" } })),
    ).toEqual([entry("A", "completed")]);
    expect(plan.apply("TaskGet", {}, ok({}))).toBeUndefined();
    expect(plan.entries()).toEqual([entry("A", "completed")]);
  });

  it("ignores other tools", () => {
    expect(
      withTask().apply("TodoWrite", { taskId: "1" }, ok({ task: { id: "2", subject: "B" } })),
    ).toBeUndefined();
  });
});
