import { methods } from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import { eventually, PROFILES, REPO_ROOT, type Scenario } from "../support/acp-harness.js";
import { LODY } from "../support/lody.js";
import type { ScriptedTurn } from "../support/model-server.js";
import { useScenarios } from "../support/scenario-test.js";
import { commandLine } from "../support/processes.js";
import {
  BYPASS,
  gatedCommand,
  openGate,
  scenarioProcesses,
  textTurn,
} from "../support/script-turns.js";

/**
 * Lody background tasks (lody-contract.md §7.6) against real Claude Code: a
 * backgrounded Bash command is a `task:<taskId>` tool call of kind `think` with
 * `_meta.lody.task`, ending with Claude Code's summary; a plain client gets none of it.
 * Also the stable `_meta.lody.toolName` of Claude Code's `CronList` (contract §3).
 */
const scenario = useScenarios();

const QUICK_GATE = "quick.go";
const script: ScriptedTurn[] = [
  {
    blocks: [
      {
        type: "tool_use",
        id: "toolu_quick",
        name: "Bash",
        // Ends once the prompt has been answered (`start`).
        input: {
          command: gatedCommand(QUICK_GATE),
          description: "Quick job",
          run_in_background: true,
        },
      },
      // One of Claude Code's own tools with a stable Lody name (contract §3).
      { type: "tool_use", id: "toolu_crons", name: "CronList", input: {} },
    ],
  },
  textTurn("Started."),
  // Claude Code's own follow-up once the task finished (no prompt runs then).
  textTurn("The quick job is done."),
];

type Update = ReturnType<Scenario["updates"]>[number];
const callsOf = (s: Scenario, sessionId: string, toolCallId: string): Update[] =>
  s.updates(sessionId).filter((u) => "toolCallId" in u && u.toolCallId === toolCallId);

const taskCalls = (s: Scenario, sessionId: string): Update[] =>
  s
    .updates(sessionId)
    .filter(
      (u) =>
        (u.sessionUpdate === "tool_call" || u.sessionUpdate === "tool_call_update") &&
        u.toolCallId.startsWith("task:"),
    );

async function start(caps: Parameters<Scenario["initialize"]>[0], turns = script) {
  const s = await scenario({ ...BYPASS, script: turns });
  await s.initialize(caps);
  const sessionId = await s.newSession();
  expect((await s.prompt(sessionId, "run it in the background")).stopReason).toBe("end_turn");
  if (turns === script) openGate(s, QUICK_GATE);
  return { s, sessionId };
}

