import { describe, expect, it } from "vitest";
import { TaskPlan } from "./task-plan.js";

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
