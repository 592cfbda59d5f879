import type { ClientCapabilities } from "@agentclientprotocol/sdk";
import { methods } from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import { eventually, PROFILES, toolCallUpdates, type Scenario } from "../support/acp-harness.js";
import type { RecordedRequest, ScriptedTurn } from "../support/model-server.js";
import { useScenarios } from "../support/scenario-test.js";
import {
  bashTurn,
  BYPASS,
  gatedCommand,
  openGate,
  scenarioProcesses,
  SUBAGENT_SCRIPT,
  textTurn,
} from "../support/script-turns.js";
import { commandLine } from "../support/processes.js";

/**
 * AIR async tasks (air-extensions.md "Async tasks") against real Claude Code: a
 * backgrounded Bash command that finishes, one the client stops, one still running when
 * the session closes, each with its exact updates; and none of it for a client that did
 * not declare `asyncTasks` (the tool call itself works the same).
 */
const scenario = useScenarios();

const air = (...capabilities: string[]): ClientCapabilities => ({
  _meta: { jetbrains: { air: { version: 1, capabilities } } },
});
const STOP = "_session/async_task/stop";

const background = (id: string, command: string, description: string): ScriptedTurn => ({
  blocks: [
    {
      type: "tool_use",
      id,
      name: "Bash",
      input: { command, description, run_in_background: true },
    },
  ],
});

/**
 * Every update the adapter sent for a session, in order, as written: the ACP SDK's test
 * client drops the AIR update kinds (outside the ACP schema) before recording them.
 */
function sentUpdates(s: Scenario, sessionId: string): Array<Record<string, unknown>> {
  return s.sentByAdapter().flatMap((m) => {
    const message = m as { method?: string; params?: { sessionId?: string; update?: unknown } };
    if (message.method !== "session/update" || message.params?.sessionId !== sessionId) return [];
    return [message.params.update as Record<string, unknown>];
  });
}

/** The async task updates of a session, in order. */
function taskUpdates(s: Scenario, sessionId: string): Array<Record<string, unknown>> {
  return sentUpdates(s, sessionId).filter((u) => String(u.sessionUpdate).startsWith("async_task_"));
}

/** The index of the first update of a session that satisfies `match`. */
function indexOf(s: Scenario, sessionId: string, match: (u: Record<string, unknown>) => boolean) {
  return sentUpdates(s, sessionId).findIndex(match);
}

const MARKER = { backgrounded: true };
/** The reports of a tool call that carry the backgrounded marker. */
function marked(s: Scenario, sessionId: string, toolCallId: string) {
  return toolCallUpdates(s, sessionId, toolCallId).filter(
    (u) =>
      (u._meta as { jetbrains?: { air?: { asyncTasks?: unknown } } } | undefined)?.jetbrains?.air
        ?.asyncTasks !== undefined,
  );
}

/** Claude Code's own words for the output file of task `id` (0.3.318). */
const outputPath = (id: string) => expect.stringMatching(new RegExp(`^/.*/tasks/${id}\\.output$`));

/** The spawn Claude Code's backgrounded Bash gives (0.3.318): the id is Claude Code's. */
function spawnOf(id: string, toolCallId: string, name: string) {
  return {
    sessionUpdate: "async_task_spawned",
    asyncTaskId: id,
    name,
    taskType: "shell",
    description: name,
    showInTranscript: true,
    canStop: true,
    toolCallId,
  };
}

async function start(profile: ClientCapabilities, script: ScriptedTurn[]) {
  const s = await scenario({ ...BYPASS, script });
  await s.initialize(profile);
  const sessionId = await s.newSession();
  expect((await s.prompt(sessionId, "run it in the background")).stopReason).toBe("end_turn");
  return { s, sessionId };
}

const sleeping = (s: Scenario) =>
  scenarioProcesses(s).some((pid) => commandLine(pid).includes("sleep 300"));

