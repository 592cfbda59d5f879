import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import { PLAIN_CLIENT } from "../../profile/client-profile.js";
import { parseClientProfile } from "../../extensions/compose.js";
import { AIR_SUBAGENT_ANNOUNCER } from "../../extensions/air/subagent-announcer.js";
import { childSessionId, RFD_ANNOUNCER } from "../../translation/subagents/child-session.js";
import type { ReplayedChild } from "./subagent-child.js";
import { RootSubagentRoute } from "./root-subagent-route.js";
import { childRouteFor, SubagentRouter } from "./subagent-router.js";

const ROOT = "root";
const A = childSessionId(ROOT, "toolu_a");
const B = childSessionId(ROOT, "toolu_b");

function router() {
  const sent: Array<[string, SessionUpdate]> = [];
  const loud: boolean[] = [];
  const r = new SubagentRouter(ROOT, RFD_ANNOUNCER, (update, sessionId, isLoud) => {
    sent.push([sessionId, update]);
    loud.push(isLoud);
  });
  /** The states sent, as `[parent session, child session, state]`. */
  const states = () =>
    sent.map(([on, u]) => {
      const { sessionId, state } = u as unknown as { sessionId: string; state: unknown };
      return [on, sessionId, state];
    });
  return { r, sent, states, loud };
}

const msg = (m: Record<string, unknown>) => m as unknown as SDKMessage;

function agentCall(id: string, parent: string | null = null, input: object = {}, name = "Agent") {
  return msg({
    type: "assistant",
    parent_tool_use_id: parent,
    message: { id: "m", content: [{ type: "tool_use", id, name, input }] },
  });
}
function streamedCall(id: string, name: string, parent: string | null = null) {
  return msg({
    type: "stream_event",
    parent_tool_use_id: parent,
    event: { type: "content_block_start", index: 0, content_block: { type: "tool_use", id, name } },
  });
}
function taskStarted(toolUseId: string, extra: object = {}) {
  return msg({
    type: "system",
    subtype: "task_started",
    task_id: `task-${toolUseId}`,
    tool_use_id: toolUseId,
    description: "d",
    ...extra,
  });
}
function taskEnded(toolUseId: string, status: string) {
  return msg({ type: "system", subtype: "task_notification", tool_use_id: toolUseId, status });
}
function toolResult(toolUseId: string, isError = false) {
  return msg({
    type: "user",
    parent_tool_use_id: null,
    message: { content: [{ type: "tool_result", tool_use_id: toolUseId, is_error: isError }] },
  });
}

const running = { state: "running" };
const idle = (stopReason: string) => ({ state: "idle", stopReason });

