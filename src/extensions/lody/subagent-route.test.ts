import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import type { SessionUpdate, ToolCallUpdate } from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import type { ClientPort } from "../../client/client-port.js";
import { validEvent } from "./subagent-events/schema.js";
import { parseClientProfile } from "../compose.js";
import { SdkMessageTranslator } from "../../translation/sdk-message-translator.js";
import { childRouteFor } from "../../session/subagents/subagent-router.js";
import { LodySubagentRoute } from "./subagent-route.js";
import { Outbox } from "../../session/outbox.js";

const ROOT = "root";
const EVENT = "_lody/subagents/event";
const LODY_EVENTS = parseClientProfile({ _meta: { lody: { subagentEvents: { version: 1 } } } });

const msg = (m: Record<string, unknown>) => m as unknown as SDKMessage;

function call(id: string, parent: string | null, name: string, input: object) {
  return msg({
    type: "assistant",
    parent_tool_use_id: parent,
    message: { id: `m-${id}`, content: [{ type: "tool_use", id, name, input }] },
  });
}
const agentCall = (id: string, parent: string | null = null) =>
  call(id, parent, "Agent", { description: "Look around", subagent_type: "Explore", prompt: "p" });
function taskStarted(toolUseId: string, background = false) {
  return msg({
    type: "system",
    subtype: "task_started",
    task_id: `task-${toolUseId}`,
    tool_use_id: toolUseId,
    description: "d",
    is_backgrounded: background,
  });
}
function result(toolUseId: string, parent: string | null, isError = false) {
  return msg({
    type: "user",
    parent_tool_use_id: parent,
    message: {
      content: [{ type: "tool_result", tool_use_id: toolUseId, is_error: isError, content: "ok" }],
    },
  });
}
const progress = (toolUseId: string) =>
  msg({
    type: "system",
    subtype: "task_progress",
    task_id: `task-${toolUseId}`,
    tool_use_id: toolUseId,
    description: "d",
    usage: { total_tokens: 120, tool_uses: 1, duration_ms: 900 },
    last_tool_name: "Read",
  });
const taskEnded = (toolUseId: string, status: string) =>
  msg({ type: "system", subtype: "task_notification", tool_use_id: toolUseId, status });

/** Recorded wire data, read loosely by the assertions. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = any;

/**
 * A session's path for subagents, without Claude Code: the translator of a Lody client,
 * the route, and an outbox over a client that records everything in order.
 */
function harness() {
  const wire: Array<
    { kind: "update"; sessionId: string; update: SessionUpdate } | { kind: "event"; event: Loose }
  > = [];
  const client: ClientPort = {
    sessionUpdate: (sessionId, update) => {
      wire.push({ kind: "update", sessionId, update });
      return Promise.resolve();
    },
    sessionUpdates: () => Promise.reject(new Error("not in this test")),
    requestPermission: () => Promise.reject(new Error("not in this test")),
    elicit: () => Promise.reject(new Error("not in this test")),
    notify: (method, params) => {
      expect(method).toBe(EVENT);
      wire.push({ kind: "event", event: params });
      return Promise.resolve();
    },
  };
  let runs = 0;
  const late = {} as { outbox: Outbox };
  const route = new LodySubagentRoute(
    ROOT,
    {
      notify: (method, params, loud) => late.outbox.notify(method, params, loud),
      sendRoot: (update) => late.outbox.send(update),
    },
    () => `run-${++runs}`,
    () => 1000,
  );
  const outbox = new Outbox(ROOT, client, (target, update) => route.sessionOf(target, update));
  late.outbox = outbox;
  const translator = new SdkMessageTranslator(LODY_EVENTS, true);
  route.attach(translator);
  const feed = (...messages: SDKMessage[]) => {
    for (const message of messages) {
      if (route.observe(message)) route.sendWork(translator.translate(message));
      else outbox.route(translator.translate(message));
    }
  };
  const events = () =>
    wire.filter((w) => w.kind === "event").map((w) => (w as { event: Loose }).event);
  const updates = () => wire.filter((w) => w.kind === "update") as Loose[];
  return { route, outbox, feed, events, updates, wire };
}

