import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { methods, type ClientCapabilities } from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import { eventually, PROFILES, toolCallUpdates, type Scenario } from "../support/acp-harness.js";
import type { ScriptedTurn } from "../support/model-server.js";
import { useScenarios } from "../support/scenario-test.js";
import {
  bashTurn,
  BYPASS,
  gatedCommand,
  openGate,
  delegation as scriptedDelegation,
  HANGING_COMMAND,
  shellRunning,
  textTurn,
} from "../support/script-turns.js";
import { clientView } from "../support/update-shapes.js";

/**
 * Subagents as native child sessions (ACP subagents RFD as the ACP SDK 2.4.0 schema
 * types it; AIR's bridge, air-extensions.md "Native subagent sessions") against real
 * Claude Code: a foreground Agent whose child runs a command that needs permission.
 */
const scenario = useScenarios();

const RFD = { subagents: {} } as ClientCapabilities;
const AIR_NATIVE: ClientCapabilities = {
  _meta: { jetbrains: { air: { version: 1, capabilities: ["nativeSubagentSessions"] } } },
};
const FLAT: ClientCapabilities = { _meta: { "subagent-transcript": true } };

const CHILD_PROMPT = "Create the marker file.\nUse the shell; keep it short.";

/** The parent delegates; the child speaks, runs `command`, reports; the parent answers. */
function delegation(command: string): ScriptedTurn[] {
  return scriptedDelegation({ prompt: CHILD_PROMPT, command });
}

/** Only the Agent is pre-approved: the child's command asks. */
const SETTINGS = { permissions: { defaultMode: "default", allow: ["Agent"] } };

type Update = Record<string, unknown> & { sessionUpdate: string };

function updatesOf(s: Scenario, sessionId: string): Update[] {
  return s.updates(sessionId) as unknown as Update[];
}

/**
 * The parent's child-session updates (RFD `subagent_update`, AIR `subagent_*`), as the
 * adapter wrote them (the ACP SDK client drops the AIR kinds it does not know).
 */
function childAnnouncements(s: Scenario, sessionId: string): Update[] {
  return s
    .sentByAdapter()
    .flatMap((m) => {
      const { method, params } = m as { method?: string; params?: Record<string, unknown> };
      return method === "session/update" && params?.sessionId === sessionId
        ? [params.update as Update]
        : [];
    })
    .filter((u) => u.sessionUpdate.startsWith("subagent_"));
}

/** Session ids that got updates, other than the root's. */
function otherSessions(s: Scenario, sessionId: string): string[] {
  return [...new Set(s.notifications.map((n) => n.sessionId))].filter((id) => id !== sessionId);
}

/** The inter-session messages (RFD `session_message`) of a session. */
function messagesOf(s: Scenario, sessionId: string): Update[] {
  return updatesOf(s, sessionId).filter((u) => u.sessionUpdate === "session_message");
}

function textOf(s: Scenario, sessionId: string): string {
  return s.agentText(sessionId);
}

async function delegate(capabilities: ClientCapabilities) {
  const s = await scenario({ settings: SETTINGS, script: delegation("touch marker.txt") });
  const init = await s.initialize(capabilities);
  const sessionId = await s.newSession();
  const response = await s.prompt(sessionId, "delegate");
  return { s, init, sessionId, response };
}