describe("SubagentRouter", () => {
  it("announces a child at task_started, with the task's prompt, and routes its traffic there", () => {
    const { r, sent } = router();
    r.observe(agentCall("toolu_a", null, { description: "Look", prompt: "from input" }));
    expect(sent).toEqual([]);
    r.observe(taskStarted("toolu_a", { prompt: "from task" }));
    expect(sent).toEqual([
      [
        ROOT,
        {
          sessionUpdate: "subagent_update",
          sessionId: A,
          title: "Look",
          capabilities: { cancel: {} },
          state: running,
        },
      ],
      [
        ROOT,
        {
          sessionUpdate: "session_message",
          messageId: "toolu_a:prompt",
          senderSessionId: ROOT,
          recipientSessionId: A,
          recipientMessageId: "toolu_a:prompt:received",
          content: [{ type: "text", text: "from task" }],
        },
      ],
      [
        A,
        {
          sessionUpdate: "session_message",
          messageId: "toolu_a:prompt:received",
          senderSessionId: ROOT,
          recipientSessionId: A,
          senderMessageId: "toolu_a:prompt",
          content: [{ type: "text", text: "from task" }],
        },
      ],
    ]);
    expect(r.sessionOf("toolu_a")).toBe(A);
    expect(sent).toHaveLength(3); // announced once
    expect(r.owns(A)).toBe(true);
    expect(r.owns(ROOT)).toBe(false);
  });

  it("announces a child on its first traffic when no task_started came first", () => {
    const { r, states } = router();
    r.observe(streamedCall("toolu_a", "Task"));
    expect(r.announced("toolu_a")).toBe(false);
    expect(r.sessionOf("toolu_a")).toBe(A);
    expect(r.announced("toolu_a")).toBe(true);
    expect(states()).toEqual([[ROOT, A, running]]);
  });

  it("never exposes a subagent whose call it did not see, nor a non-subagent tool", () => {
    const { r, sent } = router();
    r.observe(streamedCall("toolu_bash", "Bash"));
    r.observe(taskStarted("toolu_x"));
    expect(r.sessionOf("toolu_bash")).toBeUndefined();
    expect(r.sessionOf("toolu_x")).toBeUndefined();
    // A nested call under an unknown parent: no guessed parent.
    r.observe(agentCall("toolu_b", "toolu_unknown"));
    expect(r.sessionOf("toolu_b")).toBeUndefined();
    expect(sent).toEqual([]);
  });

  it("announces nested children on their immediate parent, parents first", () => {
    const { r, states } = router();
    r.observe(agentCall("toolu_a"));
    r.observe(agentCall("toolu_b", "toolu_a"));
    expect(r.sessionOf("toolu_b")).toBe(B);
    expect(states()).toEqual([
      [ROOT, A, running],
      [A, B, running],
    ]);
  });

  it("requires action while a request of the child is open, and runs again once all are answered", () => {
    const { r, states } = router();
    r.observe(agentCall("toolu_a"));
    r.observe(taskStarted("toolu_a"));
    r.requestOpened("toolu_a");
    r.requestOpened("toolu_a");
    r.requestClosed("toolu_a");
    r.requestClosed("toolu_a");
    r.requestClosed("toolu_a"); // nothing open: nothing to report
    r.requestOpened(null); // the root's own requests are not a child's
    r.requestOpened("toolu_unknown");
    expect(states()).toEqual([
      [ROOT, A, running],
      [ROOT, A, { state: "requires_action" }],
      [ROOT, A, running],
    ]);
  });

  it.each([
    ["its tool result", [toolResult("toolu_a")], idle("end_turn")],
    ["an error result", [toolResult("toolu_a", true)], idle("error")],
    // A completed task waits for its result, which holds the answer the parent got.
    [
      "a completed task, at its result",
      [taskEnded("toolu_a", "completed"), toolResult("toolu_a")],
      idle("end_turn"),
    ],
    ["a stopped task", [taskEnded("toolu_a", "stopped")], idle("cancelled")],
    ["a failed task", [taskEnded("toolu_a", "failed")], idle("error")],
    ["the first end only", [taskEnded("toolu_a", "failed"), toolResult("toolu_a")], idle("error")],
  ])("a foreground child ends with %s", (_name, messages, end) => {
    const { r, states } = router();
    r.observe(agentCall("toolu_a"));
    r.observe(taskStarted("toolu_a"));
    for (const m of messages) r.observe(m);
    expect(states()).toEqual([
      [ROOT, A, running],
      [ROOT, A, end],
    ]);
  });

  it("keeps a background child running past its tool result and a parent cancel, until its task ends", () => {
    const { r, states, loud } = router();
    r.observe(agentCall("toolu_a"));
    r.observe(taskStarted("toolu_a", { is_backgrounded: true }));
    r.observe(toolResult("toolu_a"));
    r.parentCancelled();
    expect(states()).toEqual([[ROOT, A, running]]);
    r.observe(taskEnded("toolu_a", "completed"));
    expect(states().at(-1)).toEqual([ROOT, A, idle("end_turn")]);
    // Its updates go out also while the parent is quiet.
    expect(loud).toEqual([true, true]);
  });

  it("knows which messages are a background child's work", () => {
    const { r, loud } = router();
    r.observe(agentCall("toolu_a"));
    r.observe(taskStarted("toolu_a", { is_backgrounded: true }));
    r.observe(agentCall("toolu_b"));
    r.observe(taskStarted("toolu_b"));
    expect(r.inBackground("toolu_a")).toBe(true);
    expect(r.inBackground("toolu_b")).toBe(false);
    expect(r.inBackground("toolu_x")).toBe(false);
    expect(r.carriesBackgroundWork(agentCall("x", "toolu_a"))).toBe(true);
    expect(r.carriesBackgroundWork(agentCall("x", "toolu_b"))).toBe(false);
    expect(r.carriesBackgroundWork(agentCall("x", null))).toBe(false);
    expect(loud).toEqual([true, false]);
  });

  it("a parent cancel ends the foreground children, cancelled (an open request too)", () => {
    const { r, states } = router();
    r.observe(agentCall("toolu_a"));
    r.observe(taskStarted("toolu_a"));
    r.requestOpened("toolu_a");
    r.parentCancelled();
    r.requestClosed("toolu_a");
    r.observe(toolResult("toolu_a", true));
    expect(states()).toEqual([
      [ROOT, A, running],
      [ROOT, A, { state: "requires_action" }],
      [ROOT, A, idle("cancelled")],
    ]);
  });

  it("a cancel of a running child names its task; however it ends, it was cancelled", () => {
    const { r, states } = router();
    r.observe(agentCall("toolu_a"));
    expect(r.sessionOf("toolu_a")).toBe(A);
    expect(r.cancelChild(A)).toBeUndefined(); // no task yet
    r.observe(taskStarted("toolu_a"));
    expect(r.cancelChild(A)).toBe("task-toolu_a");
    expect(r.cancelChild("other")).toBeUndefined();
    r.observe(toolResult("toolu_a", true));
    expect(states().at(-1)).toEqual([ROOT, A, idle("cancelled")]);
    expect(r.cancelChild(A)).toBeUndefined(); // idle: nothing to stop
  });
});