const support = {
  stream: ["text", "thought", "tool", "plan"],
  progress: true,
  outputRead: "none",
  cancel: false,
};

describe("LodySubagentRoute (acceptance check 10)", () => {
  it("sends a foreground child as one run: snapshot, output, progress, end; nothing on the root", () => {
    const h = harness();
    h.feed(
      agentCall("toolu_a"),
      taskStarted("toolu_a"),
      call("toolu_r", "toolu_a", "Read", { file_path: "/tmp/x" }),
      result("toolu_r", "toolu_a"),
      progress("toolu_a"),
      result("toolu_a", null),
    );
    const events = h.events();
    expect(h.updates()).toStrictEqual([]);
    expect(events.every(validEvent)).toBe(true);
    expect(events.map((e) => [e.type, e.snapshot?.state ?? e.update?.sessionUpdate])).toStrictEqual(
      [
        ["snapshot", "running"],
        ["output", "tool_call"],
        ["output", "tool_call_update"],
        ["progress", undefined],
        ["snapshot", "completed"],
      ],
    );
    expect(events[0]).toStrictEqual({
      version: 1,
      sessionId: ROOT,
      runId: "run-1",
      type: "snapshot",
      snapshot: {
        state: "running",
        support,
        parentRunId: null,
        startedAtEpochSeconds: 1000,
        parentToolCallId: "toolu_a",
        name: "Explore",
        description: "Look around",
      },
    });
    expect(events[1].update).toMatchObject({ toolCallId: "toolu_r", status: "pending" });
    expect(events[3].progress).toStrictEqual({
      lastToolName: "Read",
      totalTokens: 120,
      toolCallCount: 1,
      durationMs: 900,
    });
    expect(events[4].snapshot).toMatchObject({ state: "completed", endedAtEpochSeconds: 1000 });
    expect(JSON.stringify(h.wire)).not.toMatch(/subagent_update|subagent_spawned|"Agent"/);
  });

  it("sends a launch that failed before any child as one plain failed tool call on the root", () => {
    const h = harness();
    h.feed(agentCall("toolu_a"), result("toolu_a", null, true));
    expect(h.events()).toStrictEqual([]);
    expect(
      h.updates().map((u) => [u.sessionId, u.update.sessionUpdate, u.update.status]),
    ).toStrictEqual([[ROOT, "tool_call", "failed"]]);
    expect(JSON.stringify(h.updates())).not.toContain("lody");
  });

  it("opens a nested child under its parent's run", () => {
    const h = harness();
    h.feed(
      agentCall("toolu_a"),
      taskStarted("toolu_a"),
      agentCall("toolu_b", "toolu_a"),
      taskStarted("toolu_b"),
    );
    const [a, b] = h.events();
    expect(a.snapshot.parentRunId).toBeNull();
    expect(b).toMatchObject({
      runId: "run-2",
      snapshot: { parentRunId: "run-1", parentToolCallId: "toolu_b" },
    });
    expect(h.updates()).toStrictEqual([]);
  });

  it("opens a run on its first update when task_started did not come first", () => {
    const h = harness();
    h.feed(agentCall("toolu_a"), call("toolu_r", "toolu_a", "Read", { file_path: "/x" }));
    expect(h.events().map((e) => e.type)).toStrictEqual(["snapshot", "output"]);
  });

  it("ends a task by its notification; a stopped one was cancelled", () => {
    const h = harness();
    h.feed(
      agentCall("toolu_a"),
      taskStarted("toolu_a", true),
      agentCall("toolu_b"),
      taskStarted("toolu_b", true),
    );
    h.feed(taskEnded("toolu_a", "failed"), taskEnded("toolu_b", "stopped"));
    expect(
      h
        .events()
        .slice(2)
        .map((e) => [e.runId, e.snapshot.state, e.snapshot.reason]),
    ).toStrictEqual([
      ["run-1", "failed", { code: "error" }],
      ["run-2", "cancelled", { code: "cancelled" }],
    ]);
  });

  it("publishes a task that ended before its start once, start first (check 12)", () => {
    const h = harness();
    h.feed(
      agentCall("toolu_a"),
      taskEnded("toolu_a", "completed"),
      taskEnded("toolu_a", "completed"),
    );
    expect(h.events().map((e) => [e.runId, e.snapshot.state])).toStrictEqual([
      ["run-1", "running"],
      ["run-1", "completed"],
    ]);
  });

  it("cancels the foreground runs of a cancelled turn and leaves background ones running", () => {
    const h = harness();
    h.feed(
      agentCall("toolu_a"),
      taskStarted("toolu_a"),
      agentCall("toolu_b"),
      taskStarted("toolu_b", true),
    );
    h.route.parentCancelled();
    expect(
      h
        .events()
        .slice(2)
        .map((e) => [e.runId, e.snapshot.state]),
    ).toStrictEqual([["run-1", "cancelled"]]);
  });

  it("sends a background run's work while the session is quiet", () => {
    const h = harness();
    h.feed(agentCall("toolu_a"), taskStarted("toolu_a", true));
    h.outbox.hush();
    h.feed(
      call("toolu_r", "toolu_a", "Read", { file_path: "/x" }),
      taskEnded("toolu_a", "completed"),
    );
    expect(h.events().map((e) => e.type)).toStrictEqual(["snapshot", "output", "snapshot"]);
  });

  it("turns live runs unknown when Claude Code exits, even while quiet", () => {
    const h = harness();
    h.feed(
      agentCall("toolu_a"),
      taskStarted("toolu_a"),
      agentCall("toolu_b"),
      taskStarted("toolu_b"),
    );
    h.feed(result("toolu_b", null));
    h.outbox.hush();
    h.route.queryExited();
    const last = h.events().slice(3);
    expect(last).toStrictEqual([
      expect.objectContaining({
        runId: "run-1",
        snapshot: expect.objectContaining({
          state: "unknown",
          outputIncomplete: true,
          reason: { code: "disconnected" },
        }),
      }),
    ]);
  });

  it("withholds invalid output and marks the run incomplete (check 9)", () => {
    const h = harness();
    h.feed(agentCall("toolu_a"), taskStarted("toolu_a"));
    h.route.sessionOf("toolu_a", {
      sessionUpdate: "agent_message_chunk",
      content: { type: "text" },
    } as never);
    h.feed(result("toolu_a", null));
    expect(h.events().map((e) => [e.type, e.snapshot?.outputIncomplete])).toStrictEqual([
      ["snapshot", undefined],
      ["snapshot", true],
      ["snapshot", true],
    ]);
  });

  it("holds a child's updates that come before its call, and sends them after the snapshot", () => {
    const h = harness();
    const chunk = {
      sessionUpdate: "agent_message_chunk",
      content: { type: "text", text: "early" },
    };
    h.route.sessionOf("toolu_a", chunk as SessionUpdate);
    expect(h.events()).toStrictEqual([]);
    h.feed(agentCall("toolu_a"), taskStarted("toolu_a"));
    expect(h.events().map((e) => e.type)).toStrictEqual(["snapshot", "output"]);
    expect(h.events()[1].update).toStrictEqual(chunk);
  });

  it("starts a run incomplete when its early updates overflowed", () => {
    const h = harness();
    const chunk = { sessionUpdate: "agent_message_chunk", content: { type: "text", text: "x" } };
    for (let i = 0; i < 33; i++) h.route.sessionOf("toolu_a", chunk as SessionUpdate);
    h.feed(agentCall("toolu_a"), taskStarted("toolu_a"));
    const events = h.events();
    expect(events[0].snapshot.outputIncomplete).toBe(true);
    expect(events).toHaveLength(33);
  });

  it("mirrors a child's tool call on the root for its permission request, until it ends", () => {
    const h = harness();
    h.feed(
      agentCall("toolu_a"),
      taskStarted("toolu_a"),
      call("toolu_w", "toolu_a", "Write", { file_path: "/x", content: "y" }),
    );
    const request: ToolCallUpdate = {
      toolCallId: "toolu_w",
      title: "Write /x",
      kind: "edit",
      status: "pending",
    };
    const shown = h.route.mirrorRequest("toolu_a", request);
    const lody = { subagentRunId: "run-1", subagentToolCallId: "toolu_w" };
    expect(shown).toStrictEqual({
      ...request,
      toolCallId: "subagent:run-1:toolu_w",
      _meta: { lody },
    });
    h.feed(result("toolu_w", "toolu_a"));
    expect(h.updates().map((u) => [u.sessionId, u.update])).toStrictEqual([
      [
        ROOT,
        {
          ...request,
          sessionUpdate: "tool_call",
          toolCallId: "subagent:run-1:toolu_w",
          _meta: { lody },
          content: [],
          locations: [],
        },
      ],
      [
        ROOT,
        {
          sessionUpdate: "tool_call_update",
          toolCallId: "subagent:run-1:toolu_w",
          status: "completed",
          _meta: { lody },
        },
      ],
    ]);
    // The child's own tool call went to its run, under its own id.
    expect(
      h
        .events()
        .filter((e) => e.type === "output")
        .map((e) => e.update.toolCallId),
    ).toStrictEqual(["toolu_w", "toolu_w"]);
  });

  it("fails a mirror still open when its run ends", () => {
    const h = harness();
    h.feed(
      agentCall("toolu_a"),
      taskStarted("toolu_a"),
      call("toolu_w", "toolu_a", "Write", { file_path: "/x", content: "y" }),
    );
    h.route.mirrorRequest("toolu_a", { toolCallId: "toolu_w", title: "Write /x" });
    h.route.parentCancelled();
    h.route.parentCancelled();
    expect(h.updates().map((u) => [u.update.sessionUpdate, u.update.status])).toStrictEqual([
      ["tool_call", "pending"],
      ["tool_call_update", "failed"],
    ]);
  });

  it("gives each run and each activation a fresh opaque id, never the native one", () => {
    const ids: string[] = [];
    for (let activation = 0; activation < 2; activation++) {
      const route = new LodySubagentRoute(ROOT, {
        notify: (_method, event) => ids.push(event.runId),
        sendRoot: () => {},
      });
      route.observe(agentCall("toolu_a"));
      route.observe(taskStarted("toolu_a"));
      route.observe(agentCall("toolu_b"));
      route.observe(taskStarted("toolu_b"));
    }
    expect(new Set(ids).size).toBe(4);
    for (const id of ids) expect(id).not.toMatch(/toolu|task/);
  });
});

