import { methods, type ClientCapabilities } from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import { validEvent } from "../../src/extensions/lody/subagent-events/schema.js";
import { eventually, PROFILES, type Scenario } from "../support/acp-harness.js";
import { LODY, lodyNotifications } from "../support/lody.js";
import type { ScriptedTurn } from "../support/model-server.js";
import { useScenarios } from "../support/scenario-test.js";
import {
  claudeProcess,
  delegation as scriptedDelegation,
  HANGING_COMMAND,
  shellRunning,
  textTurn,
} from "../support/script-turns.js";

/**
 * Lody's subagent events (lody-contract.md §4) against real Claude Code and the scripted
 * model: a foreground Agent whose child speaks and runs a command that asks for
 * permission. With `subagentEvents` on both sides the child is one run on
 * `_lody/subagents/event` and the root transcript holds nothing of it but the mirrored
 * permission request; a Lody client without it, and a plain client, see today's flat
 * Agent tool call, the Lody client also the subagent's task card (contract §7.6).
 */
const scenario = useScenarios();

const EVENT = "_lody/subagents/event";
const LODY_EVENTS = { _meta: { lody: { subagentEvents: { version: 1 } } } } as ClientCapabilities;

function delegation(command = "touch marker.txt"): ScriptedTurn[] {
  return scriptedDelegation({ command });
}

/** Only the Agent is pre-approved: the child's command asks. */
const SETTINGS = { permissions: { defaultMode: "default", allow: ["Agent"] } };

type Event = {
  version: number;
  sessionId: string;
  runId: string;
  type: string;
  snapshot?: Record<string, unknown>;
  update?: Record<string, unknown> & { sessionUpdate: string };
  progress?: Record<string, unknown>;
};

async function delegate(capabilities: ClientCapabilities) {
  const s = await scenario({ settings: SETTINGS, script: delegation() });
  const init = await s.initialize(capabilities);
  const sessionId = await s.newSession();
  const response = await s.prompt(sessionId, "delegate");
  return { s, init, sessionId, response };
}

function rootUpdates(s: Scenario, sessionId: string): Array<Record<string, unknown>> {
  return s.updates(sessionId) as unknown as Array<Record<string, unknown>>;
}