describe("SubagentRouter.sendWork", () => {
  it("sends a background child's work to its session, loud; nothing of the root or an unknown child", () => {
    const { r, sent, loud } = router();
    r.observe(agentCall("toolu_a"));
    r.observe(taskStarted("toolu_a", { is_backgrounded: true }));
    sent.length = 0;
    loud.length = 0;
    const chunk = { sessionUpdate: "agent_message_chunk", content: { type: "text", text: "x" } };
    r.sendWork([
      { target: "toolu_a", update: chunk as SessionUpdate },
      { target: null, update: chunk as SessionUpdate },
      { target: "toolu_unknown", update: chunk as SessionUpdate },
    ]);
    expect(sent).toEqual([[A, chunk]]);
    expect(loud).toEqual([true]);
  });
});

/** A completed foreground run's result, as Claude Code 2.1.318 sends it. */
function completedResult(toolUseId: string, report: string) {
  return msg({
    type: "user",
    parent_tool_use_id: null,
    message: {
      content: [
        {
          type: "tool_result",
          tool_use_id: toolUseId,
          content: [{ type: "text", text: `${report}\nagentId: x (use SendMessage)` }],
        },
      ],
    },
    tool_use_result: { status: "completed", content: [{ type: "text", text: report }] },
  });
}

describe("SubagentRouter: the child's answer (RFD session_message)", () => {
  const views = (answer: string, loud = false) => ({
    child: {
      sessionUpdate: "session_message",
      messageId: "toolu_a:answer",
      senderSessionId: A,
      recipientSessionId: ROOT,
      recipientMessageId: "toolu_a:answer:received",
      content: [{ type: "text", text: answer }],
    },
    parent: {
      sessionUpdate: "session_message",
      messageId: "toolu_a:answer:received",
      senderSessionId: A,
      recipientSessionId: ROOT,
      senderMessageId: "toolu_a:answer",
      content: [{ type: "text", text: answer }],
    },
    loud,
  });

  it("a foreground child hands its report back to the parent before it goes idle", () => {
    const { r, sent } = router();
    r.observe(agentCall("toolu_a"));
    r.observe(taskStarted("toolu_a"));
    r.observe(taskEnded("toolu_a", "completed"));
    expect(sent).toHaveLength(1);
    r.observe(completedResult("toolu_a", "Found it."));
    const { child, parent } = views("Found it.");
    expect(sent.slice(1)).toEqual([
      [A, child],
      [ROOT, parent],
      [ROOT, { sessionUpdate: "subagent_update", sessionId: A, state: idle("end_turn") }],
    ]);
  });

  it("a child whose result holds no report (a nested one) answers its task's summary", () => {
    const { r, sent } = router();
    r.observe(agentCall("toolu_a"));
    r.observe(taskStarted("toolu_a"));
    r.observe(msg({ ...taskEnded("toolu_a", "completed"), summary: "Inner report." }));
    r.observe(toolResult("toolu_a"));
    expect(
      sent.slice(1).map(([on, u]) => [on, u.sessionUpdate, (u as { content?: unknown }).content]),
    ).toEqual([
      [A, "session_message", [{ type: "text", text: "Inner report." }]],
      [ROOT, "session_message", [{ type: "text", text: "Inner report." }]],
      [ROOT, "subagent_update", undefined],
    ]);
  });

  it("a background child's answer is its task's summary, sent loud", () => {
    const { r, sent, loud } = router();
    r.observe(agentCall("toolu_a"));
    r.observe(taskStarted("toolu_a", { is_backgrounded: true }));
    r.observe(completedResult("toolu_a", "not the answer: a launch"));
    expect(sent).toHaveLength(1);
    r.observe(msg({ ...taskEnded("toolu_a", "completed"), summary: " Done later. " }));
    const { child, parent } = views("Done later.");
    expect(sent.slice(1)).toEqual([
      [A, child],
      [ROOT, parent],
      [ROOT, { sessionUpdate: "subagent_update", sessionId: A, state: idle("end_turn") }],
    ]);
    expect(loud).toEqual([true, true, true, true]);
  });

  it("a SendMessage runs an idle child again: its message, running, the run's answer, idle", () => {
    const { r, sent, loud } = router();
    r.observe(agentCall("toolu_a"));
    r.observe(taskStarted("toolu_a"));
    r.observe(completedResult("toolu_a", "First."));
    const resume = (prompt: string) =>
      taskStarted("toolu_send", { task_id: "task-toolu_a", is_backgrounded: true, prompt });
    sent.length = 0;
    loud.length = 0;
    r.observe(resume("Again please"));
    // The run is the child's: its task names it (for the parent's background list).
    expect([r.childOfTask("task-toolu_a"), r.childOfTask("unknown")]).toEqual([A, undefined]);
    r.observe(toolResult("toolu_send")); // SendMessage's own result ends nothing
    r.observe(msg({ ...taskEnded("toolu_send", "completed"), summary: "Second." }));
    const text = (t: string) => [{ type: "text", text: t }];
    expect(sent).toEqual([
      [ROOT, { sessionUpdate: "subagent_update", sessionId: A, state: running }],
      [
        ROOT,
        {
          sessionUpdate: "session_message",
          messageId: "toolu_send:prompt",
          senderSessionId: ROOT,
          recipientSessionId: A,
          recipientMessageId: "toolu_send:prompt:received",
          content: text("Again please"),
        },
      ],
      [
        A,
        {
          sessionUpdate: "session_message",
          messageId: "toolu_send:prompt:received",
          senderSessionId: ROOT,
          recipientSessionId: A,
          senderMessageId: "toolu_send:prompt",
          content: text("Again please"),
        },
      ],
      [A, expect.objectContaining({ messageId: "toolu_send:answer", content: text("Second.") })],
      [ROOT, expect.objectContaining({ messageId: "toolu_send:answer:received" })],
      [ROOT, { sessionUpdate: "subagent_update", sessionId: A, state: idle("end_turn") }],
    ]);
    // The resumed run is in the background: not the parent turn's.
    expect(loud.every(Boolean)).toBe(true);
    expect(r.inBackground("toolu_a")).toBe(true);
    // Idle, it runs again; a start while it runs, or of an unknown task, changes nothing.
    sent.length = 0;
    r.observe(resume("Once more"));
    r.observe(resume("And again"));
    r.observe(taskStarted("toolu_other", { task_id: "unknown" }));
    expect(sent.map(([, u]) => u.sessionUpdate)).toEqual([
      "subagent_update",
      "session_message",
      "session_message",
    ]);
  });

  it.each([
    ["an error result", [toolResult("toolu_a", true)]],
    ["a result without a completed run", [toolResult("toolu_a")]],
    ["a failed task", [msg({ ...taskEnded("toolu_a", "failed"), summary: "x" })]],
    ["a cancelled child", [completedResult("toolu_a", "late")], true],
  ])("gives no answer for %s", (_name, messages, cancel = false) => {
    const { r, sent } = router();
    r.observe(agentCall("toolu_a"));
    r.observe(taskStarted("toolu_a"));
    if (cancel) r.cancelChild(A);
    for (const m of messages) r.observe(m as SDKMessage);
    expect(sent.map(([, u]) => u.sessionUpdate)).toEqual(["subagent_update", "subagent_update"]);
  });

  it("sends nothing of the answer for AIR's form", () => {
    const sent: SessionUpdate[] = [];
    const r = new SubagentRouter(ROOT, AIR_SUBAGENT_ANNOUNCER, (u) => sent.push(u));
    r.observe(agentCall("toolu_a"));
    r.observe(taskStarted("toolu_a"));
    r.observe(completedResult("toolu_a", "Found it."));
    r.subagentStarted("task-toolu_a", "/elsewhere");
    expect(sent.map((u) => u.sessionUpdate)).toEqual([
      "subagent_spawned",
      "subagent_state_update",
      "subagent_state_update",
    ]);
  });
});

