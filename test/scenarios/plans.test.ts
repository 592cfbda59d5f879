import { describe, expect, it } from "vitest";
import { toolCallUpdates } from "../support/acp-harness.js";
import type { RecordedRequest, ScriptedTurn } from "../support/model-server.js";
import { useScenarios } from "../support/scenario-test.js";

const scenario = useScenarios();

/** A subagent that creates a task, starts and completes it; the parent then finishes. */
const SUBAGENT_TASKS: ScriptedTurn[] = [
  {
    blocks: [
      {
        type: "tool_use",
        id: "toolu_agent",
        name: "Agent",
        input: {
          description: "Plan the work",
          prompt: "Make a task and finish it",
          subagent_type: "general-purpose",
          run_in_background: false,
        },
      },
    ],
  },
  {
    blocks: [
      {
        type: "tool_use",
        id: "toolu_child_create",
        name: "TaskCreate",
        input: { subject: "Child task", description: "Made by the subagent" },
      },
    ],
  },
  {
    blocks: [
      {
        type: "tool_use",
        id: "toolu_child_start",
        name: "TaskUpdate",
        input: { taskId: "1", status: "in_progress" },
      },
    ],
  },
  {
    blocks: [
      {
        type: "tool_use",
        id: "toolu_child_done",
        name: "TaskUpdate",
        input: { taskId: "1", status: "completed" },
      },
    ],
  },
  { blocks: [{ type: "text", text: "Child report." }] },
  { blocks: [{ type: "text", text: "Parent done." }] },
];

describe("plan: a subagent's task changes", () => {
  // Two sources: the TaskCreated / TaskCompleted hooks, and the results of the subagent's
  // task tools (the only source of `in_progress`); each change is one plan.
  it("reach the root session's plan", async () => {
    const s = await scenario({
      settings: { permissions: { defaultMode: "acceptEdits", allow: ["Agent"] } },
      // Claude Code 0.3.318 offers the task tools in SDK mode only with this switch.
      env: { CLAUDE_CODE_ENABLE_TODO_TOOLS: "1" },
      script: SUBAGENT_TASKS,
    });
    await s.initialize();
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "delegate");
    // The child's text goes out on the root session too (a client without a subagent signal).
    expect(s.agentText(sessionId)).toBe("Child report.Parent done.");
    expect(s.updates(sessionId).filter((u) => u.sessionUpdate === "plan")).toEqual([
      {
        sessionUpdate: "plan",
        entries: [{ content: "Child task", status: "pending", priority: "medium" }],
      },
      {
        sessionUpdate: "plan",
        entries: [{ content: "Child task", status: "in_progress", priority: "medium" }],
      },
      {
        sessionUpdate: "plan",
        entries: [{ content: "Child task", status: "completed", priority: "medium" }],
      },
    ]);
    // The subagent's task tools are the plan, never tool calls.
    for (const id of ["toolu_child_create", "toolu_child_start", "toolu_child_done"])
      expect(toolCallUpdates(s, sessionId, id)).toEqual([]);
  });
});

describe("plan_update: the ExitPlanMode plan as markdown", () => {
  const plan = "1. Write hello.txt\n2. Done";

  /** Claude Code names the plan file in plan mode's instructions; the scripted model writes it. */
  const writePlan = (req: RecordedRequest): ScriptedTurn => {
    const path =
      /create your plan at (\S+\.md)/.exec(JSON.stringify(req.body))?.[1] ?? "/nonexistent/plan.md";
    return {
      blocks: [
        {
          type: "tool_use",
          id: "toolu_plan",
          name: "Write",
          input: { file_path: path, content: plan },
        },
      ],
    };
  };

  async function planScenario(capabilities: Record<string, unknown>) {
    const s = await scenario({
      settings: { permissions: { defaultMode: "plan" } },
      onPermission: () => ({ outcome: { outcome: "selected", optionId: "exit-plan-default" } }),
      script: [
        writePlan,
        { blocks: [{ type: "tool_use", id: "toolu_exit", name: "ExitPlanMode", input: {} }] },
        { blocks: [{ type: "text", text: "after the plan" }] },
      ],
    });
    await s.initialize(capabilities);
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "plan it");
    return s.updates(sessionId).filter((u) => u.sessionUpdate === "plan_update");
  }

  it("goes to a client that declared clientCapabilities.plan, once", async () => {
    expect(await planScenario({ plan: {} })).toEqual([
      {
        sessionUpdate: "plan_update",
        plan: { type: "markdown", planId: "plan-mode:toolu_exit", content: plan },
      },
    ]);
  });

  it("is absent for a client that did not", async () => {
    expect(await planScenario({})).toEqual([]);
  });
});