describe("Lody subagent events (bilateral subagentEvents)", () => {
  it("sends the foreground child as one run of events, and nothing of it in the root transcript", async () => {
    const { s, init, sessionId, response } = await delegate(LODY_EVENTS);
    expect(response.stopReason).toBe("end_turn");
    expect(init.agentCapabilities?._meta?.lody).toMatchObject({ subagentEvents: { version: 1 } });

    const events = lodyNotifications(s, EVENT) as Event[];
    expect(events.every(validEvent)).toBe(true);
    // The events replace the subagent's task card (contract §7.6: a fallback only).
    expect(JSON.stringify(rootUpdates(s, sessionId))).not.toContain('"task:');
    const runIds = [...new Set(events.map((e) => e.runId))];
    expect(runIds).toHaveLength(1);
    const [runId] = runIds as [string];
    expect(runId).not.toMatch(/toolu|agent-/);
    expect(events.every((e) => e.version === 1 && e.sessionId === sessionId)).toBe(true);

    // Opens with its snapshot, ends completed.
    const first = events[0]!;
    expect(first).toStrictEqual({
      version: 1,
      sessionId,
      runId,
      type: "snapshot",
      snapshot: {
        state: "running",
        support: {
          stream: ["text", "thought", "tool", "plan"],
          progress: true,
          outputRead: "none",
          cancel: false,
        },
        parentRunId: null,
        parentToolCallId: "toolu_agent",
        name: "general-purpose",
        description: "Make a marker",
        startedAtEpochSeconds: expect.any(Number),
      },
    });
    const last = events.at(-1)!;
    expect(last.type).toBe("snapshot");
    expect(last.snapshot).toMatchObject({
      state: "completed",
      endedAtEpochSeconds: expect.any(Number),
    });
    expect(last.snapshot).not.toHaveProperty("outputIncomplete");
    expect(events.filter((e) => e.type === "snapshot")).toHaveLength(2);

    // Claude Code's task progress, as the run's progress.
    expect(events.find((e) => e.type === "progress")?.progress).toStrictEqual({
      lastToolName: "Bash",
      totalTokens: expect.any(Number),
      toolCallCount: 1,
      durationMs: expect.any(Number),
    });

    // The child's text and its tool call are the run's output.
    const outputs = events.filter((e) => e.type === "output").map((e) => e.update!);
    const text = outputs
      .filter((u) => u.sessionUpdate === "agent_message_chunk")
      .map((u) => (u.content as { text: string }).text)
      .join("");
    expect(text).toContain("Child speaking.");
    expect(text).toContain("Child report.");
    expect(outputs.find((u) => u.sessionUpdate === "tool_call")).toMatchObject({
      toolCallId: "toolu_child",
      kind: "execute",
      status: "pending",
    });
    expect(outputs.filter((u) => u.toolCallId === "toolu_child").at(-1)).toMatchObject({
      status: "completed",
    });
    for (const e of events.filter((e) => e.type === "output"))
      expect(Object.keys(e).sort()).toStrictEqual([
        "runId",
        "sessionId",
        "type",
        "update",
        "version",
      ]);

    // The root: the parent's own text, the mirrored request, nothing else of the child.
    expect(s.agentText(sessionId)).toContain("Parent done.");
    expect(s.agentText(sessionId)).not.toContain("Child");
    const mirrorId = `subagent:${encodeURIComponent(runId)}:toolu_child`;
    const lody = { subagentRunId: runId, subagentToolCallId: "toolu_child" };
    const toolCalls = rootUpdates(s, sessionId).filter((u) =>
      String(u.sessionUpdate).startsWith("tool_call"),
    );
    expect(toolCalls.map((u) => [u.sessionUpdate, u.toolCallId, u.status])).toStrictEqual([
      ["tool_call", mirrorId, "pending"],
      ["tool_call_update", mirrorId, "completed"],
    ]);
    for (const u of toolCalls) expect((u._meta as { lody: unknown }).lody).toStrictEqual(lody);
    expect(s.permissionRequests).toHaveLength(1);
    expect(s.permissionRequests[0]).toMatchObject({
      sessionId,
      toolCall: { toolCallId: mirrorId, _meta: { lody } },
    });
    expect(new Set(s.notifications.map((n) => n.sessionId))).toStrictEqual(new Set([sessionId]));
    const root = JSON.stringify(rootUpdates(s, sessionId));
    expect(root).not.toMatch(/"toolCallId":"toolu_agent"|subagent_update|subagent_spawned|"task"/);

    // Connection order: the run's events all come before the prompt's answer.
    const sent = s.sentByAdapter();
    const lastEvent = sent.findLastIndex((m) => "method" in m && m.method === EVENT);
    const answer = sent.findIndex(
      (m) => "result" in m && JSON.stringify(m.result).includes("end_turn"),
    );
    expect(lastEvent).toBeLessThan(answer);
  });

  it("ends the foreground run cancelled when the parent's turn is cancelled, before the answer", async () => {
    const s = await scenario({
      settings: { permissions: { defaultMode: "default", allow: ["Agent", "Bash"] } },
      script: [...delegation(HANGING_COMMAND).slice(0, 2), textTurn("after")],
    });
    await s.initialize(LODY_EVENTS);
    const sessionId = await s.newSession();
    const prompt = s.prompt(sessionId, "delegate");
    await shellRunning(s);
    await s.cancel(sessionId);
    expect((await prompt).stopReason).toBe("cancelled");
    const snapshots = (lodyNotifications(s, EVENT) as Event[]).filter((e) => e.type === "snapshot");
    expect(snapshots.map((e) => e.snapshot!.state)).toStrictEqual(["running", "cancelled"]);
    expect(snapshots[1]!.snapshot).toMatchObject({
      reason: { code: "cancelled" },
      endedAtEpochSeconds: expect.any(Number),
    });
    const sent = s.sentByAdapter();
    const ended = sent.findLastIndex((m) => "method" in m && m.method === EVENT);
    const answer = sent.findIndex(
      (m) => "result" in m && JSON.stringify(m.result).includes("cancelled"),
    );
    expect(ended).toBeLessThan(answer);
  });

  it("turns the live run unknown and incomplete when Claude Code exits (lost observation)", async () => {
    const s = await scenario({
      settings: { permissions: { defaultMode: "default", allow: ["Agent", "Bash"] } },
      script: delegation(HANGING_COMMAND).slice(0, 2),
    });
    await s.initialize(LODY_EVENTS);
    const sessionId = await s.newSession();
    const prompt = s.prompt(sessionId, "delegate").catch((error: unknown) => error);
    await shellRunning(s);
    process.kill(claudeProcess(s)!, "SIGKILL");
    await prompt;
    const snapshots = (lodyNotifications(s, EVENT) as Event[]).filter((e) => e.type === "snapshot");
    expect(snapshots.map((e) => e.snapshot!.state)).toStrictEqual(["running", "unknown"]);
    expect(snapshots[1]!.snapshot).toMatchObject({
      outputIncomplete: true,
      reason: { code: "disconnected" },
    });
    expect(snapshots[1]!.snapshot).not.toHaveProperty("endedAtEpochSeconds");
  });

  it("replays no child message on load, and no Agent tool call", async () => {
    const { s, sessionId } = await delegate(LODY_EVENTS);
    await s.restartAdapter();
    await s.initialize(LODY_EVENTS);
    await s.agent.request(methods.agent.session.load, {
      sessionId,
      cwd: s.workspace,
      mcpServers: [],
    });
    const replayed = JSON.stringify(rootUpdates(s, sessionId));
    expect(replayed).toContain("Parent done.");
    expect(replayed).not.toMatch(/Child speaking|Child report|toolu_child|toolu_agent/);
    expect(lodyNotifications(s, EVENT)).toStrictEqual([]);
  });
});