describe("native child sessions (RFD client: clientCapabilities.subagents)", () => {
  it("announces the child before its traffic, which goes to the child session with its permission request and states; session/load restores the child under the id it had live, with the child's messages as live", async () => {
    const { s, init, sessionId, response } = await delegate(RFD);
    expect(response.stopReason).toBe("end_turn");
    expect(
      (init.agentCapabilities?.sessionCapabilities as Record<string, unknown>).subagents,
    ).toEqual({});
    expect(JSON.stringify(init)).not.toContain("jetbrains");
    const [childId, ...more] = otherSessions(s, sessionId);
    expect(more).toEqual([]);
    expect(childId).toMatch(/^subagent-[0-9a-f]{32}$/);
    expect(childAnnouncements(s, sessionId)).toEqual([
      {
        sessionUpdate: "subagent_update",
        sessionId: childId,
        title: "Make a marker",
        description: "general-purpose",
        capabilities: { cancel: {} },
        state: { state: "running" },
      },
      { sessionUpdate: "subagent_update", sessionId: childId, state: { state: "requires_action" } },
      { sessionUpdate: "subagent_update", sessionId: childId, state: { state: "running" } },
      {
        sessionUpdate: "subagent_update",
        sessionId: childId,
        state: { state: "idle", stopReason: "end_turn" },
      },
    ]);
    // Announced on the parent before the first message to the child.
    const sessions = s.notifications.map((n) => n.sessionId);
    const announced = s.notifications.findIndex(
      (n) => (n.update as Update).sessionUpdate === "subagent_update",
    );
    expect(announced).toBeLessThan(sessions.indexOf(childId!));
    // The launch prompt: sent by the parent, received by the child, each view naming the
    // other; the child's answer (its report, without Claude Code's notes for the model):
    // sent by the child, received by the parent.
    const prompt = [{ type: "text", text: CHILD_PROMPT }];
    const answer = [{ type: "text", text: "Child report." }];
    expect(messagesOf(s, sessionId)).toEqual([
      {
        sessionUpdate: "session_message",
        messageId: "toolu_agent:prompt",
        senderSessionId: sessionId,
        recipientSessionId: childId,
        recipientMessageId: "toolu_agent:prompt:received",
        content: prompt,
      },
      {
        sessionUpdate: "session_message",
        messageId: "toolu_agent:answer:received",
        senderSessionId: childId,
        recipientSessionId: sessionId,
        senderMessageId: "toolu_agent:answer",
        content: answer,
      },
    ]);
    expect(messagesOf(s, childId!)).toEqual([
      {
        sessionUpdate: "session_message",
        messageId: "toolu_agent:prompt:received",
        senderSessionId: sessionId,
        recipientSessionId: childId,
        senderMessageId: "toolu_agent:prompt",
        content: prompt,
      },
      {
        sessionUpdate: "session_message",
        messageId: "toolu_agent:answer",
        senderSessionId: childId,
        recipientSessionId: sessionId,
        recipientMessageId: "toolu_agent:answer:received",
        content: answer,
      },
    ]);
    // The answer goes to the parent before the child goes idle.
    const updateIndex = (find: (u: Update, on: string) => boolean) =>
      s.notifications.findIndex((n) => find(n.update as Update, n.sessionId));
    expect(updateIndex((u) => u.messageId === "toolu_agent:answer:received")).toBeLessThan(
      updateIndex((u) => (u.state as Update | undefined)?.state === "idle"),
    );
    expect(updatesOf(s, childId!)[0]?.sessionUpdate).toBe("session_message");
    // The child's traffic is on the child session, nowhere else.
    expect(textOf(s, childId!)).toBe("Child speaking.Child report.");
    expect(textOf(s, sessionId)).toBe("Parent done.");
    expect(toolCallUpdates(s, childId!, "toolu_child")[0]).toMatchObject({
      sessionUpdate: "tool_call",
      title: "touch marker.txt",
    });
    expect(toolCallUpdates(s, childId!, "toolu_child").at(-1)).toMatchObject({
      status: "completed",
    });
    expect(toolCallUpdates(s, sessionId, "toolu_child")).toEqual([]);
    // The child session is the card: no Agent tool call on the parent.
    expect(toolCallUpdates(s, sessionId, "toolu_agent")).toEqual([]);
    expect(s.permissionRequests.map((r) => [r.sessionId, r.toolCall.toolCallId])).toEqual([
      [childId, "toolu_child"],
    ]);
    await expectChildReplayedAsLive(s, sessionId, RFD);
  });
});

const ISOLATED_PROMPT = "Work on your own copy.";
/** The prompt after a load that makes the parent message the replayed child. */
const AFTER_LOAD = "Message it after the load.";

/**
 * A foreground child in a worktree of its own, which it leaves unchanged (it writes
 * outside it), so Claude Code removes it; then the parent's SendMessage resumes the child
 * (in the background, in the parent's folder). Each request is answered from the script
 * of its sender; the SendMessage names the agent id the first result told the parent.
 * After a load, the prompt AFTER_LOAD makes the parent message the child once more.
 */
function worktreeScript(): ScriptedTurn[] {
  const parent: Array<(messages: string) => ScriptedTurn> = [
    () => ({
      blocks: [
        {
          type: "tool_use",
          id: "toolu_agent",
          name: "Agent",
          input: {
            description: "Isolated work",
            prompt: ISOLATED_PROMPT,
            subagent_type: "general-purpose",
            run_in_background: false,
            isolation: "worktree",
          },
        },
      ],
    }),
    (messages) => ({
      blocks: [
        {
          type: "tool_use",
          id: "toolu_send",
          name: "SendMessage",
          input: {
            to: /agentId: ([0-9a-f]+)/.exec(messages)?.[1],
            message: "Again please.",
            summary: "again",
          },
        },
      ],
    }),
    () => textTurn("Parent done."),
  ];
  const sendAgain = (messages: string): ScriptedTurn => ({
    blocks: [
      {
        type: "tool_use",
        id: "toolu_send_after_load",
        name: "SendMessage",
        input: {
          to: /agentId: ([0-9a-f]+)/.exec(messages)?.[1],
          message: "After the load.",
          summary: "after load",
        },
      },
    ],
  });
  const afterLoad = [sendAgain, () => textTurn("Parent done again.")];
  const child: ScriptedTurn[] = [
    bashTurn("pwd > ../../../where.txt", "toolu_pwd"),
    textTurn("First."),
    textTurn("Second."),
    textTurn("Third."),
  ];
  const answer = (req: { body: { messages?: unknown[] } }): ScriptedTurn => {
    if (JSON.stringify(req.body.messages?.[0] ?? "").includes(ISOLATED_PROMPT))
      return child.shift() ?? textTurn("Noted.");
    const messages = JSON.stringify(req.body.messages ?? []);
    const turns = messages.includes(AFTER_LOAD) ? afterLoad : parent;
    return turns.shift()?.(messages) ?? textTurn("Noted.");
  };
  return Array.from({ length: 16 }, () => answer);
}