describe("an AIR client with asyncTasks", () => {
  it("a backgrounded command that finishes: spawned, its output path, completed", async () => {
    const { s, sessionId } = await start(air("asyncTasks"), [
      // Ends once the prompt has been answered.
      background("toolu_quick", gatedCommand("quick.go"), "Quick job"),
      textTurn("Started."),
      // Claude Code's own follow-up once the task finished (no prompt runs then).
      textTurn("The quick job is done."),
    ]);
    const spawned = taskUpdates(s, sessionId)[0]!;
    const id = spawned.asyncTaskId as string;
    expect(spawned).toStrictEqual(spawnOf(id, "toolu_quick", "Quick job"));
    openGate(s, "quick.go");
    await eventually("the task's end", () => taskUpdates(s, sessionId).length === 3, 20_000);
    expect(taskUpdates(s, sessionId)).toEqual([
      spawnOf(id, "toolu_quick", "Quick job"),
      // The path is read from the tool result (the SDK names it only at the end).
      { sessionUpdate: "async_task_progress", asyncTaskId: id, outputFilePath: outputPath(id) },
      {
        sessionUpdate: "async_task_state_update",
        asyncTaskId: id,
        state: "completed",
        summary: 'Background command "Quick job" completed (exit code 0)',
      },
    ]);
    // The spawn follows the tool call that started the task; its result carries the marker.
    const toolCall = indexOf(s, sessionId, (u) => u.toolCallId === "toolu_quick");
    const spawn = indexOf(s, sessionId, (u) => u.sessionUpdate === "async_task_spawned");
    expect(toolCall).toBeGreaterThanOrEqual(0);
    expect(spawn).toBeGreaterThan(toolCall);
    expect(
      marked(s, sessionId, "toolu_quick").map((u) => [u.sessionUpdate, u.status, u._meta]),
    ).toEqual([
      ["tool_call_update", "completed", { jetbrains: { air: { version: 1, asyncTasks: MARKER } } }],
    ]);
    // Claude Code answers the task's end in a cycle of its own.
    await s.model.waitForMainRequest(3, 20_000);
  });

  it("a command the client stops: stopped, one transcript line, {stopped: true}", async () => {
    const { s, sessionId } = await start(air("asyncTasks"), [
      background("toolu_long", "echo start; sleep 300", "Long job"),
      textTurn("Started."),
    ]);
    const id = taskUpdates(s, sessionId)[0]!.asyncTaskId as string;
    await eventually("the command", () => sleeping(s), 20_000);
    expect(await s.agent.request(STOP, { sessionId, asyncTaskId: id })).toEqual({ stopped: true });
    const after = sentUpdates(s, sessionId).length;
    expect(taskUpdates(s, sessionId)).toEqual([
      spawnOf(id, "toolu_long", "Long job"),
      { sessionUpdate: "async_task_progress", asyncTaskId: id, outputFilePath: outputPath(id) },
      // Claude Code reports the stop before stopTask returns, with the task's name.
      {
        sessionUpdate: "async_task_state_update",
        asyncTaskId: id,
        state: "stopped",
        summary: "Long job",
      },
    ]);
    expect(sentUpdates(s, sessionId).at(-1)).toEqual({
      sessionUpdate: "agent_message_chunk",
      content: { type: "text", text: "Task stopped by user: Long job." },
    });
    // Already stopped, unknown: nothing to stop, nothing sent.
    expect(await s.agent.request(STOP, { sessionId, asyncTaskId: id })).toEqual({ stopped: false });
    expect(await s.agent.request(STOP, { sessionId, asyncTaskId: "nope" })).toEqual({
      stopped: false,
    });
    await eventually("the command's end", () => !sleeping(s), 10_000);
    expect(sentUpdates(s, sessionId).length).toBe(after);
  });

  it("a command still running when the session closes: stopped before the close answer", async () => {
    const { s, sessionId } = await start(air("asyncTasks"), [
      background("toolu_long", "echo start; sleep 300", "Long job"),
      textTurn("Started."),
    ]);
    const id = taskUpdates(s, sessionId)[0]!.asyncTaskId as string;
    expect(await s.agent.request(methods.agent.session.close, { sessionId })).toEqual({});
    expect(taskUpdates(s, sessionId)).toEqual([
      spawnOf(id, "toolu_long", "Long job"),
      { sessionUpdate: "async_task_progress", asyncTaskId: id, outputFilePath: outputPath(id) },
      { sessionUpdate: "async_task_state_update", asyncTaskId: id, state: "stopped" },
    ]);
    await eventually("the command's end", () => !sleeping(s), 10_000);
  });

  it("closing after a cancel: the running task still ends as stopped", async () => {
    const s = await scenario({
      ...BYPASS,
      script: [background("toolu_long", "echo start; sleep 300", "Long job"), { kind: "hang" }],
    });
    await s.initialize(air("asyncTasks"));
    const sessionId = await s.newSession();
    const prompt = s.prompt(sessionId, "run it in the background");
    await eventually("the spawn", () => taskUpdates(s, sessionId).length > 0, 20_000);
    await s.model.waitForMainRequest(2, 20_000);
    await s.cancel(sessionId);
    expect((await prompt).stopReason).toBe("cancelled");
    const id = taskUpdates(s, sessionId)[0]!.asyncTaskId as string;
    expect(await s.agent.request(methods.agent.session.close, { sessionId })).toEqual({});
    expect(taskUpdates(s, sessionId).at(-1)).toEqual({
      sessionUpdate: "async_task_state_update",
      asyncTaskId: id,
      state: "stopped",
    });
    await eventually("the command's end", () => !sleeping(s), 10_000);
  });

  it("foreground work is no async task: a foreground Bash, a subagent and its Bash", async () => {
    const { s, sessionId } = await start(air("asyncTasks"), [
      bashTurn("echo in front", "toolu_front", "Front job"),
      ...SUBAGENT_SCRIPT,
    ]);
    const tools = (s.model.mainRequests()[0]!.body.tools as Array<{ name: string }>).map(
      (t) => t.name,
    );
    console.error("TOOLS", JSON.stringify(tools));
    expect(toolCallUpdates(s, sessionId, "toolu_front").at(-1)).toMatchObject({
      status: "completed",
    });
    expect(toolCallUpdates(s, sessionId, "toolu_agent").at(-1)).toMatchObject({
      status: "completed",
    });
    expect(taskUpdates(s, sessionId)).toEqual([]);
    for (const id of ["toolu_front", "toolu_agent", "toolu_child"])
      expect(marked(s, sessionId, id)).toEqual([]);
  });

  it("a Monitor's task is no async task; the Monitor tool call stays", async () => {
    const monitor: ScriptedTurn = {
      blocks: [
        {
          type: "tool_use",
          id: "toolu_monitor",
          name: "Monitor",
          input: { command: "echo tick; sleep 1", description: "Watch ticks", timeout_ms: 10_000 },
        },
      ],
    };
    // Claude Code tells the model each event and the end: cycles of its own. The cycle
    // told of the end answers in words of its own.
    const noted = (request: RecordedRequest): ScriptedTurn =>
      textTurn(
        JSON.stringify(request.body.messages.at(-1)).includes("stream ended")
          ? "Noted the end."
          : "Noted.",
      );
    const { s, sessionId } = await start(air("asyncTasks"), [
      monitor,
      textTurn("Watching."),
      ...Array.from({ length: 4 }, () => noted),
    ]);
    expect(toolCallUpdates(s, sessionId, "toolu_monitor").at(-1)).toMatchObject({
      status: "completed",
    });
    // Sync point: the answer of the cycle told of the Monitor's end. Claude Code reports
    // a task's news (its task messages, the adapter's source of task updates) before the
    // cycle that tells the model of it, and the adapter sends in the order it reads:
    // whatever it made of the task went out before this text.
    await eventually(
      "the cycle told of the Monitor's end",
      () => s.agentText(sessionId).endsWith("Noted the end."),
      20_000,
    );
    expect(taskUpdates(s, sessionId)).toEqual([]);
    expect(marked(s, sessionId, "toolu_monitor")).toEqual([]);
  });
});

describe("clients without asyncTasks", () => {
  it.each<[string, ClientCapabilities]>([
    ["a plain client", PROFILES.plain],
    ["AIR without the capability", air("diffPatch")],
  ])("%s: the tool call works, no task update, no marker", async (_name, profile) => {
    const { s, sessionId } = await start(profile, [
      // Ends once the prompt has been answered.
      background("toolu_quick", gatedCommand("quick.go"), "Quick job"),
      textTurn("Started."),
      textTurn("The quick job is done."),
    ]);
    openGate(s, "quick.go");
    const reports = toolCallUpdates(s, sessionId, "toolu_quick");
    expect(reports.at(-1)).toMatchObject({ status: "completed" });
    await s.model.waitForMainRequest(3, 20_000);
    expect(taskUpdates(s, sessionId)).toEqual([]);
    expect(marked(s, sessionId, "toolu_quick")).toEqual([]);
    expect(JSON.stringify(s.sentByAdapter())).not.toContain("async_task");
    expect(await s.agent.request(STOP, { sessionId, asyncTaskId: "any" })).toEqual({
      stopped: false,
    });
  });
});
