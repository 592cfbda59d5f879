import type * as v1 from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import type { ClientPort } from "../../client/client-port.js";
import { V2Connection } from "./v2-connection.js";

/** A port that records what the v2 connection sends through it. */
function recordingPort() {
  const sent: Array<[string, unknown]> = [];
  const asked: unknown[] = [];
  let answer: (value: v1.RequestPermissionResponse) => void = () => undefined;
  const port: ClientPort = {
    sessionUpdate: (sessionId, update) => (sent.push([sessionId, update]), Promise.resolve()),
    sessionUpdates: (sessionId, updates) => {
      for (const u of updates) sent.push([sessionId, u]);
      return Promise.resolve();
    },
    requestPermission: (params) => {
      asked.push(params);
      return new Promise((resolve) => (answer = resolve));
    },
    elicit: () => Promise.resolve({ action: "decline" }),
    notify: () => Promise.resolve(),
  };
  return { port, sent, asked, answer: (value: v1.RequestPermissionResponse) => answer(value) };
}

const kinds = (sent: Array<[string, unknown]>) =>
  sent.map(([, u]) => {
    const update = u as { sessionUpdate: string; state?: string };
    return update.state ? `${update.sessionUpdate}:${update.state}` : update.sessionUpdate;
  });
const flush = () => new Promise((resolve) => setImmediate(resolve));