describe("SubagentRouter: where a child runs (SubagentStart cwd)", () => {
  function placedRouter() {
    const sent: Array<[string, Record<string, unknown>]> = [];
    const r = new SubagentRouter(
      ROOT,
      RFD_ANNOUNCER,
      (update, sessionId) => sent.push([sessionId, update as unknown as Record<string, unknown>]),
      undefined,
      "/repo",
    );
    return { r, sent };
  }

  it("announces a child placed in a worktree before its task started with its cwd", () => {
    const { r, sent } = placedRouter();
    r.observe(agentCall("toolu_a"));
    r.subagentStarted("task-toolu_a", "/repo/.claude/worktrees/agent-1");
    expect(sent).toEqual([]);
    r.observe(taskStarted("toolu_a"));
    expect(sent[0]).toEqual([
      ROOT,
      expect.objectContaining({ sessionId: A, cwd: "/repo/.claude/worktrees/agent-1" }),
    ]);
  });

  it("patches an announced child's cwd, and sets it back to null in its parent's folder", () => {
    const { r, sent } = placedRouter();
    r.observe(agentCall("toolu_a"));
    r.observe(taskStarted("toolu_a"));
    r.subagentStarted("task-toolu_a", "/repo/wt");
    r.subagentStarted("task-toolu_a", "/repo/wt"); // unchanged: nothing
    r.subagentStarted("task-toolu_a", "/repo");
    r.subagentStarted("task-toolu_a", "/repo"); // inherits already: nothing
    expect(sent[0]![1]).not.toHaveProperty("cwd");
    expect(sent.slice(1)).toEqual([
      [ROOT, { sessionUpdate: "subagent_update", sessionId: A, cwd: "/repo/wt" }],
      [ROOT, { sessionUpdate: "subagent_update", sessionId: A, cwd: null }],
    ]);
  });

  it("a nested child in its parent's worktree inherits it; elsewhere it reports its own", () => {
    const { r, sent } = placedRouter();
    r.observe(agentCall("toolu_a"));
    r.subagentStarted("task-toolu_a", "/repo/wt");
    r.observe(taskStarted("toolu_a"));
    r.observe(agentCall("toolu_b", "toolu_a"));
    r.subagentStarted("task-toolu_b", "/repo/wt");
    r.observe(taskStarted("toolu_b"));
    r.subagentStarted("task-toolu_b", "/repo");
    expect(sent.map(([on, u]) => [on, u.sessionId, u.cwd])).toEqual([
      [ROOT, A, "/repo/wt"],
      [A, B, undefined],
      [A, B, "/repo"],
    ]);
  });
});