const BG_PROMPT = "Background task: make bg.txt";

/**
 * The parent starts a background Agent and waits (a shell loop) for the file its child
 * makes; the child's command asks, and its report comes after the parent's turn ended.
 * Parent and child requests reach the model server in any order: each is answered from
 * the script of the one that sent it.
 */
function backgroundScript(): ScriptedTurn[] {
  const parent: ScriptedTurn[] = [
    {
      blocks: [
        {
          type: "tool_use",
          id: "toolu_bg",
          name: "Agent",
          input: {
            description: "Background marker",
            prompt: BG_PROMPT,
            subagent_type: "general-purpose",
            run_in_background: true,
          },
        },
      ],
    },
    {
      blocks: [
        {
          type: "tool_use",
          id: "toolu_wait",
          name: "Bash",
          input: { command: "while [ ! -f bg.txt ]; do sleep 0.2; done", description: "wait" },
        },
      ],
    },
    { id: "msg_parent", blocks: [{ type: "text", text: "Parent done." }] },
  ];
  const child: ScriptedTurn[] = [
    {
      id: "msg_bg_1",
      blocks: [
        {
          type: "tool_use",
          id: "toolu_bgcmd",
          name: "Bash",
          input: { command: "touch bg.txt", description: "mark" },
        },
      ],
    },
    { id: "msg_bg_2", blocks: [{ type: "text", text: "Child report." }], delayMs: 400 },
  ];
  const fromChild = (req: { body: { messages?: unknown[] } }) =>
    JSON.stringify(req.body.messages?.[0] ?? "").includes(BG_PROMPT);
  const answer = (req: { body: { messages?: unknown[] } }): ScriptedTurn =>
    (fromChild(req) ? child.shift() : parent.shift()) ?? textTurn("Noted.");
  return Array.from({ length: 12 }, () => answer);
}

describe("a background subagent as Lody subagent events", () => {
  it("runs past the parent's turn: its output and end go out after the answer, its request on the root", async () => {
    const s = await scenario({ settings: SETTINGS, script: backgroundScript() });
    await s.initialize(LODY_EVENTS);
    const sessionId = await s.newSession();
    expect((await s.prompt(sessionId, "delegate")).stopReason).toBe("end_turn");
    const events = () => lodyNotifications(s, EVENT) as Event[];
    await eventually(
      "the run's end",
      () => events().some((e) => e.snapshot?.state === "completed"),
      20_000,
    );
    expect(events().every(validEvent)).toBe(true);
    expect(new Set(events().map((e) => e.runId)).size).toBe(1);
    const text = events()
      .filter((e) => e.update?.sessionUpdate === "agent_message_chunk")
      .map((e) => (e.update!.content as { text: string }).text)
      .join("");
    expect(text).toContain("Child report.");
    const [runId] = [...new Set(events().map((e) => e.runId))] as [string];
    expect(s.permissionRequests.map((r) => [r.sessionId, r.toolCall.toolCallId])).toContainEqual([
      sessionId,
      `subagent:${encodeURIComponent(runId)}:toolu_bgcmd`,
    ]);
    expect(s.agentText(sessionId)).not.toContain("Child");
    const root = JSON.stringify(rootUpdates(s, sessionId));
    expect(root).not.toMatch(/"toolCallId":"toolu_bg"|subagent_update/);
    const sent = s.sentByAdapter();
    const ended = sent.findIndex(
      (m) =>
        "method" in m && m.method === EVENT && (m.params as Event).snapshot?.state === "completed",
    );
    const answer = sent.findIndex(
      (m) => "result" in m && JSON.stringify(m.result).includes("end_turn"),
    );
    expect(ended).toBeGreaterThan(answer);
  });
});