describe("a native child session in a worktree, resumed (RFD client)", () => {
  it("reports where Claude Code placed the child (SubagentStart cwd), null once a SendMessage resumes it in the parent's folder, with each run's message and answer", async () => {
    const s = await scenario({
      settings: {
        permissions: { defaultMode: "default", allow: ["Agent", "Bash", "SendMessage"] },
      },
      script: worktreeScript(),
    });
    // Claude Code makes a worktree only in a git repository with a commit.
    const git = (...args: string[]) => execFileSync("git", args, { cwd: s.workspace });
    git("init", "-q");
    git("-c", "user.email=t@t", "-c", "user.name=t", "commit", "-q", "--allow-empty", "-m", "i");
    await s.initialize(RFD);
    const sessionId = await s.newSession();
    expect((await s.prompt(sessionId, "delegate")).stopReason).toBe("end_turn");
    const [childId, ...more] = otherSessions(s, sessionId);
    expect(more).toEqual([]);
    const states = () =>
      childAnnouncements(s, sessionId).flatMap((u) => ("state" in u ? [u.state] : []));
    await eventually("the resumed run's end", () => states().length === 4, 20_000);
    expect(states()).toEqual([
      { state: "running" },
      { state: "idle", stopReason: "end_turn" },
      { state: "running" },
      { state: "idle", stopReason: "end_turn" },
    ]);
    // On the announcement or right after it (the hook and `task_started` race); then
    // null: the resumed run is back in the parent's folder.
    const cwds = childAnnouncements(s, sessionId).flatMap((u) => ("cwd" in u ? [u.cwd] : []));
    expect(cwds).toEqual([expect.stringMatching(/\/\.claude\/worktrees\/agent-[0-9a-f]+$/), null]);
    expect(cwds[0]).toBe(`${s.workspace}/.claude/worktrees/${String(cwds[0]).split("/").at(-1)}`);
    // The child ran there.
    expect(readFileSync(join(s.workspace, "where.txt"), "utf8").trim()).toBe(cwds[0]);
    // Each run: the parent's message to the child and the child's answer back.
    const onParent = messagesOf(s, sessionId).map((u) => [u.messageId, u.content]);
    const text = (t: string) => [{ type: "text", text: t }];
    expect(onParent).toEqual([
      ["toolu_agent:prompt", text(ISOLATED_PROMPT)],
      ["toolu_agent:answer:received", text("First.")],
      ["toolu_send:prompt", text("Again please.")],
      ["toolu_send:answer:received", text("Second.")],
    ]);
    expect(messagesOf(s, childId!).map((u) => u.messageId)).toEqual([
      "toolu_agent:prompt:received",
      "toolu_agent:answer",
      "toolu_send:prompt:received",
      "toolu_send:answer",
    ]);
    await eventually("the child's second answer", () => textOf(s, childId!).endsWith("Second."));

    // A load replays each run as live: the resumed one at its SendMessage, from the
    // child's stored transcript (Claude Code appends the run to it).
    const liveStates = states();
    const liveChild = clientView(updatesOf(s, childId!));
    const liveMessages = [messagesOf(s, sessionId), messagesOf(s, childId!)];
    await s.restartAdapter();
    await s.initialize(RFD);
    await s.agent.request(methods.agent.session.load, {
      sessionId,
      cwd: s.workspace,
      mcpServers: [],
    });
    expect(otherSessions(s, sessionId)).toEqual([childId]);
    expect(states()).toEqual(liveStates);
    expect([messagesOf(s, sessionId), messagesOf(s, childId!)]).toEqual(liveMessages);
    expect(clientView(updatesOf(s, childId!))).toEqual(liveChild);
    expect(textOf(s, childId!)).toBe("First.Second.");
    // On the parent, the run goes before the SendMessage's result, as a launch's does.
    const parent = updatesOf(s, sessionId);
    const at = (find: (u: Update) => boolean) => parent.findIndex(find);
    const sendResult = at((u) => u.toolCallId === "toolu_send" && u.status === "completed");
    expect(at((u) => u.messageId === "toolu_send:prompt")).toBeGreaterThan(
      at((u) => u.sessionUpdate === "tool_call" && u.toolCallId === "toolu_send"),
    );
    expect(at((u) => u.messageId === "toolu_send:answer:received")).toBeLessThan(sendResult);
    // Claude Code's own prompt at the run's end (its task notification) is no user's.
    const prompts = parent.filter((u) => u.sessionUpdate === "user_message_chunk");
    expect(prompts.map((u) => u.content)).toEqual([{ type: "text", text: "delegate" }]);

    // After the load, a SendMessage runs the replayed child again, as one seen live: its
    // run goes to the child session the load announced.
    expect((await s.prompt(sessionId, AFTER_LOAD)).stopReason).toBe("end_turn");
    await eventually("the run after the load", () => states().length === 6, 20_000);
    expect(states().slice(4)).toEqual([
      { state: "running" },
      { state: "idle", stopReason: "end_turn" },
    ]);
    expect(
      messagesOf(s, sessionId)
        .slice(4)
        .map((u) => [u.messageId, u.content]),
    ).toEqual([
      ["toolu_send_after_load:prompt", text("After the load.")],
      ["toolu_send_after_load:answer:received", text("Third.")],
    ]);
    expect(
      messagesOf(s, childId!)
        .slice(4)
        .map((u) => u.messageId),
    ).toEqual(["toolu_send_after_load:prompt:received", "toolu_send_after_load:answer"]);
    await eventually("the child's third answer", () => textOf(s, childId!).endsWith("Third."));
    expect(textOf(s, childId!)).toBe("First.Second.Third.");
    expect(otherSessions(s, sessionId)).toEqual([childId]);
    expect(s.agentText(sessionId)).not.toContain("Third.");
  });
});