describe("SubagentRouter.adoptReplayed", () => {
  const replayed = (
    toolUseId: string,
    parentSessionId: string,
    taskId: string,
    cwd?: string,
  ): ReplayedChild => ({
    session: {
      sessionId: childSessionId(ROOT, toolUseId),
      toolUseId,
      title: "t",
      agentType: undefined,
      prompt: "p",
      ...(cwd === undefined ? {} : { cwd }),
    },
    parentSessionId,
    taskId,
    state: { state: "idle", stopReason: "end_turn" },
  });

  it("a SendMessage after a load runs a replayed child again as one seen live, its run on its session", () => {
    const { r, sent, loud } = router();
    r.adoptReplayed([replayed("toolu_a", ROOT, "agent-a"), replayed("toolu_b", A, "agent-b")]);
    expect(sent).toEqual([]);
    expect([r.announced("toolu_b"), r.owns(A), r.owns(B), r.inBackground("toolu_b")]).toEqual([
      true,
      true,
      true,
      false,
    ]);
    // Claude Code 2.1.318: the same task id, named by the SendMessage, in the background.
    r.observe(
      taskStarted("toolu_send", { task_id: "agent-b", is_backgrounded: true, prompt: "Again" }),
    );
    expect([r.childOfTask("agent-a"), r.childOfTask("agent-b")]).toEqual([A, B]);
    // The run's messages name the Agent call of the child's launch.
    expect(r.observe(agentCall("toolu_x", "toolu_b"))).toBe(true);
    expect(r.sessionOf("toolu_b")).toBe(B);
    r.observe(msg({ ...taskEnded("toolu_send", "completed"), summary: "Done." }));
    const text = (t: string) => [{ type: "text", text: t }];
    expect(sent).toEqual([
      [A, { sessionUpdate: "subagent_update", sessionId: B, state: running }],
      [
        A,
        {
          sessionUpdate: "session_message",
          messageId: "toolu_send:prompt",
          senderSessionId: A,
          recipientSessionId: B,
          recipientMessageId: "toolu_send:prompt:received",
          content: text("Again"),
        },
      ],
      [
        B,
        {
          sessionUpdate: "session_message",
          messageId: "toolu_send:prompt:received",
          senderSessionId: A,
          recipientSessionId: B,
          senderMessageId: "toolu_send:prompt",
          content: text("Again"),
        },
      ],
      [
        B,
        {
          sessionUpdate: "session_message",
          messageId: "toolu_send:answer",
          senderSessionId: B,
          recipientSessionId: A,
          recipientMessageId: "toolu_send:answer:received",
          content: text("Done."),
        },
      ],
      [
        A,
        {
          sessionUpdate: "session_message",
          messageId: "toolu_send:answer:received",
          senderSessionId: B,
          recipientSessionId: A,
          senderMessageId: "toolu_send:answer",
          content: text("Done."),
        },
      ],
      [A, { sessionUpdate: "subagent_update", sessionId: B, state: idle("end_turn") }],
    ]);
    expect(loud.every(Boolean)).toBe(true);
  });

  it("keeps a child already seen live as it is", () => {
    const { r, sent } = router();
    r.observe(agentCall("toolu_a"));
    r.observe(taskStarted("toolu_a"));
    r.adoptReplayed([replayed("toolu_a", ROOT, "agent-a")]);
    // Still running its live task.
    expect(r.cancelChild(A)).toBe("task-toolu_a");
    r.observe(taskStarted("toolu_send", { task_id: "agent-a", is_backgrounded: true }));
    expect(sent).toHaveLength(1);
  });

  it("knows where a replayed child was: back in its parent's folder, its cwd is null", () => {
    const sent: Array<[string, SessionUpdate]> = [];
    const r = new SubagentRouter(
      ROOT,
      RFD_ANNOUNCER,
      (update, sessionId) => sent.push([sessionId, update]),
      undefined,
      "/repo",
    );
    r.adoptReplayed([replayed("toolu_a", ROOT, "agent-a", "/repo/wt")]);
    r.subagentStarted("agent-a", "/repo/wt");
    r.subagentStarted("agent-a", "/repo");
    expect(sent).toEqual([[ROOT, { sessionUpdate: "subagent_update", sessionId: A, cwd: null }]]);
  });
});