describe.each([
  ["a Lody client without subagentEvents", LODY],
  ["a plain client", PROFILES.plain],
])("subagents for %s: today's behaviour", (name, capabilities) => {
  it("shows the Agent tool call on the root, asks for the child's command under its own id, sends no event", async () => {
    const { s, sessionId, response } = await delegate(capabilities);
    expect(response.stopReason).toBe("end_turn");
    expect(lodyNotifications(s, EVENT)).toStrictEqual([]);
    const toolCalls = rootUpdates(s, sessionId).filter((u) => u.sessionUpdate === "tool_call");
    expect(toolCalls.map((u) => u.toolCallId)).toContain("toolu_agent");
    expect(s.permissionRequests.map((r) => r.toolCall.toolCallId)).toStrictEqual(["toolu_child"]);
    // A plain client gets the child's text on the root (seed 000, issue 31); Lody its cards.
    const childText = name === "a plain client" ? "Child speaking.Child report." : "";
    expect(s.agentText(sessionId).replace("Parent done.", "")).toBe(childText);
    const cards = rootUpdates(s, sessionId).filter((u) => String(u.toolCallId).startsWith("task:"));
    if (name === "a plain client") {
      expect(cards).toStrictEqual([]);
      expect(s.extNotifications.filter((n) => n.method.startsWith("_lody/"))).toStrictEqual([]);
      expect(JSON.stringify(s.sentByAdapter())).not.toMatch(/"lody"|_lody\//);
      return;
    }
    expect(JSON.stringify(s.sentByAdapter())).not.toMatch(/subagentRunId|subagent:/);
    // The fallback (contract §7.6): the subagent is a task card, in progress then completed.
    // Claude Code's task_progress in between: in progress, with the child's last tool.
    const statuses = cards.map((u) => [u.sessionUpdate, u.status]);
    expect(statuses[0]).toStrictEqual(["tool_call", "in_progress"]);
    expect(statuses.at(-1)).toStrictEqual(["tool_call_update", "completed"]);
    expect(new Set(statuses.slice(1, -1).map(String))).toStrictEqual(
      new Set(statuses.length > 2 ? ["tool_call_update,in_progress"] : []),
    );
    const open = cards[0]!;
    const end = cards.at(-1)!;
    const task = (open._meta as { lody: { task: Record<string, unknown> } }).lody.task;
    const taskId = task.taskId as string;
    expect(taskId).not.toBe("");
    const snapshot = {
      version: 1,
      taskId,
      kind: "subagent",
      description: "Make a marker",
      actor: "general-purpose",
      parentToolCallId: "toolu_agent",
      startedAtEpochSeconds: expect.any(Number),
    };
    expect(open).toStrictEqual({
      sessionUpdate: "tool_call",
      toolCallId: `task:${taskId}`,
      title: "general-purpose: Make a marker",
      kind: "think",
      status: "in_progress",
      _meta: { lody: { task: { ...snapshot, status: "in_progress" } } },
    });
    expect(end).toMatchObject({
      sessionUpdate: "tool_call_update",
      toolCallId: `task:${taskId}`,
      status: "completed",
      _meta: {
        lody: {
          task: { ...snapshot, status: "completed", endedAtEpochSeconds: expect.any(Number) },
        },
      },
    });
    // The card follows the Agent call that started it and ends before the answer.
    const ids = rootUpdates(s, sessionId).map((u) => u.toolCallId);
    expect(ids.indexOf(`task:${taskId}`)).toBeGreaterThan(ids.indexOf("toolu_agent"));

    // A load replays the card: opened and ended at the Agent call's result, with the
    // child's answer and usage as Claude Code stored them.
    await s.restartAdapter();
    await s.initialize(capabilities);
    await s.agent.request(methods.agent.session.load, {
      sessionId,
      cwd: s.workspace,
      mcpServers: [],
    });
    const replayed = rootUpdates(s, sessionId).filter((u) =>
      String(u.toolCallId).startsWith("task:"),
    );
    const usage = { totalTokens: expect.any(Number), toolUses: 1, durationMs: expect.any(Number) };
    const progress = { lastToolName: "Bash", usage };
    expect(replayed).toStrictEqual([
      {
        sessionUpdate: "tool_call",
        toolCallId: `task:${taskId}`,
        title: "general-purpose: Make a marker",
        kind: "think",
        status: "in_progress",
        _meta: { lody: { task: { ...snapshot, status: "in_progress" } } },
      },
      {
        sessionUpdate: "tool_call_update",
        toolCallId: `task:${taskId}`,
        status: "in_progress",
        _meta: { lody: { task: { ...snapshot, status: "in_progress", ...progress } } },
      },
      {
        sessionUpdate: "tool_call_update",
        toolCallId: `task:${taskId}`,
        status: "completed",
        _meta: {
          lody: {
            task: {
              ...snapshot,
              status: "completed",
              endedAtEpochSeconds: expect.any(Number),
              summary: expect.any(String),
              ...progress,
            },
          },
        },
      },
    ]);
    const replayedIds = rootUpdates(s, sessionId).map((u) => u.toolCallId);
    expect(replayedIds.indexOf(`task:${taskId}`)).toBeGreaterThan(
      replayedIds.indexOf("toolu_agent"),
    );
  });
});