describe("native child sessions (AIR client: nativeSubagentSessions)", () => {
  it("announces subagent_spawned with the exact prompt and reports subagent_state_update; session/load restores the child under the id it had live, with the child's messages as live", async () => {
    const { s, init, sessionId, response } = await delegate(AIR_NATIVE);
    expect(response.stopReason).toBe("end_turn");
    const declared = init._meta as { jetbrains: { air: { capabilities: string[] } } };
    expect(declared.jetbrains.air.capabilities).toContain("nativeSubagentSessions");
    const [childId, ...more] = otherSessions(s, sessionId);
    expect(more).toEqual([]);
    const state = (value: Record<string, unknown>) => ({
      sessionUpdate: "subagent_state_update",
      subagentSessionId: childId,
      state: value,
    });
    expect(childAnnouncements(s, sessionId)).toEqual([
      {
        sessionUpdate: "subagent_spawned",
        subagentSessionId: childId,
        name: "general-purpose",
        task: "Make a marker",
        prompt: CHILD_PROMPT,
        capabilities: { cancel: {} },
      },
      state({ state: "running" }),
      state({ state: "requires_action" }),
      state({ state: "running" }),
      state({ state: "idle", stopReason: "end_turn" }),
    ]);
    expect(textOf(s, childId!)).toBe("Child speaking.Child report.");
    expect(toolCallUpdates(s, sessionId, "toolu_agent")).toEqual([]);
    expect(s.permissionRequests.map((r) => [r.sessionId, r.toolCall.toolCallId])).toEqual([
      [childId, "toolu_child"],
    ]);
    await expectChildReplayedAsLive(s, sessionId, AIR_NATIVE);
  });
});

describe.each([
  ["legacy flat transcript", FLAT, true],
  // Without a subagent signal the child's text is the root's (seed 000, issue 31), but AIR's.
  ["plain", PROFILES.plain, true],
  ["AIR", { _meta: { jetbrains: { air: { version: 1, capabilities: [] } } } }, false],
])("no native child sessions (%s client)", (_name, capabilities, flat) => {
  it("keeps Agent an ordinary tool call and the child's request on the root session", async () => {
    const { s, init, sessionId, response } = await delegate(capabilities);
    expect(response.stopReason).toBe("end_turn");
    expect(
      (init.agentCapabilities?.sessionCapabilities as Record<string, unknown>).subagents,
    ).toEqual({});
    expect(otherSessions(s, sessionId)).toEqual([]);
    expect(childAnnouncements(s, sessionId)).toEqual([]);
    expect(toolCallUpdates(s, sessionId, "toolu_agent")[0]).toMatchObject({
      sessionUpdate: "tool_call",
      kind: "think",
    });
    expect(s.permissionRequests.map((r) => [r.sessionId, r.toolCall.toolCallId])).toEqual([
      [sessionId, "toolu_child"],
    ]);
    expect(textOf(s, sessionId)).toBe(
      flat ? "Child speaking.Child report.Parent done." : "Parent done.",
    );
  });
});