describe("childRouteFor", () => {
  const output = { send: () => {}, notify: () => {}, stopTask: () => undefined };

  it.each([
    ["Lody subagentEvents", LODY_EVENTS, "LodySubagentRoute"],
    [
      "Lody subagentEvents beside the RFD's subagents",
      parseClientProfile({ subagents: {}, _meta: { lody: { subagentEvents: { version: 1 } } } }),
      "LodySubagentRoute",
    ],
    ["the RFD's subagents", parseClientProfile({ subagents: {} }), "SubagentRouter"],
    ["Lody without subagentEvents", parseClientProfile({ _meta: { lody: {} } }), undefined],
    [
      "subagentEvents version 2",
      parseClientProfile({ _meta: { lody: { subagentEvents: { version: 2 } } } }),
      undefined,
    ],
    // Without a subagent signal the child's work is the root session's (seed 000).
    ["a plain client", parseClientProfile({}), "RootSubagentRoute"],
    [
      "an AIR client without a subagent signal",
      parseClientProfile({ _meta: { jetbrains: { air: { version: 1, capabilities: [] } } } }),
      undefined,
    ],
  ])("%s", (_name, profile, route) => {
    const root = { sessionId: ROOT, passThrough: {} };
    expect(childRouteFor(profile, root, output)?.constructor.name).toBe(route);
  });
});