describe("SubagentRouter.cancel", () => {
  it("stops the task of a running child, and nothing else", async () => {
    const stopped: string[] = [];
    const r = new SubagentRouter(
      ROOT,
      RFD_ANNOUNCER,
      () => undefined,
      (taskId) => {
        stopped.push(taskId);
        return Promise.reject(new Error("gone"));
      },
    );
    r.observe(agentCall("toolu_a"));
    expect(r.observe(taskStarted("toolu_a"))).toBe(false);
    r.cancel("unknown");
    r.cancel(A);
    await Promise.resolve();
    expect(stopped).toEqual(["task-toolu_a"]);
  });

  it("says which observed messages are a background child's work", () => {
    const { r } = router();
    r.observe(agentCall("toolu_a"));
    r.observe(taskStarted("toolu_a", { is_backgrounded: true }));
    expect(r.observe(agentCall("x", "toolu_a"))).toBe(true);
    expect(r.observe(agentCall("y", null))).toBe(false);
  });
});

describe("childRouteFor", () => {
  it("is a router for a client that takes native child sessions, else the root route", () => {
    const output = { send: () => undefined, notify: () => undefined, stopTask: () => undefined };
    const root = { sessionId: ROOT };
    // A client without a subagent signal sees the child's work on the root session…
    expect(childRouteFor(PLAIN_CLIENT, root, output)).toBeInstanceOf(RootSubagentRoute);
    // …but AIR only on request (seed: subagent text for AIR only when asked).
    const air = parseClientProfile({
      _meta: { jetbrains: { air: { version: 1, capabilities: [] } } },
    });
    expect(childRouteFor(air, root, output)).toBeUndefined();
    const flat = { ...root, passThrough: { forwardSubagentText: true } };
    expect(childRouteFor(air, flat, output)).toBeInstanceOf(RootSubagentRoute);
    expect(childRouteFor(parseClientProfile({ subagents: {} }), root, output)).toBeInstanceOf(
      SubagentRouter,
    );
  });
});