describe("a subagent launch that ends without a child (RFD client)", () => {
  it("is an ordinary tool call: a rule denied the Agent", async () => {
    const s = await scenario({
      settings: { permissions: { defaultMode: "default", deny: ["Agent"] } },
      script: [delegation("true")[0]!, textTurn("Parent done.")],
    });
    await s.initialize(RFD);
    const sessionId = await s.newSession();
    expect((await s.prompt(sessionId, "delegate")).stopReason).toBe("end_turn");
    expect(otherSessions(s, sessionId)).toEqual([]);
    expect(childAnnouncements(s, sessionId)).toEqual([]);
    expect(s.permissionRequests).toEqual([]);
    expect(toolCallUpdates(s, sessionId, "toolu_agent")).toEqual([
      expect.objectContaining({
        sessionUpdate: "tool_call",
        title: "Make a marker",
        status: "failed",
      }),
    ]);
    expect(textOf(s, sessionId)).toBe("Parent done.");
  });
});

describe("cancel with native child sessions", () => {
  it("a cancel of the parent stops its foreground child: the child goes idle, cancelled", async () => {
    const s = await scenario({
      settings: { permissions: { defaultMode: "default", allow: ["Agent", "Bash"] } },
      script: [...delegation(HANGING_COMMAND).slice(0, 2), textTurn("after")],
    });
    await s.initialize(RFD);
    const sessionId = await s.newSession();
    const prompt = s.prompt(sessionId, "delegate");
    await shellRunning(s);
    await s.cancel(sessionId);
    expect((await prompt).stopReason).toBe("cancelled");
    const [childId] = otherSessions(s, sessionId);
    expect(childAnnouncements(s, sessionId).map((u) => u.state)).toEqual([
      { state: "running" },
      { state: "idle", stopReason: "cancelled" },
    ]);
    expect(childId).toBeDefined();
  });

  it("a cancel of the child stops only the child: the parent's turn goes on", async () => {
    const s = await scenario({
      settings: { permissions: { defaultMode: "default", allow: ["Agent", "Bash"] } },
      script: [...delegation(HANGING_COMMAND).slice(0, 2), textTurn("Parent goes on.")],
    });
    await s.initialize(RFD);
    const sessionId = await s.newSession();
    const prompt = s.prompt(sessionId, "delegate");
    await shellRunning(s);
    const [childId] = otherSessions(s, sessionId);
    await s.cancel(childId!);
    expect((await prompt).stopReason).toBe("end_turn");
    expect(childAnnouncements(s, sessionId).map((u) => u.state)).toEqual([
      { state: "running" },
      { state: "idle", stopReason: "cancelled" },
    ]);
    expect(textOf(s, sessionId)).toBe("Parent goes on.");
  });
});

/**
 * A child's announcements without the passing states of its permission request
 * (`requires_action` and the `running` after it): what a replay, which has no request,
 * sends.
 */
function settled(announcements: readonly Update[]): Update[] {
  const stateOf = (u: Update | undefined) =>
    Object.keys(u ?? {}).length === 3 ? (u!.state as { state?: string })?.state : undefined;
  return announcements.filter(
    (u, i) =>
      stateOf(u) !== "requires_action" &&
      !(stateOf(u) === "running" && stateOf(announcements[i - 1]) === "requires_action"),
  );
}

/**
 * Replay of native child sessions (session/load): a new adapter restores the child under
 * the id it had live, with the child's messages as live; without the child's stored
 * transcript, its call stays a tool call, with a notice. Run at the end of the live RFD
 * and AIR tests above, on their stored session (a delegation less per client).
 */
async function expectChildReplayedAsLive(
  s: Scenario,
  sessionId: string,
  capabilities: ClientCapabilities,
): Promise<void> {
  const [childId] = otherSessions(s, sessionId);
  const liveChild = clientView(updatesOf(s, childId!));
  const liveParent = clientView(updatesOf(s, sessionId));
  const liveMessages = [messagesOf(s, sessionId), messagesOf(s, childId!)];
  const liveAnnouncements = childAnnouncements(s, sessionId);
  await s.restartAdapter();
  await s.initialize(capabilities);
  await s.agent.request(methods.agent.session.load, {
    sessionId,
    cwd: s.workspace,
    mcpServers: [],
  });
  expect(otherSessions(s, sessionId)).toEqual([childId]);
  expect(childAnnouncements(s, sessionId)).toEqual(settled(liveAnnouncements));
  expect(settled(liveAnnouncements)).toHaveLength(capabilities === RFD ? 2 : 3);
  expect(clientView(updatesOf(s, childId!))).toEqual(liveChild);
  expect(clientView(updatesOf(s, sessionId))).toEqual(liveParent);
  expect([messagesOf(s, sessionId), messagesOf(s, childId!)]).toEqual(liveMessages);
  expect(liveMessages.flat()).toHaveLength(capabilities === RFD ? 4 : 0);

  // Without the child's stored transcript, its call stays a tool call, and a notice says why.
  removeChildTranscripts(s.configDir);
  await s.restartAdapter();
  await s.initialize(capabilities);
  await s.agent.request(methods.agent.session.load, {
    sessionId,
    cwd: s.workspace,
    mcpServers: [],
  });
  expect(otherSessions(s, sessionId)).toEqual([]);
  expect(childAnnouncements(s, sessionId)).toEqual([]);
  expect(toolCallUpdates(s, sessionId, "toolu_agent")[0]).toMatchObject({
    sessionUpdate: "tool_call",
    title: "Make a marker",
  });
  expect(textOf(s, sessionId)).toBe(
    '**Subagent history unavailable:** The subagent "Make a marker"\'s own history is not ' +
      "stored with this session, so it is shown as a tool call.Parent done.",
  );
}

