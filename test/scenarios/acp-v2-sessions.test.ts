import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { eventually } from "../support/acp-harness.js";
import { V2Scenario, type V2ScenarioOptions } from "../support/acp-v2-client.js";
import type { ScriptedTurn } from "../support/model-server.js";
import { commandLine, processesWithEnv } from "../support/processes.js";
import { bashTurn, delegation, HANGING_COMMAND, textTurn } from "../support/script-turns.js";

/**
 * The v1 session families on the draft ACP v2 (features.md 1o), against real Claude Code
 * with the scripted model: modes and models as config options, list, resume with replay,
 * fork, close, delete; subagents as child sessions with their own `state_update`s; an
 * AskUserQuestion form elicitation.
 */
const open: V2Scenario[] = [];
afterEach(async () => {
  const results = await Promise.allSettled(open.splice(0).map((s) => s.close()));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (failed) throw failed.reason;
});
async function scenario(options: V2ScenarioOptions = {}): Promise<V2Scenario> {
  const s = await V2Scenario.start(options);
  open.push(s);
  return s;
}

type Update = Record<string, unknown> & { sessionUpdate: string };

describe("ACP v2 (draft): config options and stored sessions", () => {
  it("mode and model as config options; list, close, resume with replay, fork, delete; close of a running prompt", async () => {
    const slow: ScriptedTurn = {
      blocks: [{ type: "text", text: "slow ".repeat(200), deltas: 200 }],
      delayMs: 30,
    };
    const s = await scenario({
      script: [
        bashTurn("echo remembered", "toolu_echo"),
        { id: "msg_stored", blocks: [{ type: "text", text: "Noted: blue." }] },
        { id: "msg_fork", blocks: [{ type: "text", text: "Still blue." }] },
        slow,
      ],
    });
    await s.initialize();
    const created = await s.agent.request("session/new", { cwd: s.workspace });
    const sessionId = created.sessionId;
    const option = (options: typeof created.configOptions, id: string) =>
      options?.find((o) => o.configId === id);
    expect(option(created.configOptions, "mode")).toMatchObject({
      type: "select",
      currentValue: "default",
    });
    expect(option(created.configOptions, "model")).toMatchObject({
      type: "select",
      category: "model",
      currentValue: "default",
    });
    for (const o of created.configOptions ?? []) expect(o).not.toHaveProperty("id");
    // On/off switches are v2's boolean options (a v2 baseline, no client capability).
    expect(option(created.configOptions, "fast")).toMatchObject({
      type: "boolean",
      currentValue: false,
    });
    const fast = await s.agent.request("session/set_config_option", {
      sessionId,
      configId: "fast",
      type: "boolean",
      value: true,
    });
    expect(option(fast.configOptions, "fast")).toMatchObject({ currentValue: true });

    // The model and the mode are set as config options; the answer is v2's shape.
    const afterModel = await s.agent.request("session/set_config_option", {
      sessionId,
      configId: "model",
      type: "id",
      value: "sonnet",
    });
    expect(option(afterModel.configOptions, "model")).toMatchObject({ currentValue: "sonnet" });
    // As upstream's v2: each change also goes out as a config_option_update, before the answer.
    expect(s.updates(sessionId).at(-1)).toEqual({
      sessionUpdate: "config_option_update",
      configOptions: afterModel.configOptions,
    });
    const afterMode = await s.agent.request("session/set_config_option", {
      sessionId,
      configId: "mode",
      type: "id",
      value: "acceptEdits",
    });
    expect(option(afterMode.configOptions, "mode")).toMatchObject({ currentValue: "acceptEdits" });
    await expect(
      s.agent.request("session/set_config_option", {
        sessionId,
        configId: "model",
        type: "id",
        value: "gpt-9",
      }),
    ).rejects.toMatchObject({ code: -32602 });

    await s.prompt(sessionId, "My favourite colour is blue.");
    await s.idle(sessionId, 1, 60_000);
    expect(s.model.mainRequests()[0]!.body.model).toBe("claude-sonnet-5-5");
    // Modes exist on v2 only as config options.
    expect(s.kinds(sessionId)).not.toContain("current_mode_update");
    for (const u of s
      .updates(sessionId)
      .filter((u) => u.sessionUpdate === "config_option_update")) {
      for (const o of (u as { configOptions: object[] }).configOptions) {
        expect(o).toHaveProperty("configId");
      }
    }

    const listed = await s.agent.request("session/list", { cwd: s.workspace });
    const row = listed.sessions.find((r) => r.sessionId === sessionId);
    expect(row).toMatchObject({ sessionId, cwd: s.workspace });
    expect(row).not.toHaveProperty("_meta");
    expect(await s.agent.request("session/close", { sessionId })).toEqual({});

    // Resume with replay: the stored conversation in v2's shapes, then the state snapshot.
    const before = s.updates(sessionId).length;
    const resumed = await s.agent.request("session/resume", {
      sessionId,
      cwd: s.workspace,
      replayFrom: { type: "start" },
    });
    expect(option(resumed.configOptions, "mode")).toBeDefined();
    const replay = s.updates(sessionId).slice(before) as Update[];
    // Each replayed message is cleared (an empty upsert) right before its chunks: a client
    // that still shows it would append them to what it holds (v2 chunks append).
    const chunkAt = replay.findIndex((u) => u.sessionUpdate === "user_message_chunk");
    expect(replay.slice(chunkAt - 1, chunkAt + 1)).toEqual([
      { sessionUpdate: "user_message", messageId: replay[chunkAt]!.messageId, content: [] },
      {
        sessionUpdate: "user_message_chunk",
        messageId: expect.any(String),
        content: { type: "text", text: "My favourite colour is blue." },
      },
    ]);
    const agentAt = replay.findIndex((u) => u.messageId === "msg_stored");
    expect(replay.slice(agentAt, agentAt + 2)).toEqual([
      { sessionUpdate: "agent_message", messageId: "msg_stored", content: [] },
      {
        sessionUpdate: "agent_message_chunk",
        messageId: "msg_stored",
        content: { type: "text", text: "Noted: blue." },
      },
    ]);
    const replayedTool = replay.filter((u) => u.toolCallId === "toolu_echo");
    expect(replayedTool.length).toBeGreaterThan(0);
    for (const u of replayedTool) expect(u.sessionUpdate).toBe("tool_call_update");
    // Its start clears what the client holds of the live run's call (a v2 upsert keeps
    // every field it leaves out), as upstream's v2 surface replays it.
    expect(replayedTool[0]).toMatchObject({ locations: null, rawOutput: null, _meta: null });
    expect(replayedTool.at(-1)).toMatchObject({ status: "completed" });
    expect(replay.map((u) => u.sessionUpdate)).not.toContain("tool_call");
    expect(replay.at(-1)).toEqual({ sessionUpdate: "state_update", state: "idle", background: [] });

    // Fork: a new session with the conversation so far.
    const forked = await s.agent.request("session/fork", { sessionId, cwd: s.workspace });
    expect(forked.sessionId).not.toBe(sessionId);
    expect(option(forked.configOptions, "mode")).toBeDefined();
    // As upstream's v2, the answer carries Claude Code's commands (the model list is
    // cached by now: the answer waits for the commands too).
    expect(forked.availableCommands?.map((c) => c.name)).toContain("compact");
    await s.prompt(forked.sessionId, "And now?");
    await s.idle(forked.sessionId);
    expect(s.agentText(forked.sessionId)).toBe("Still blue.");
    expect(JSON.stringify(s.model.mainRequests().at(-1)!.body.messages)).toContain(
      "My favourite colour is blue.",
    );
    expect(await s.agent.request("session/delete", { sessionId: forked.sessionId })).toEqual({});
    const after = await s.agent.request("session/list", { cwd: s.workspace });
    expect(after.sessions.map((r) => r.sessionId)).not.toContain(forked.sessionId);
    expect(after.sessions.map((r) => r.sessionId)).toContain(sessionId);

    // Resume without replay: no history, and the state snapshot last before the answer.
    await s.agent.request("session/close", { sessionId });
    const quiet = s.updates(sessionId).length;
    await s.agent.request("session/resume", { sessionId, cwd: s.workspace });
    const resumedOnly = s.updates(sessionId).slice(quiet) as Update[];
    for (const kind of ["user_message_chunk", "agent_message_chunk", "tool_call_update"]) {
      expect(resumedOnly.map((u) => u.sessionUpdate)).not.toContain(kind);
    }
    expect(resumedOnly.at(-1)).toEqual({
      sessionUpdate: "state_update",
      state: "idle",
      background: [],
    });

    // Close of a running prompt: its idle (cancelled) comes before the close's answer, a
    // held prompt is answered -32800, and nothing of the session follows.
    await s.prompt(sessionId, "slow");
    const held = s.prompt(sessionId, "never inserted");
    await eventually("the slow stream", () => s.agentText(sessionId).includes("slow"));
    const closed = s.agent.request("session/close", { sessionId });
    await expect(held).rejects.toMatchObject({ code: -32800 });
    expect(await closed).toEqual({});
    const atClose = s.updates(sessionId).length;
    expect(s.states(sessionId).at(-1)).toBe("idle:cancelled");
    // No sound sync point exists for "nothing more of a closed session": it has no later
    // sign to wait for. The closest: its Claude Code has exited (all it said is in the
    // adapter's pipe by then; the adapter drops it, `QuerySlot.stop`, `Outbox.closed`),
    // and a request answered after that (the adapter reads the two pipes in no set
    // order, so this bounds its reading only loosely).
    await eventually(
      "the closed session's Claude Code to exit",
      () =>
        !processesWithEnv("CLAUDE_CONFIG_DIR", s.configDir).some((pid) =>
          / --output-format stream-json /.test(commandLine(pid)),
        ),
      10_000,
    );
    await s.agent.request("session/list", { cwd: s.workspace });
    expect(s.updates(sessionId)).toHaveLength(atClose);
  });
});