describe("V2Connection", () => {
  it("sends each agent update in its v2 form; updates without one are not sent", async () => {
    const inner = recordingPort();
    const port = new V2Connection(() => ({ code: 0, message: "" })).attach(inner.port);
    const text = { type: "text" as const, text: "x" };
    await port.sessionUpdate("s", { sessionUpdate: "agent_message_chunk", content: text });
    await port.sessionUpdate("s", { sessionUpdate: "agent_message_chunk", content: text });
    await port.sessionUpdate("s", { sessionUpdate: "current_mode_update", currentModeId: "plan" });
    await port.sessionUpdate("s", { sessionUpdate: "tool_call", toolCallId: "t", title: "T" });
    await port.sessionUpdate("s", { sessionUpdate: "agent_message_chunk", content: text });
    expect(kinds(inner.sent)).toEqual([
      "agent_message_chunk",
      "agent_message_chunk",
      "tool_call_update",
      "agent_message_chunk",
    ]);
    const ids = inner.sent
      .filter(([, u]) => (u as { sessionUpdate: string }).sessionUpdate === "agent_message_chunk")
      .map(([, u]) => (u as { messageId: string }).messageId);
    // The bare chunks share a message until the tool call interrupts it.
    expect(ids[0]).toBe(ids[1]);
    expect(ids[2]).not.toBe(ids[1]);
  });

  it("a config option set goes out as a config_option_update before the answer", async () => {
    const inner = recordingPort();
    const v2 = new V2Connection(() => ({ code: 0, message: "" }));
    v2.attach(inner.port);
    const configOptions = [
      {
        type: "boolean" as const,
        configId: "fast",
        name: "Fast",
        currentValue: true,
      },
    ];
    const answer = await v2.configSet("s", configOptions);
    expect(answer).toEqual({ configOptions });
    expect(inner.sent).toEqual([["s", { sessionUpdate: "config_option_update", configOptions }]]);
  });

  it("a replay batch maps each update and expands terminal keys in order", async () => {
    const inner = recordingPort();
    const port = new V2Connection(() => ({ code: 0, message: "" })).attach(inner.port);
    await port.sessionUpdates("s", [
      {
        sessionUpdate: "tool_call",
        toolCallId: "t",
        title: "ls",
        rawInput: { command: "ls" },
        _meta: { terminal_info: { terminal_id: "t" } },
      },
      { sessionUpdate: "current_mode_update", currentModeId: "plan" },
    ]);
    expect(inner.sent).toEqual([
      [
        "s",
        {
          sessionUpdate: "terminal_update",
          terminalId: "t",
          command: "ls",
          capabilities: { cancel: {} },
        },
      ],
      [
        "s",
        {
          sessionUpdate: "tool_call_update",
          toolCallId: "t",
          title: "ls",
          rawInput: { command: "ls" },
          capabilities: { cancel: {} },
        },
      ],
    ]);
  });

  it("cancel stops a running command's tool call, named by it or its terminal; else -32602 (invalidInput)", async () => {
    const inner = recordingPort();
    const v2 = new V2Connection(() => ({ code: 0, message: "" }));
    const port = v2.attach(inner.port);
    await port.sessionUpdate("s", {
      sessionUpdate: "tool_call",
      toolCallId: "call",
      title: "sleep",
      _meta: { terminal_info: { terminal_id: "term" } },
    });
    const stopped: string[] = [];
    const stop = (id: string) => void stopped.push(id);
    expect(v2.cancel("s", { toolCallId: "call" }, stop)).toEqual({});
    expect(v2.cancel("s", { terminalId: "term" }, stop)).toEqual({});
    expect(stopped).toEqual(["call", "call"]);
    for (const named of [{ toolCallId: "term" }, { terminalId: "call" }, { toolCallId: "x" }]) {
      expect(() => v2.cancel("s", named, stop)).toThrow(
        expect.objectContaining({ code: "invalidInput" }),
      );
    }
    expect(() => v2.cancel("other", { toolCallId: "call" }, stop)).toThrow();
    // Ended: nothing to cancel any more.
    await port.sessionUpdate("s", {
      sessionUpdate: "tool_call_update",
      toolCallId: "call",
      status: "failed",
      _meta: { terminal_exit: { terminal_id: "term", exit_code: 137 } },
    });
    expect(inner.sent.at(-1)![1]).toMatchObject({ status: "cancelled", capabilities: null });
    expect(() => v2.cancel("s", { toolCallId: "call" }, stop)).toThrow();
    expect(stopped).toEqual(["call", "call"]);
  });

  it("a command's request is a tool_call subject naming its terminal, with no upsert before it", async () => {
    const inner = recordingPort();
    const v2 = new V2Connection(() => ({ code: 0, message: "" }));
    const port = v2.attach(inner.port);
    const toolCall = {
      toolCallId: "t",
      title: "make",
      status: "pending" as const,
      rawInput: { command: "make" },
      content: [{ type: "terminal" as const, terminalId: "t" }],
      _meta: { terminal_info: { terminal_id: "t" }, claudeCode: { toolName: "Bash" } },
    };
    void port.requestPermission(
      { sessionId: "s", toolCall, options: [] },
      new AbortController().signal,
    );
    await flush();
    expect((inner.asked.at(-1) as { subject: unknown }).subject).toStrictEqual({
      type: "tool_call",
      toolCall: {
        toolCallId: "t",
        name: "Bash",
        title: "make",
        rawInput: { command: "make" },
        content: [{ type: "terminal", terminalId: "t" }],
      },
    });
    expect(inner.sent).toEqual([]);
  });

  it("a replay's commands left without an end are not cancellable once it is done", async () => {
    const inner = recordingPort();
    const v2 = new V2Connection(() => ({ code: 0, message: "" }));
    const port = v2.attach(inner.port);
    const answer = await v2.replaying("s", async () => {
      await port.sessionUpdates("s", [
        {
          sessionUpdate: "tool_call",
          toolCallId: "old",
          title: "sleep",
          _meta: { terminal_info: { terminal_id: "old" } },
        },
      ]);
      return "answered";
    });
    expect(answer).toBe("answered");
    expect(inner.sent.slice(-2)).toEqual([
      ["s", { sessionUpdate: "terminal_update", terminalId: "old", capabilities: null }],
      ["s", { sessionUpdate: "tool_call_update", toolCallId: "old", capabilities: null }],
    ]);
    expect(() => v2.cancel("s", { toolCallId: "old" }, () => undefined)).toThrow();
  });

  it("a permission request goes out in v2's shape, with requires_action until it is answered", async () => {
    const inner = recordingPort();
    const v2 = new V2Connection(() => ({ code: 0, message: "" }));
    const port = v2.attach(inner.port);
    let end: (value: v1.PromptResponse) => void = () => undefined;
    // Answered at once (the message is inserted); the turn runs until `end`.
    await v2.prompts.prompt("s", [], () => new Promise((resolve) => (end = resolve)));
    const asking = port.requestPermission(
      { sessionId: "s", toolCall: { toolCallId: "t", title: "Run" }, options: [] },
      new AbortController().signal,
    );
    expect(inner.asked).toEqual([
      {
        sessionId: "s",
        title: "Run",
        subject: { type: "tool_call", toolCall: { toolCallId: "t", title: "Run" } },
        options: [],
      },
    ]);
    inner.answer({ outcome: { outcome: "cancelled" } });
    await asking;
    end({ stopReason: "end_turn" });
    await flush();
    expect(kinds(inner.sent)).toEqual([
      "user_message",
      "state_update:running",
      "state_update:requires_action",
      "state_update:running",
      "state_update:idle",
    ]);
  });

  it("a child's state goes to the child as its own state_update, after its parent's subagent_update", async () => {
    const inner = recordingPort();
    const port = new V2Connection(() => ({ code: 0, message: "" })).attach(inner.port);
    const announce = {
      sessionUpdate: "subagent_update",
      sessionId: "child",
      state: { state: "running" },
    } as unknown as v1.SessionUpdate;
    await port.sessionUpdate("root", announce);
    await port.sessionUpdate("root", {
      sessionUpdate: "subagent_update",
      sessionId: "child",
      title: "T",
    } as unknown as v1.SessionUpdate);
    expect(inner.sent).toEqual([
      // Each state with its background list (upstream's v2): a child's is empty.
      ["root", { ...announce, state: { state: "running", background: [] } }],
      ["child", { sessionUpdate: "state_update", state: "running", background: [] }],
      ["root", { sessionUpdate: "subagent_update", sessionId: "child", title: "T" }],
    ]);
  });

  it("a resume's replay clears each message before its chunks and sends a child's last state after it", async () => {
    const inner = recordingPort();
    const v2 = new V2Connection(() => ({ code: 0, message: "" }));
    const port = v2.attach(inner.port);
    const text = { type: "text" as const, text: "x" };
    const state = (state: string) =>
      ({
        sessionUpdate: "subagent_update",
        sessionId: "child",
        state: { state },
      }) as unknown as v1.SessionUpdate;
    await v2.replaying("root", async () => {
      await port.sessionUpdate("root", {
        sessionUpdate: "user_message_chunk",
        content: text,
        messageId: "u",
      });
      await port.sessionUpdate("root", state("running"));
      await port.sessionUpdate("child", {
        sessionUpdate: "agent_message_chunk",
        content: text,
        messageId: "c",
      });
      await port.sessionUpdate("root", state("idle"));
      // A replayed command: its terminal is named again, not cancellable (past work).
      await port.sessionUpdate("root", {
        sessionUpdate: "tool_call",
        toolCallId: "t",
        title: "ls",
        rawInput: { command: "ls" },
        _meta: { terminal_info: { terminal_id: "t" } },
      });
    });
    // Live again: a chunk is sent alone.
    await port.sessionUpdate("root", {
      sessionUpdate: "agent_message_chunk",
      content: text,
      messageId: "a",
    });
    const sent = inner.sent.map(([sessionId, u]) => {
      const update = u as { sessionUpdate: string; state?: unknown };
      const state = update.state as { state?: string } | string | undefined;
      const named = typeof state === "string" ? state : state?.state;
      return `${sessionId} ${update.sessionUpdate}${named ? `:${named}` : ""}`;
    });
    expect(sent).toEqual([
      "root user_message",
      "root user_message_chunk",
      "root subagent_update:running",
      "child agent_message",
      "child agent_message_chunk",
      // The child's later state is held (past work): its copy on the parent too.
      "root terminal_update",
      "root tool_call_update",
      // After the replay: the command it left open ends, then the child's last state, on
      // its parent, then on the child.
      "root terminal_update",
      "root tool_call_update",
      "root subagent_update:idle",
      "child state_update:idle",
      "root agent_message_chunk",
    ]);
    expect(inner.sent.slice(9, 11)).toEqual([
      [
        "root",
        {
          sessionUpdate: "subagent_update",
          sessionId: "child",
          state: { state: "idle", background: [] },
        },
      ],
      ["child", { sessionUpdate: "state_update", state: "idle", background: [] }],
    ]);
    const named = inner.sent.filter(([, u]) => JSON.stringify(u).includes('"ls"'));
    for (const [, u] of named) expect(u).not.toHaveProperty("capabilities");
    // The replayed start clears what the client may hold of the call (RestartedToolCalls).
    expect(inner.sent[6]).toEqual([
      "root",
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "t",
        title: "ls",
        rawInput: { command: "ls" },
        name: null,
        content: null,
        kind: null,
        status: null,
        locations: null,
        rawOutput: null,
        _meta: null,
      },
    ]);
  });

  it("a replay batch with a child's state is sent as runs of one session each, in order", async () => {
    const inner = recordingPort();
    const batches: Array<[string, number]> = [];
    const port = new V2Connection(() => ({ code: 0, message: "" })).attach({
      ...inner.port,
      sessionUpdates: (sessionId, updates) => {
        batches.push([sessionId, updates.length]);
        return inner.port.sessionUpdates(sessionId, updates);
      },
    });
    const info = { sessionUpdate: "session_info_update", title: "T" } as const;
    const ended = {
      sessionUpdate: "subagent_update",
      sessionId: "child",
      state: { state: "idle", stopReason: "end_turn" },
    } as unknown as v1.SessionUpdate;
    await port.sessionUpdates("root", [info, ended, info]);
    expect(batches).toEqual([
      ["root", 2],
      ["child", 1],
      ["root", 1],
    ]);
    expect(inner.sent[2]).toEqual([
      "child",
      { sessionUpdate: "state_update", state: "idle", stopReason: "end_turn", background: [] },
    ]);
  });

  it("a request of a session with no prompt at work (a child's) changes no state", async () => {
    const inner = recordingPort();
    const port = new V2Connection(() => ({ code: 0, message: "" })).attach(inner.port);
    const asking = port.requestPermission(
      { sessionId: "child", toolCall: { toolCallId: "t", title: "Run" }, options: [] },
      new AbortController().signal,
    );
    inner.answer({ outcome: { outcome: "cancelled" } });
    await asking;
    expect(inner.sent).toEqual([]);
  });

  it("an elicitation puts the prompting session in requires_action until it is answered", async () => {
    const inner = recordingPort();
    const v2 = new V2Connection(() => ({ code: 0, message: "" }));
    const port = v2.attach(inner.port);
    let end: (value: v1.PromptResponse) => void = () => undefined;
    void v2.prompts.prompt("s", [], () => new Promise((resolve) => (end = resolve)));
    const answer = port.elicit(
      {
        sessionId: "s",
        mode: "form",
        message: "Pick",
        requestedSchema: { type: "object", properties: {} },
      } as unknown as Parameters<ClientPort["elicit"]>[0],
      new AbortController().signal,
    );
    expect(await answer).toEqual({ action: "decline" });
    end({ stopReason: "end_turn" });
    await flush();
    expect(kinds(inner.sent)).toEqual([
      "user_message",
      "state_update:running",
      "state_update:requires_action",
      "state_update:running",
      "state_update:idle",
    ]);
  });

  it("a request answered after its turn ended (a cancel) sends no running after the idle", async () => {
    const inner = recordingPort();
    const v2 = new V2Connection(() => ({ code: 0, message: "" }));
    const port = v2.attach(inner.port);
    let end: (value: v1.PromptResponse) => void = () => undefined;
    void v2.prompts.prompt("s", [], () => new Promise((resolve) => (end = resolve)));
    const asking = port.requestPermission(
      { sessionId: "s", toolCall: { toolCallId: "t" }, options: [] },
      new AbortController().signal,
    );
    end({ stopReason: "cancelled" });
    await flush();
    inner.answer({ outcome: { outcome: "cancelled" } });
    await asking;
    await flush();
    expect(kinds(inner.sent)).toEqual([
      "user_message",
      "state_update:running",
      "state_update:requires_action",
      "state_update:idle",
    ]);
  });

  it("a request-scoped elicitation (no session) changes no state; its answer is the client's", async () => {
    const inner = recordingPort();
    const v2 = new V2Connection(() => ({ code: 0, message: "" }));
    const port = v2.attach(inner.port);
    void v2.prompts.prompt("s", [], () => new Promise(() => undefined));
    const before = inner.sent.length;
    const answer = await port.elicit(
      {
        requestId: 1,
        mode: "form",
        message: "Pick",
        requestedSchema: { type: "object", properties: {} },
      } as unknown as Parameters<ClientPort["elicit"]>[0],
      new AbortController().signal,
    );
    expect(answer).toEqual({ action: "decline" });
    expect(inner.sent.slice(before)).toEqual([]);
  });

  it("Claude Code's own cycle and its background tasks: states with the background list, a command's end as its terminal's exit", async () => {
    const inner = recordingPort();
    const port = new V2Connection(() => ({ code: 0, message: "" })).attach(inner.port);
    // A background command: named, launched (no exit), listed from its task's start.
    await port.sessionUpdate("s", {
      sessionUpdate: "tool_call",
      toolCallId: "toolu_bg",
      title: "sleep",
      rawInput: { command: "sleep 9", run_in_background: true },
      _meta: { terminal_info: { terminal_id: "toolu_bg" } },
    });
    port.task!("s", {
      kind: "started",
      taskId: "b",
      toolCallId: "toolu_bg",
      taskType: "local_bash",
      background: true,
    });
    await port.sessionUpdate("s", {
      sessionUpdate: "tool_call_update",
      toolCallId: "toolu_bg",
      status: "completed",
      _meta: { terminal_exit: { terminal_id: "toolu_bg", exit_code: 0, signal: null } },
    });
    inner.sent.length = 0;
    port.task!("s", { kind: "ended", taskId: "b", status: "completed" });
    port.cycle!("s", { kind: "started" });
    port.cycle!("s", { kind: "ended", response: { stopReason: "end_turn" } });
    port.task!("s", { kind: "started", taskId: "f", background: false });
    await flush();
    expect(inner.sent).toEqual([
      [
        "s",
        {
          sessionUpdate: "terminal_update",
          terminalId: "toolu_bg",
          exitStatus: { exitCode: 0 },
          capabilities: null,
        },
      ],
      ["s", { sessionUpdate: "state_update", state: "idle", background: [] }],
      ["s", { sessionUpdate: "state_update", state: "running", background: [] }],
      [
        "s",
        { sessionUpdate: "state_update", state: "idle", stopReason: "end_turn", background: [] },
      ],
    ]);
  });
});