/** Deletes the stored transcripts of every subagent under a Claude config dir. */
function removeChildTranscripts(configDir: string): void {
  const files = readdirSync(configDir, { recursive: true, encoding: "utf8" });
  const children = files.filter((f) => /subagents\/agent-[^/]+\.jsonl$/.test(f));
  expect(children.length).toBeGreaterThan(0);
  for (const file of children) rmSync(join(configDir, file));
}

/** A foreground Agent that runs a foreground Agent whose child runs `touch` (it asks). */
function nestedAgent(id: string, prompt: string): ScriptedTurn {
  return {
    blocks: [
      {
        type: "tool_use",
        id,
        name: "Agent",
        input: {
          description: `Run ${id}`,
          prompt,
          subagent_type: "general-purpose",
          // Claude Code 2.1.318 runs an Agent in the background unless told otherwise.
          run_in_background: false,
        },
      },
    ],
  };
}
const NESTED: ScriptedTurn[] = [
  nestedAgent("toolu_outer", "Outer task"),
  nestedAgent("toolu_inner", "Inner task"),
  {
    blocks: [
      {
        type: "tool_use",
        id: "toolu_cmd",
        name: "Bash",
        input: { command: "touch inner.txt", description: "mark" },
      },
    ],
  },
  { id: "msg_inner", blocks: [{ type: "text", text: "Inner report." }] },
  { id: "msg_outer", blocks: [{ type: "text", text: "Outer report." }] },
  { id: "msg_parent", blocks: [{ type: "text", text: "Parent done." }] },
];

describe("nested native child sessions", () => {
  it("announces the inner child on the outer one (parents first), live and on replay alike", async () => {
    const s = await scenario({ settings: SETTINGS, script: NESTED });
    await s.initialize(RFD);
    const sessionId = await s.newSession();
    expect((await s.prompt(sessionId, "delegate")).stopReason).toBe("end_turn");
    const [outer, inner, ...more] = otherSessions(s, sessionId);
    expect(more).toEqual([]);
    const announced = (on: string) => childAnnouncements(s, on).map((u) => [u.sessionId, u.state]);
    const liveRoot = announced(sessionId);
    const liveOuter = announced(outer!);
    expect(liveRoot).toEqual([
      [outer, { state: "running" }],
      [outer, { state: "idle", stopReason: "end_turn" }],
    ]);
    expect(liveOuter).toEqual([
      [inner, { state: "running" }],
      [inner, { state: "requires_action" }],
      [inner, { state: "running" }],
      [inner, { state: "idle", stopReason: "end_turn" }],
    ]);
    expect(textOf(s, outer!)).toBe("Outer report.");
    expect(textOf(s, inner!)).toBe("Inner report.");
    expect(s.permissionRequests.map((r) => [r.sessionId, r.toolCall.toolCallId])).toEqual([
      [inner, "toolu_cmd"],
    ]);
    // Each child's Agent call is not a tool call of its parent.
    expect(toolCallUpdates(s, outer!, "toolu_inner")).toEqual([]);
    const live = [outer!, inner!].map((id) => clientView(updatesOf(s, id)));
    // Each child answers its own parent (the inner one from its task's summary: a nested
    // child's result has no structured report).
    const messages = () =>
      [sessionId, outer!, inner!].map((id) => messagesOf(s, id).map((u) => u.messageId));
    const liveMessages = [sessionId, outer!, inner!].map((id) => messagesOf(s, id));
    expect(messages()).toEqual([
      ["toolu_outer:prompt", "toolu_outer:answer:received"],
      [
        "toolu_outer:prompt:received",
        "toolu_inner:prompt",
        "toolu_inner:answer:received",
        "toolu_outer:answer",
      ],
      ["toolu_inner:prompt:received", "toolu_inner:answer"],
    ]);
    expect(liveMessages[1]![2]!.content).toEqual([{ type: "text", text: "Inner report." }]);

    await s.restartAdapter();
    await s.initialize(RFD);
    await s.agent.request(methods.agent.session.load, {
      sessionId,
      cwd: s.workspace,
      mcpServers: [],
    });
    expect(otherSessions(s, sessionId)).toEqual([outer, inner]);
    expect(announced(sessionId)).toEqual([liveRoot[0], liveRoot.at(-1)]);
    expect(announced(outer!)).toEqual([liveOuter[0], liveOuter.at(-1)]);
    expect([outer!, inner!].map((id) => clientView(updatesOf(s, id)))).toEqual(live);
    expect([sessionId, outer!, inner!].map((id) => messagesOf(s, id))).toEqual(liveMessages);
  });
});