describe("Lody background tasks", () => {
  it("a backgrounded Bash command is a task tool call that ends completed", async () => {
    const { s, sessionId } = await start(LODY);
    await eventually("the task's end", () => taskCalls(s, sessionId).length === 2, 20_000);
    const [open, end] = taskCalls(s, sessionId) as [
      Update & { toolCallId: string; _meta: { lody: { task: Record<string, unknown> } } },
      Update & { _meta: { lody: { task: Record<string, unknown> } } },
    ];
    const taskId = open.toolCallId.slice("task:".length);
    expect(taskId).not.toBe("");
    const started = open._meta.lody.task.startedAtEpochSeconds as number;
    expect(Math.abs(started - Date.now() / 1000)).toBeLessThan(120);
    const snapshot = {
      version: 1,
      taskId,
      kind: "background",
      description: "Quick job",
      actor: "Bash",
      parentToolCallId: "toolu_quick",
      startedAtEpochSeconds: started,
    };
    expect(open).toStrictEqual({
      sessionUpdate: "tool_call",
      toolCallId: `task:${taskId}`,
      title: "Bash: Quick job",
      kind: "think",
      status: "in_progress",
      _meta: { lody: { task: { ...snapshot, status: "in_progress" } } },
    });
    expect(end).toStrictEqual({
      sessionUpdate: "tool_call_update",
      toolCallId: `task:${taskId}`,
      status: "completed",
      _meta: {
        lody: {
          task: {
            ...snapshot,
            status: "completed",
            endedAtEpochSeconds: expect.any(Number),
            summary: 'Background command "Quick job" completed (exit code 0)',
          },
        },
      },
    });
    // The task's tool call follows the Bash tool call that started it.
    const updates = s.updates(sessionId);
    const bash = updates.findIndex((u) => "toolCallId" in u && u.toolCallId === "toolu_quick");
    const card = updates.findIndex((u) => "toolCallId" in u && u.toolCallId === open.toolCallId);
    expect(bash).toBeGreaterThanOrEqual(0);
    expect(card).toBeGreaterThan(bash);
    // No AIR async task update reaches a Lody client.
    expect(JSON.stringify(s.sentByAdapter())).not.toContain("async_task");
    // CronList carries its stable name on its tool call and on every update; Bash none.
    const crons = callsOf(s, sessionId, "toolu_crons");
    expect(crons.map((u) => [u.sessionUpdate, "status" in u ? u.status : undefined])).toEqual(
      expect.arrayContaining([
        ["tool_call", expect.anything()],
        ["tool_call_update", "completed"],
      ]),
    );
    for (const u of crons)
      expect((u as { _meta?: { lody?: unknown } })._meta?.lody).toStrictEqual({
        toolName: "CronList",
      });
    expect(JSON.stringify(callsOf(s, sessionId, "toolu_quick"))).not.toContain("lody");
    await s.model.waitForMainRequest(3, 20_000);

    // A load replays the card as live sent it, in its place after the Bash call; the
    // times are the stored entries' (within a second of live's).
    const live = taskCalls(s, sessionId);
    await s.restartAdapter();
    await s.initialize(LODY);
    await s.agent.request(methods.agent.session.load, {
      sessionId,
      cwd: s.workspace,
      mcpServers: [],
    });
    const replayed = taskCalls(s, sessionId);
    const times = (u: Update) => {
      const task = (u as unknown as { _meta: { lody: { task: Record<string, number> } } })._meta
        .lody.task;
      return [task.startedAtEpochSeconds!, task.endedAtEpochSeconds ?? 0];
    };
    const anyTimes = (u: Update) => {
      const task = (u as unknown as { _meta: { lody: { task: Record<string, unknown> } } })._meta
        .lody.task;
      return {
        ...u,
        _meta: {
          lody: {
            task: {
              ...task,
              startedAtEpochSeconds: expect.any(Number),
              ...(task.endedAtEpochSeconds !== undefined
                ? { endedAtEpochSeconds: expect.any(Number) }
                : {}),
            },
          },
        },
      };
    };
    expect(replayed).toStrictEqual(live.map(anyTimes));
    for (let i = 0; i < live.length; i++) {
      const [a, b] = [times(live[i]!), times(replayed[i]!)];
      expect(Math.abs(a[0]! - b[0]!)).toBeLessThanOrEqual(1);
      expect(Math.abs(a[1]! - b[1]!)).toBeLessThanOrEqual(1);
    }
    const order = s.updates(sessionId).map((u) => ("toolCallId" in u ? u.toolCallId : ""));
    expect(order.indexOf(`task:${taskId}`)).toBeGreaterThan(order.indexOf("toolu_quick"));
  });

  it("a command still running when the session closes ends failed; AIR's stop does not reach it", async () => {
    const { s, sessionId } = await start(LODY, [
      {
        blocks: [
          {
            type: "tool_use",
            id: "toolu_long",
            name: "Bash",
            input: {
              command: "echo start; sleep 300",
              description: "Long job",
              run_in_background: true,
            },
          },
        ],
      },
      textTurn("Started."),
    ]);
    const open = taskCalls(s, sessionId)[0] as Update & { toolCallId: string };
    const taskId = open.toolCallId.slice("task:".length);
    expect(
      await s.agent.request("_session/async_task/stop", { sessionId, asyncTaskId: taskId }),
    ).toEqual({ stopped: false });
    expect(await s.agent.request(methods.agent.session.close, { sessionId })).toEqual({});
    expect(taskCalls(s, sessionId).at(-1)).toMatchObject({
      sessionUpdate: "tool_call_update",
      toolCallId: open.toolCallId,
      status: "failed",
      _meta: { lody: { task: { taskId, status: "failed", error: "Stopped" } } },
    });
    expect(taskCalls(s, sessionId)).toHaveLength(2);
    await eventually(
      "the command's end",
      () => !scenarioProcesses(s).some((pid) => commandLine(pid).includes("sleep 300")),
      10_000,
    );
  });

  it("a client that is Lody and AIR with asyncTasks gets both: the task card and AIR's updates, and AIR's stop", async () => {
    const both = {
      _meta: { ...LODY._meta, jetbrains: { air: { version: 1, capabilities: ["asyncTasks"] } } },
    };
    const { s, sessionId } = await start(both, [
      {
        blocks: [
          {
            type: "tool_use",
            id: "toolu_long",
            name: "Bash",
            input: {
              command: "echo start; sleep 300",
              description: "Long job",
              run_in_background: true,
            },
          },
        ],
      },
      textTurn("Started."),
    ]);
    const open = taskCalls(s, sessionId)[0] as Update & { toolCallId: string };
    const taskId = open.toolCallId.slice("task:".length);
    expect(open).toMatchObject({
      sessionUpdate: "tool_call",
      title: "Bash: Long job",
      _meta: { lody: { task: { taskId, kind: "background", status: "in_progress" } } },
    });
    expect(
      await s.agent.request("_session/async_task/stop", { sessionId, asyncTaskId: taskId }),
    ).toEqual({ stopped: true });
    expect(taskCalls(s, sessionId)).toHaveLength(2);
    expect(taskCalls(s, sessionId)[1]).toMatchObject({
      sessionUpdate: "tool_call_update",
      toolCallId: open.toolCallId,
      status: "failed",
      _meta: { lody: { task: { taskId, status: "failed", error: "Stopped" } } },
    });
    // AIR's own updates of the same task, as AIR's contract has them.
    const air = s
      .sentByAdapter()
      .map((m) => (m as { params?: { update?: { sessionUpdate?: string } } }).params?.update)
      .filter((u) => u?.sessionUpdate?.startsWith("async_task_"));
    expect(air[0]).toMatchObject({ sessionUpdate: "async_task_spawned", asyncTaskId: taskId });
    expect(air.at(-1)).toMatchObject({
      sessionUpdate: "async_task_state_update",
      asyncTaskId: taskId,
      state: "stopped",
    });
    await eventually(
      "the command's end",
      () => !scenarioProcesses(s).some((pid) => commandLine(pid).includes("sleep 300")),
      10_000,
    );
  });

  it("a plain client gets no task tool call and no lody key", async () => {
    const { s, sessionId } = await start(PROFILES.plain);
    await s.model.waitForMainRequest(3, 20_000);
    expect(taskCalls(s, sessionId)).toEqual([]);
    // CronList ran, with no stable name for a client that is not Lody.
    expect(callsOf(s, sessionId, "toolu_crons").at(-1)).toMatchObject({ status: "completed" });
    expect(JSON.stringify(s.sentByAdapter()).replaceAll(REPO_ROOT, "")).not.toContain("lody");
  });
});