const CHILD_PROMPT = "Create the marker file.";

const AFTER_LOAD = "Once more, after the load.";

/**
 * After DELEGATION, a second prompt: the parent's SendMessage runs the child again (named by
 * the agent id its Agent result told); the resumed child (in the background) and the parent
 * then ask at once, so each request is answered from the script of its sender. After a load,
 * the prompt AFTER_LOAD makes the parent SendMessage the child again.
 */
function sendMessageTurns(): ScriptedTurn[] {
  const send = (id: string, messages: string): ScriptedTurn => ({
    blocks: [
      {
        type: "tool_use",
        id,
        name: "SendMessage",
        input: {
          to: /agentId: ([0-9a-f]+)/.exec(messages)?.[1],
          message: "Again please.",
          summary: "again",
        },
      },
    ],
  });
  const parent: Array<(messages: string) => ScriptedTurn> = [
    (messages) => send("toolu_send", messages),
    () => textTurn("Parent again."),
  ];
  const answer = (req: { body: { messages?: unknown[] } }): ScriptedTurn => {
    const messages = JSON.stringify(req.body.messages ?? []);
    if (JSON.stringify(req.body.messages?.[0] ?? "").includes(CHILD_PROMPT))
      return textTurn("Again done.");
    const last = JSON.stringify(req.body.messages?.at(-1) ?? "");
    if (last.includes(AFTER_LOAD) && !last.includes("tool_result"))
      return send("toolu_resend", messages);
    return parent.shift()?.(messages) ?? textTurn("Noted.");
  };
  return Array.from({ length: 10 }, () => answer);
}