const BG_PROMPT = "Background task: make bg.txt";

/**
 * The parent starts a background Agent and waits (a shell loop) for the file its child
 * makes; the child's command asks. Parent and child requests reach the model server in
 * any order, so each request is answered from the script of the one that sent it.
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
        { type: "text", text: "Child speaking." },
        {
          type: "tool_use",
          id: "toolu_bgcmd",
          name: "Bash",
          input: { command: "touch bg.txt", description: "mark" },
        },
      ],
    },
    // Slow: the child reports after the parent's turn ended.
    { id: "msg_bg_2", blocks: [{ type: "text", text: "Child report." }], delayMs: 400 },
  ];
  return byRequester(parent, child, BG_PROMPT);
}

/** Answers each main request from the script of its sender: the child with `prompt`, or the parent. */
function byRequester(
  parent: ScriptedTurn[],
  child: ScriptedTurn[],
  prompt: string,
): ScriptedTurn[] {
  const fromChild = (req: { body: { messages?: unknown[] } }) =>
    JSON.stringify(req.body.messages?.[0] ?? "").includes(prompt);
  const answer = (req: { body: { messages?: unknown[] } }): ScriptedTurn =>
    (fromChild(req) ? child.shift() : parent.shift()) ?? textTurn("Noted.");
  return Array.from({ length: 12 }, () => answer);
}

describe("a background native child session", () => {
  it("is announced, works and asks in its own session, and ends when its task does", async () => {
    const s = await scenario({ settings: SETTINGS, script: backgroundScript() });
    await s.initialize(RFD);
    const sessionId = await s.newSession();
    expect((await s.prompt(sessionId, "delegate")).stopReason).toBe("end_turn");
    const [childId, ...more] = otherSessions(s, sessionId);
    expect(more).toEqual([]);
    await eventually(
      "the child's end",
      () => childAnnouncements(s, sessionId).some((u) => (u.state as Update)?.state === "idle"),
      20_000,
    );
    expect(childAnnouncements(s, sessionId)).toEqual([
      {
        sessionUpdate: "subagent_update",
        sessionId: childId,
        title: "Background marker",
        description: "general-purpose",
        capabilities: { cancel: {} },
        state: { state: "running" },
      },
      { sessionUpdate: "subagent_update", sessionId: childId, state: { state: "requires_action" } },
      { sessionUpdate: "subagent_update", sessionId: childId, state: { state: "running" } },
      {
        sessionUpdate: "subagent_update",
        sessionId: childId,
        state: { state: "idle", stopReason: "end_turn" },
      },
    ]);
    // The parent's wait loop runs unasked (Claude Code deems it read-only).
    expect(s.permissionRequests.map((r) => [r.sessionId, r.toolCall.toolCallId])).toEqual([
      [childId, "toolu_bgcmd"],
    ]);
    await eventually("the child's report", () => textOf(s, childId!).endsWith("Child report."));
    expect(textOf(s, childId!)).toBe("Child speaking.Child report.");
    // Its answer, from its task's end (the call's result was only the launch).
    expect(messagesOf(s, sessionId).at(-1)).toMatchObject({
      messageId: "toolu_bg:answer:received",
      senderSessionId: childId,
      content: [{ type: "text", text: "Child report." }],
    });
    expect(textOf(s, sessionId)).toBe("Parent done.");
    expect(toolCallUpdates(s, sessionId, "toolu_bg")).toEqual([]);
  });
});

describe("cancel with a background native child session", () => {
  it("a cancel of the parent spares it; a cancel of the child stops it, also while the parent is quiet", async () => {
    const bgPrompt = "Background task: wait";
    const agent: ScriptedTurn = {
      blocks: [
        {
          type: "tool_use",
          id: "toolu_bg",
          name: "Agent",
          input: { description: "Wait", prompt: bgPrompt, run_in_background: true },
        },
      ],
    };
    const s = await scenario({
      settings: { permissions: { defaultMode: "default", allow: ["Agent", "Bash"] } },
      script: byRequester(
        [agent, bashTurn(HANGING_COMMAND, "toolu_parent_wait")],
        [bashTurn("tail -n 0 -f /dev/null", "toolu_child_wait")],
        bgPrompt,
      ),
    });
    await s.initialize(RFD);
    const sessionId = await s.newSession();
    const prompt = s.prompt(sessionId, "delegate");
    await shellRunning(s, "tail -f");
    await shellRunning(s, "tail -n 0");
    await s.cancel(sessionId);
    expect((await prompt).stopReason).toBe("cancelled");
    const [childId] = otherSessions(s, sessionId);
    const states = () => childAnnouncements(s, sessionId).map((u) => u.state);
    expect(states()).toEqual([{ state: "running" }]);
    await s.cancel(childId!);
    await eventually("the child's end", () => states().length === 2, 20_000);
    expect(states()).toEqual([{ state: "running" }, { state: "idle", stopReason: "cancelled" }]);
  });
});

