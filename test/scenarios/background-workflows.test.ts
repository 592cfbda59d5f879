import type { ClientCapabilities } from "@agentclientprotocol/sdk";
import { describe, expect, it } from "vitest";
import { eventually, type Scenario } from "../support/acp-harness.js";
import type { ScriptedTurn } from "../support/model-server.js";
import { useScenarios } from "../support/scenario-test.js";
import { BYPASS, textTurn } from "../support/script-turns.js";

/**
 * A background workflow (Claude Code's `Workflow`) and a parent cancel, for an AIR client
 * with native subagent sessions and `asyncTasks`: Claude Code's interrupt spares every
 * background task (`perTaskStopAffordance`), and this client stops its tasks one by one,
 * so the cancel leaves the workflow running (the reference's behaviour) until the
 * client's `_session/async_task/stop`. The RFD client's case, where the cancel stops it,
 * is in `subagent-sessions`.
 */
const scenario = useScenarios();

const AIR: ClientCapabilities = {
  _meta: {
    jetbrains: { air: { version: 1, capabilities: ["nativeSubagentSessions", "asyncTasks"] } },
  },
};
const WORKFLOW_AGENT = "Workflow agent: wait.";
/** A Workflow whose one agent waits on the model (its request hangs) until stopped. */
const WORKFLOW_SCRIPT = [
  "export const meta = { name: 'waiting', description: 'One agent that waits' }",
  `const answer = await agent(${JSON.stringify(WORKFLOW_AGENT)}, { label: 'wait' })`,
  "return { answer }",
].join("\n");

type Raw = Record<string, unknown>;
const raw = (s: Scenario): Raw[] =>
  s.extNotifications
    .filter((n) => n.method === "_claude/sdkMessage")
    .map((n) => (n.params as { message: Raw }).message);

/** The AIR async task updates the adapter wrote (the test client drops AIR's kinds). */
function taskUpdates(s: Scenario, sessionId: string): Raw[] {
  return s.sentByAdapter().flatMap((m) => {
    const message = m as { method?: string; params?: { sessionId?: string; update?: Raw } };
    if (message.method !== "session/update" || message.params?.sessionId !== sessionId) return [];
    const update = message.params.update!;
    return String(update.sessionUpdate).startsWith("async_task_") ? [update] : [];
  });
}

describe("a background workflow and a parent cancel (AIR with asyncTasks)", () => {
  it("the cancel leaves it running; the client's stop ends it", async () => {
    const parent: ScriptedTurn[] = [
      {
        blocks: [
          {
            type: "tool_use",
            id: "toolu_wf",
            name: "Workflow",
            input: { script: WORKFLOW_SCRIPT },
          },
        ],
      },
      { kind: "hang" },
    ];
    const fromWorkflow = (req: { body: { messages?: unknown[] } }) =>
      JSON.stringify(req.body.messages?.[0] ?? "").includes(WORKFLOW_AGENT);
    const answer = (req: { body: { messages?: unknown[] } }): ScriptedTurn =>
      fromWorkflow(req) ? { kind: "hang" } : (parent.shift() ?? textTurn("Noted."));
    const s = await scenario({ ...BYPASS, script: Array.from({ length: 8 }, () => answer) });
    await s.initialize(AIR);
    const sessionId = await s.newSession({ _meta: { claudeCode: { emitRawSDKMessages: true } } });
    const workflowTask = () =>
      raw(s).find((m) => m.subtype === "task_started" && m.task_type === "local_workflow");
    const stopped = (taskId: string) =>
      raw(s).some(
        (m) => m.subtype === "task_notification" && m.task_id === taskId && m.status === "stopped",
      );
    const prompt = s.prompt(sessionId, "use a workflow");
    await eventually(
      "the workflow's agent and the parent both waiting",
      () =>
        workflowTask() !== undefined &&
        s.model.requests.some((r) => r.main && fromWorkflow(r)) &&
        parent.length === 0,
      30_000,
    );
    const taskId = workflowTask()!.task_id as string;
    await s.cancel(sessionId);
    expect((await prompt).stopReason).toBe("cancelled");
    // A whole turn after the cancel (Claude Code took any stop sent at the cancel before
    // this prompt): the workflow still runs.
    expect((await s.prompt(sessionId, "and now?")).stopReason).toBe("end_turn");
    expect(stopped(taskId)).toBe(false);
    const spawned = taskUpdates(s, sessionId).find((u) => u.sessionUpdate === "async_task_spawned");
    expect(spawned).toMatchObject({ asyncTaskId: taskId, canStop: true });
    expect(
      taskUpdates(s, sessionId).filter((u) => u.sessionUpdate === "async_task_state_update"),
    ).toEqual([]);
    // The client stops it.
    expect(
      await s.agent.request("_session/async_task/stop", { sessionId, asyncTaskId: taskId }),
    ).toEqual({ stopped: true });
    await eventually("the workflow's end", () => stopped(taskId), 20_000);
  });
});