/** The parent delegates; the child speaks, runs a command that asks, reports; the parent answers. */
const DELEGATION: ScriptedTurn[] = delegation({ prompt: CHILD_PROMPT });

describe("ACP v2 (draft): subagents and elicitation", () => {
  it("a subagent is a child session: announced on the parent, with its own state_updates and traffic", async () => {
    const s = await scenario({
      settings: { permissions: { defaultMode: "default", allow: ["Agent", "SendMessage"] } },
      script: [...DELEGATION, ...sendMessageTurns()],
    });
    // No client capability asks for it: child sessions are v2's baseline.
    await s.initialize();
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "delegate");
    await s.idle(sessionId, 1, 60_000);

    const others = [...new Set(s.notifications.map((n) => n.sessionId))].filter(
      (id) => id !== sessionId,
    );
    expect(others).toHaveLength(1);
    const childId = others[0]!;
    expect(childId).toMatch(/^subagent-[0-9a-f]{32}$/);
    const announcements = (s.updates(sessionId) as Update[]).filter(
      (u) => u.sessionUpdate === "subagent_update",
    );
    expect(announcements[0]).toEqual({
      sessionUpdate: "subagent_update",
      sessionId: childId,
      title: "Make a marker",
      description: "general-purpose",
      capabilities: { cancel: {} },
      state: { state: "running", background: [] },
    });
    // The announcement precedes anything bearing the child's id.
    const first = s.notifications.findIndex((n) => n.sessionId === childId);
    const announced = s.notifications.findIndex(
      (n) => (n.update as Update).sessionUpdate === "subagent_update",
    );
    expect(announced).toBeLessThan(first);

    // The child's own states, the same as mirrored on the parent.
    expect(s.states(childId)).toEqual(["running", "requires_action", "running", "idle:end_turn"]);
    expect(
      announcements.map((u) => {
        const st = u.state as { state: string; stopReason?: string };
        return `${st.state}${st.stopReason ? `:${st.stopReason}` : ""}`;
      }),
    ).toEqual(s.states(childId));
    // The parent runs throughout: the child's request blocks the child, not the parent.
    expect(s.states(sessionId)).toEqual(["running", "idle:end_turn"]);

    expect(s.agentText(childId)).toBe("Child speaking.Child report.");
    expect(s.agentText(sessionId)).toBe("Parent done.");
    // The child's answer, handed back: received by the parent, sent by the child.
    const answer = (id: string) =>
      (s.updates(id) as Update[]).find((u) => String(u.messageId).startsWith("toolu_agent:answer"));
    expect(answer(sessionId)).toEqual({
      sessionUpdate: "session_message",
      messageId: "toolu_agent:answer:received",
      senderSessionId: childId,
      recipientSessionId: sessionId,
      senderMessageId: "toolu_agent:answer",
      content: [{ type: "text", text: "Child report." }],
    });
    expect(answer(childId)).toMatchObject({
      messageId: "toolu_agent:answer",
      recipientMessageId: "toolu_agent:answer:received",
    });
    expect(s.toolCall(childId, "toolu_child").at(-1)).toMatchObject({ status: "completed" });
    expect(s.toolCall(sessionId, "toolu_agent")).toEqual([]);
    expect(s.updates(childId)).toContainEqual(
      expect.objectContaining({
        sessionUpdate: "terminal_update",
        terminalId: "toolu_child",
        command: "touch marker.txt",
      }),
    );
    expect(s.permissionRequests).toHaveLength(1);
    expect(s.permissionRequests[0]).toMatchObject({
      sessionId: childId,
      title: expect.stringContaining("touch marker.txt"),
      subject: {
        type: "tool_call",
        toolCall: {
          toolCallId: "toolu_child",
          name: "Bash",
          content: [{ type: "terminal", terminalId: "toolu_child" }],
        },
      },
    });

    // A foreground child is not background work: each of the parent's states lists none.
    const backgroundLists = () =>
      s.notifications.flatMap((n, i) => {
        const u = n.update as Update;
        return n.sessionId === sessionId && u.sessionUpdate === "state_update"
          ? [{ i, background: u.background }]
          : [];
      });
    expect(backgroundLists().length).toBeGreaterThan(0);
    for (const l of backgroundLists()) expect(l.background).toEqual([]);
    const lastList = () => JSON.stringify(backgroundLists().at(-1)?.background);

    // A SendMessage runs the idle child again (in the background): its own states again.
    await s.prompt(sessionId, "again");
    await eventually("the resumed run's end", () => s.states(childId).length === 6, 30_000);
    await eventually("the parent's cycle after it", () =>
      s.agentText(sessionId).endsWith("Noted."),
    );
    await s.idle(sessionId, 3, 30_000);
    expect(s.states(childId).slice(4)).toEqual(["running", "idle:end_turn"]);
    // While it runs, the resumed run is listed on the parent as the child (not as the
    // SendMessage's call), and dropped at its end: listed before the child's idle, the
    // empty list after it and last.
    const childIdle = s.notifications.findLastIndex(
      (n) => n.sessionId === childId && (n.update as Update).sessionUpdate === "state_update",
    );
    const lists = backgroundLists();
    const listing = lists.filter((l) => (l.background as unknown[]).length > 0);
    // (Each of the parent's states while it runs carries it: one at least.)
    expect(listing.length).toBeGreaterThan(0);
    for (const l of listing) {
      expect(l.background).toEqual([{ type: "subagent", sessionId: childId }]);
      expect(l.i).toBeLessThan(childIdle);
    }
    expect(lists.find((l) => l.i > childIdle)?.background).toEqual([]);
    expect(lists.at(-1)?.background).toEqual([]);
    const liveMessages = [sessionId, childId].map((id) =>
      (s.updates(id) as Update[]).filter((u) => u.sessionUpdate === "session_message"),
    );

    // Resume with replay: the child under the id it had live, announced on the parent,
    // with its traffic, each run as live (the SendMessage's from the child's stored
    // transcript). Its own state goes out once, its last, after the replay: a replayed
    // `running` / `idle` is past work, not more of it (v2: "Repeated snapshots are
    // idempotent, not additional work, completions"), as upstream's v2 replays it.
    await s.agent.request("session/close", { sessionId });
    const [parentBefore, childBefore] = [s.updates(sessionId).length, s.updates(childId).length];
    await s.agent.request("session/resume", {
      sessionId,
      cwd: s.workspace,
      replayFrom: { type: "start" },
    });
    const replayed = (s.updates(sessionId) as Update[]).slice(parentBefore);
    expect(replayed.filter((u) => u.sessionUpdate === "subagent_update")[0]).toMatchObject({
      sessionId: childId,
      title: "Make a marker",
    });
    const childReplay = s.updates(childId).slice(childBefore) as Update[];
    const childStates = childReplay.filter((u) => u.sessionUpdate === "state_update");
    expect(childStates.map((u) => [u.state, u.stopReason])).toEqual([["idle", "end_turn"]]);
    // After the child's replayed traffic.
    expect(childReplay.at(-1)).toBe(childStates[0]);
    expect(
      childReplay
        .filter((u) => u.sessionUpdate === "agent_message_chunk")
        .map((u) => (u.content as { text: string }).text)
        .join(""),
    ).toBe("Child speaking.Child report.Again done.");
    // The child's state follows its announcement, in the order sent.
    const sentIndex = (find: (u: Update, id: string) => boolean) =>
      s.notifications.findIndex((n) => find(n.update as Update, n.sessionId));
    const childStateAt = sentIndex((u, id) => id === childId && u.sessionUpdate === "state_update");
    expect(
      sentIndex((u, id) => id === sessionId && u.sessionUpdate === "subagent_update"),
    ).toBeLessThan(childStateAt);
    // The parent's copies of the child's states: the announcement's `running`, then (held
    // to the end, as the child's own) its last, right before the child's own; and after
    // the answer (which ends the replay, whose states were history) once more, as
    // upstream's v2 replays them.
    const ended = {
      sessionUpdate: "subagent_update",
      sessionId: childId,
      state: { state: "idle", stopReason: "end_turn", background: [] },
    };
    // The child's replayed state is its last one so far.
    const replayedStateAt = s.notifications.findLastIndex(
      (n) => n.sessionId === childId && (n.update as Update).sessionUpdate === "state_update",
    );
    expect(replayedStateAt).toBeGreaterThan(childStateAt);
    expect(s.notifications[replayedStateAt - 1]).toEqual({ sessionId, update: ended });
    type Sent = { id?: unknown; method?: string; params?: { sessionId?: string; update?: Update } };
    const sent = () => s.traffic.map((e) => e.message as Sent);
    const resumeAt = sent().findLastIndex((m) => m.method === "session/resume");
    const answerAt = sent().findIndex((m, i) => i > resumeAt && m.id === sent()[resumeAt]!.id);
    const copies = () =>
      sent().flatMap((m, i) =>
        i > resumeAt &&
        m.params?.sessionId === sessionId &&
        m.params.update?.sessionUpdate === "subagent_update" &&
        m.params.update.state
          ? [{ i, update: m.params.update }]
          : [],
      );
    await eventually("the child's state after the answer", () => copies().length === 3);
    expect(
      copies().map((c) => [(c.update.state as { state: string }).state, c.i > answerAt]),
    ).toEqual([
      ["running", false],
      ["idle", false],
      ["idle", true],
    ]);
    expect(copies()[2]!.update).toEqual(ended);
    expect(
      [replayed, childReplay].map((updates) =>
        updates.filter((u) => u.sessionUpdate === "session_message"),
      ),
    ).toEqual(liveMessages);
    expect(liveMessages[0]!.map((u) => u.messageId)).toEqual([
      "toolu_agent:prompt",
      "toolu_agent:answer:received",
      "toolu_send:prompt",
      "toolu_send:answer:received",
    ]);

    // After the load, a SendMessage runs the replayed child again: listed as that child while
    // it runs, dropped at its end. The prompt first repeats the child's state on it.
    const [statesBefore, listsBefore] = [s.states(childId).length, backgroundLists().length];
    await s.prompt(sessionId, AFTER_LOAD);
    await eventually(
      "the run after the load ends",
      () => s.states(childId).length === statesBefore + 3,
      30_000,
    );
    await eventually(
      "the list without it",
      () => backgroundLists().length > listsBefore && lastList() === "[]",
      30_000,
    );
    expect(s.states(childId).slice(statesBefore)).toEqual([
      "idle:end_turn",
      "running",
      "idle:end_turn",
    ]);
    const afterLoad = backgroundLists().slice(listsBefore);
    const runIdle = s.notifications.findLastIndex(
      (n) => n.sessionId === childId && (n.update as Update).sessionUpdate === "state_update",
    );
    const listedAfterLoad = afterLoad.filter((l) => (l.background as unknown[]).length > 0);
    expect(listedAfterLoad.length).toBeGreaterThan(0);
    for (const l of listedAfterLoad) {
      expect(l.background).toEqual([{ type: "subagent", sessionId: childId }]);
      expect(l.i).toBeLessThan(runIdle);
    }
    expect(afterLoad.find((l) => l.i > runIdle)?.background).toEqual([]);
    await eventually("the parent's cycle after it", () =>
      s.agentText(sessionId).endsWith("Noted."),
    );
    await eventually("the parent idle", () => s.states(sessionId).at(-1) === "idle:end_turn");

    // Without the child's stored transcript the replay has no child: its call stays a tool
    // call on the parent, and a notice says the child's history is unavailable.
    const stored = readdirSync(s.configDir, { recursive: true, encoding: "utf8" });
    const childFiles = stored.filter((f) => /subagents\/agent-[^/]+\.jsonl$/.test(f));
    expect(childFiles).toHaveLength(1);
    rmSync(join(s.configDir, childFiles[0]!));
    await s.agent.request("session/close", { sessionId });
    const [parentAgain, childAgain] = [s.updates(sessionId).length, s.updates(childId).length];
    await s.agent.request("session/resume", {
      sessionId,
      cwd: s.workspace,
      replayFrom: { type: "start" },
    });
    const again = (s.updates(sessionId) as Update[]).slice(parentAgain);
    expect(s.updates(childId)).toHaveLength(childAgain);
    expect(again.map((u) => u.sessionUpdate)).not.toContain("subagent_update");
    expect(again).toContainEqual({
      sessionUpdate: "notice",
      severity: "warning",
      title: "Subagent history unavailable",
      description:
        'The subagent "Make a marker"\'s own history is not stored with this session, so it is shown as a tool call.',
    });
    expect(again).toContainEqual(
      expect.objectContaining({ sessionUpdate: "tool_call_update", toolCallId: "toolu_agent" }),
    );
  });

  it("terminal/cancel of a child's command, then session/cancel of the child: only the child stops, the parent goes on", async () => {
    const hanging = structuredClone(DELEGATION.slice(0, 2));
    const childTurn = hanging[1] as { blocks: Array<{ input?: { command?: string } }> };
    childTurn.blocks[1]!.input!.command = HANGING_COMMAND;
    // The child answers its killed command slowly: session/cancel finds it running.
    const slowChild: ScriptedTurn = {
      blocks: [{ type: "text", text: "still ".repeat(200), deltas: 200 }],
      delayMs: 30,
    };
    const s = await scenario({
      settings: { permissions: { defaultMode: "default", allow: ["Agent", "Bash"] } },
      script: [...hanging, slowChild, textTurn("Parent goes on.")],
    });
    await s.initialize();
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "delegate");
    await eventually(
      "the child's command",
      () =>
        processesWithEnv("CLAUDE_CONFIG_DIR", s.configDir).some((pid) =>
          commandLine(pid).startsWith("tail"),
        ),
      30_000,
    );
    const childId = s.notifications.map((n) => n.sessionId).find((id) => id !== sessionId)!;
    // The child's command runs in its parent's Claude Code: cancelled on the child session.
    const named = s
      .updates(childId)
      .find(
        (u) =>
          u.sessionUpdate === "terminal_update" &&
          JSON.stringify(u.capabilities) === '{"cancel":{}}',
      ) as { terminalId: string };
    await expect(
      s.request("terminal/cancel", { sessionId: childId, terminalId: named.terminalId }),
    ).resolves.toEqual({});
    await eventually(
      "the child's command cancelled",
      () => s.toolCall(childId, named.terminalId).at(-1)?.status === "cancelled",
      30_000,
    );
    // The scripted turns go in request order: the child must have taken its slow answer before
    // the cancel, or the parent's next call would be served it.
    await eventually(
      "the child's slow answer",
      () => s.agentText(childId).includes("still"),
      30_000,
    );
    await s.cancel(childId);
    await s.idle(sessionId, 1, 60_000);
    expect(s.states(childId)).toEqual(["running", "idle:cancelled"]);
    expect(s.states(sessionId)).toEqual(["running", "idle:end_turn"]);
    expect(s.agentText(sessionId)).toBe("Parent goes on.");
  });

  it("a background subagent is listed on its parent's states while it runs, until its end", async () => {
    const childPrompt = "Wait for the signal.";
    // The parent's next call and the child's first one race: each gets its own answer.
    const parentOrChild: ScriptedTurn = (req) =>
      JSON.stringify(req.body.messages[0]).includes(childPrompt)
        ? { kind: "hang" }
        : { blocks: [{ type: "text", text: "Parent waits." }] };
    const s = await scenario({
      settings: { permissions: { defaultMode: "default", allow: ["Agent"] } },
      script: [
        {
          blocks: [
            {
              type: "tool_use",
              id: "toolu_bg_agent",
              name: "Agent",
              input: {
                description: "Wait",
                prompt: childPrompt,
                subagent_type: "general-purpose",
                run_in_background: true,
              },
            },
          ],
        },
        parentOrChild,
        parentOrChild,
        // Claude Code's follow-up once the child ended.
        textTurn("Parent follow-up."),
      ],
    });
    await s.initialize();
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "delegate in the background");
    await s.idle(sessionId, 1, 60_000);
    const childId = s.notifications.map((n) => n.sessionId).find((id) => id !== sessionId)!;
    const parentStates = () =>
      (s.updates(sessionId) as Update[]).filter((u) => u.sessionUpdate === "state_update");
    const child = { type: "subagent", sessionId: childId };
    // Listed once announced, on the parent's states from then on; the child runs on.
    expect(parentStates().at(-1)).toMatchObject({
      state: "idle",
      stopReason: "end_turn",
      background: [child],
    });
    expect(
      parentStates()
        .filter((u) => u.state === "running")
        .at(-1),
    ).toMatchObject({
      background: [child],
    });
    await eventually("the child's hanging call", () => s.model.mainRequests().length >= 3);
    expect(s.states(childId)).toEqual(["running"]);

    // Its end: the child's idle state, then the parent's list without it.
    await s.cancel(childId);
    await eventually(
      "the list without the child",
      () => JSON.stringify(parentStates().at(-1)?.background) === "[]",
      30_000,
    );
    expect(s.states(childId)).toEqual(["running", "idle:cancelled"]);
    const at = (find: (n: (typeof s.notifications)[number]) => boolean) =>
      s.notifications.findIndex(find);
    const lastListing = s.notifications.findLastIndex(
      (n) =>
        n.sessionId === sessionId &&
        (n.update as Update).sessionUpdate === "state_update" &&
        ((n.update as Update).background as Array<{ sessionId?: string }> | undefined)?.some(
          (item) => item.sessionId === childId,
        ) === true,
    );
    expect(lastListing).toBeGreaterThanOrEqual(0);
    expect(
      at(
        (n) =>
          n.sessionId === sessionId &&
          (n.update as Update).sessionUpdate === "subagent_update" &&
          JSON.stringify((n.update as Update).state).includes("idle"),
      ),
    ).toBeLessThan(
      // The first of the parent's states without the child after the last one with it.
      s.notifications.findIndex(
        (n, i) =>
          i > lastListing &&
          n.sessionId === sessionId &&
          (n.update as Update).sessionUpdate === "state_update" &&
          JSON.stringify((n.update as Update).background) === "[]",
      ),
    );
  });

  it("AskUserQuestion asks a form elicitation; the session requires action meanwhile", async () => {
    const s = await scenario({
      script: [
        {
          blocks: [
            {
              type: "tool_use",
              id: "toolu_ask",
              name: "AskUserQuestion",
              input: {
                questions: [
                  {
                    question: "Which database?",
                    header: "DB",
                    multiSelect: false,
                    options: [
                      { label: "Postgres", description: "Relational" },
                      { label: "Redis", description: "Key-value" },
                    ],
                  },
                ],
              },
            },
          ],
        },
        textTurn("Noted."),
      ],
      onElicitation: () => ({ action: "accept", content: { question_0: "Redis" } }),
    });
    await s.initialize({ elicitation: { form: {} } });
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "ask me");
    await s.idle(sessionId, 1, 60_000);

    expect(s.elicitations).toHaveLength(1);
    expect(s.elicitations[0]).toMatchObject({
      mode: "form",
      sessionId,
      toolCallId: "toolu_ask",
      message: "Which database?",
    });
    expect(s.states(sessionId)).toEqual(["running", "requires_action", "running", "idle:end_turn"]);
    expect(JSON.stringify(s.model.mainRequests()[1]!.body.messages.at(-1))).toContain("Redis");
    expect(s.permissionRequests).toEqual([]);
    expect(s.toolCall(sessionId, "toolu_ask").at(-1)).toMatchObject({ status: "completed" });
  });
});