describe("backgroundSubagents (AIR, v1)", () => {
  it("ends the turn at its result while the background child runs; the child's work follows the answer", async () => {
    const bgPrompt = "Background task: report later";
    const agent: ScriptedTurn = {
      blocks: [
        {
          type: "tool_use",
          id: "toolu_bg",
          name: "Agent",
          input: { description: "Report later", prompt: bgPrompt, run_in_background: true },
        },
      ],
    };
    const s = await scenario({
      settings: { permissions: { defaultMode: "default", allow: ["Agent", "Bash"] } },
      script: byRequester(
        [agent, { id: "msg_parent", blocks: [{ type: "text", text: "Parent done." }] }],
        [
          {
            id: "msg_bg_1",
            blocks: [
              { type: "text", text: "Child speaking." },
              {
                type: "tool_use",
                id: "toolu_bgcmd",
                name: "Bash",
                // Runs until the test has seen the parent's answer.
                input: { command: gatedCommand("child.go"), description: "wait" },
              },
            ],
          },
          { id: "msg_bg_2", blocks: [{ type: "text", text: "Child report." }], delayMs: 300 },
        ],
        bgPrompt,
      ),
    });
    const init = await s.initialize({
      _meta: {
        jetbrains: {
          air: { version: 1, capabilities: ["nativeSubagentSessions", "backgroundSubagents"] },
        },
      },
    });
    const declared = init._meta as { jetbrains: { air: { capabilities: string[] } } };
    expect(declared.jetbrains.air.capabilities).toContain("backgroundSubagents");
    const sessionId = await s.newSession();
    expect((await s.prompt(sessionId, "delegate")).stopReason).toBe("end_turn");
    // Answered while the child still works: its report and its end come after.
    const [childId, ...more] = otherSessions(s, sessionId);
    expect(more).toEqual([]);
    const states = () =>
      childAnnouncements(s, sessionId)
        .filter((u) => u.sessionUpdate === "subagent_state_update")
        .map((u) => u.state);
    expect(states()).toEqual([{ state: "running" }]);
    expect(textOf(s, childId!)).not.toContain("Child report.");
    expect(textOf(s, sessionId)).toBe("Parent done.");
    openGate(s, "child.go");
    await eventually("the child's end", () => states().length > 1, 20_000);
    expect(states()).toEqual([{ state: "running" }, { state: "idle", stopReason: "end_turn" }]);
    expect(textOf(s, childId!)).toBe("Child speaking.Child report.");
  });
});

const WORKFLOW_AGENT = "Workflow agent: wait.";
/** A Workflow whose one agent waits on the model (its request hangs) until stopped. */
const WORKFLOW_SCRIPT = [
  "export const meta = { name: 'waiting', description: 'One agent that waits' }",
  `const answer = await agent(${JSON.stringify(WORKFLOW_AGENT)}, { label: 'wait' })`,
  "return { answer }",
].join("\n");

describe("background workflows and a parent cancel (perTaskStopAffordance)", () => {
  it("a cancel stops the session's background workflow, which Claude Code's interrupt spares", async () => {
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
      // The parent's turn goes on until the cancel.
      { kind: "hang" },
    ];
    // The agent's own conversation starts with its prompt (the parent's holds the script).
    const fromWorkflow = (req: { body: { messages?: unknown[] } }) =>
      JSON.stringify(req.body.messages?.[0] ?? "").includes(WORKFLOW_AGENT);
    const answer = (req: { body: { messages?: unknown[] } }): ScriptedTurn =>
      fromWorkflow(req) ? { kind: "hang" } : (parent.shift() ?? textTurn("Noted."));
    const s = await scenario({ ...BYPASS, script: Array.from({ length: 8 }, () => answer) });
    await s.initialize(RFD);
    const sessionId = await s.newSession({ _meta: { claudeCode: { emitRawSDKMessages: true } } });
    const raw = () =>
      s.extNotifications
        .filter((n) => n.method === "_claude/sdkMessage")
        .map((n) => (n.params as { message: Record<string, unknown> }).message);
    const workflowTask = () =>
      raw().find((m) => m.subtype === "task_started" && m.task_type === "local_workflow");
    const prompt = s.prompt(sessionId, "use a workflow");
    // The workflow's agent is waiting on the model, and so is the parent.
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
    // Claude Code reports the workflow stopped: the adapter stopped it.
    await eventually(
      "the workflow's end",
      () =>
        raw().some(
          (m) =>
            m.subtype === "task_notification" && m.task_id === taskId && m.status === "stopped",
        ),
      20_000,
    );
  });
});
