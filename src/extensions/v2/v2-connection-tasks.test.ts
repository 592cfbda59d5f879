import type * as v1 from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import type { ClientPort } from "../../client/client-port.js";
import { V2Connection } from "./v2-connection.js";

/** A v2 connection on a port that records what goes out, each update with its session. */
function connection() {
  const sent: Array<[string, unknown]> = [];
  const inner: ClientPort = {
    sessionUpdate: (sessionId, update) => (sent.push([sessionId, update]), Promise.resolve()),
    sessionUpdates: (sessionId, updates) => {
      for (const u of updates) sent.push([sessionId, u]);
      return Promise.resolve();
    },
    requestPermission: () => Promise.resolve({ outcome: { outcome: "cancelled" } }),
    elicit: () => Promise.resolve({ action: "decline" }),
    notify: () => Promise.resolve(),
  };
  const v2 = new V2Connection(() => ({ code: 0, message: "" }));
  return { v2, port: v2.attach(inner), sent };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

/** A background command of session `s` whose launch returned: its terminal still runs. */
async function backgroundCommand(port: ClientPort, toolCallId: string, taskId: string) {
  await port.sessionUpdate("s", {
    sessionUpdate: "tool_call",
    toolCallId,
    title: "sleep",
    rawInput: { command: "sleep 9", run_in_background: true },
    _meta: { terminal_info: { terminal_id: toolCallId } },
  });
  port.task!("s", {
    kind: "started",
    taskId,
    toolCallId,
    taskType: "local_bash",
    background: true,
  });
  await port.sessionUpdate("s", {
    sessionUpdate: "tool_call_update",
    toolCallId,
    status: "completed",
    _meta: { terminal_exit: { terminal_id: toolCallId, exit_code: 0, signal: null } },
  });
}

const exit = (terminalId: string, exitStatus: unknown) => [
  "s",
  { sessionUpdate: "terminal_update", terminalId, exitStatus, capabilities: null },
];

describe("V2Connection: Claude Code's tasks", () => {
  it("lists a background command by its terminal, from its task's start", async () => {
    const { port, sent } = connection();
    await port.sessionUpdate("s", {
      sessionUpdate: "tool_call",
      toolCallId: "toolu_bg",
      title: "sleep",
      rawInput: { command: "sleep 9", run_in_background: true },
      _meta: { terminal_info: { terminal_id: "toolu_bg" } },
    });
    sent.length = 0;
    port.task!("s", {
      kind: "started",
      taskId: "b",
      toolCallId: "toolu_bg",
      taskType: "local_bash",
      background: true,
    });
    await flush();
    expect(sent).toEqual([
      [
        "s",
        {
          sessionUpdate: "state_update",
          state: "idle",
          background: [{ type: "terminal", terminalId: "toolu_bg" }],
        },
      ],
    ]);
  });

  it("a failed or stopped command's task ends its terminal with an unknown exit (no code)", async () => {
    const { port, sent } = connection();
    await backgroundCommand(port, "toolu_a", "a");
    await backgroundCommand(port, "toolu_b", "b");
    sent.length = 0;
    port.task!("s", { kind: "ended", taskId: "a", status: "failed" });
    port.task!("s", { kind: "ended", taskId: "b", status: "stopped" });
    await flush();
    expect(sent).toEqual([
      exit("toolu_a", {}),
      [
        "s",
        {
          sessionUpdate: "state_update",
          state: "idle",
          background: [{ type: "terminal", terminalId: "toolu_b" }],
        },
      ],
      exit("toolu_b", {}),
      ["s", { sessionUpdate: "state_update", state: "idle", background: [] }],
    ]);
  });

  it("a reset (Claude Code replaced) ends every background command's terminal, then the list", async () => {
    const { port, sent } = connection();
    await backgroundCommand(port, "toolu_a", "a");
    await backgroundCommand(port, "toolu_b", "b");
    sent.length = 0;
    port.task!("s", { kind: "reset" });
    await flush();
    expect(sent).toEqual([
      exit("toolu_a", {}),
      exit("toolu_b", {}),
      ["s", { sessionUpdate: "state_update", state: "idle", background: [] }],
    ]);
  });

  it("only a task's end ends its terminal: moving it to the background, or another session's reset, does not", async () => {
    const { port, sent } = connection();
    await backgroundCommand(port, "toolu_a", "a");
    sent.length = 0;
    port.task!("s", { kind: "to_background", taskId: "a" });
    port.task!("other", { kind: "reset" });
    await flush();
    expect(sent).toEqual([]);
  });

  it("the end of an unknown task, or of a task whose tool call has no terminal, sends only the list", async () => {
    const { port, sent } = connection();
    port.task!("s", { kind: "ended", taskId: "never", status: "completed" });
    port.task!("s", {
      kind: "started",
      taskId: "m",
      toolCallId: "toolu_monitor",
      taskType: "monitor",
      background: true,
    });
    port.task!("s", { kind: "ended", taskId: "m", status: "completed" });
    await flush();
    expect(sent).toEqual([
      [
        "s",
        {
          sessionUpdate: "state_update",
          state: "idle",
          background: [{ type: "_claude/task", taskId: "m", taskType: "monitor" }],
        },
      ],
      ["s", { sessionUpdate: "state_update", state: "idle", background: [] }],
    ]);
  });

  it("a background subagent is listed once its child session is announced", async () => {
    const { port, sent } = connection();
    port.task!("s", {
      kind: "started",
      taskId: "g",
      toolCallId: "toolu_agent",
      taskType: "local_agent",
      background: true,
      childSessionId: "child",
    });
    await flush();
    // Not announced yet: nothing the client could resolve is listed.
    expect(sent).toEqual([]);
    await port.sessionUpdate("s", {
      sessionUpdate: "subagent_update",
      sessionId: "child",
      state: { state: "running" },
    } as unknown as v1.SessionUpdate);
    await flush();
    expect(
      sent.filter(([, u]) => (u as { sessionUpdate: string }).sessionUpdate === "state_update"),
    ).toEqual([
      [
        "s",
        {
          sessionUpdate: "state_update",
          state: "idle",
          background: [{ type: "subagent", sessionId: "child" }],
        },
      ],
      ["child", { sessionUpdate: "state_update", state: "running", background: [] }],
    ]);
  });
});

describe("V2Connection before and around its port", () => {
  it("a v2-only update before the port is attached is refused, not thrown", async () => {
    const v2 = new V2Connection(() => ({ code: 0, message: "" }));
    await expect(
      v2.send("s", { sessionUpdate: "state_update", state: "idle" } as never),
    ).rejects.toThrow("connection not ready");
  });

  it("cancel of what runs no command names it in the error", () => {
    const { v2 } = connection();
    expect(() => v2.cancel("s", { toolCallId: "x" }, () => undefined)).toThrow(
      'toolCallId "x" is not running a command that can be cancelled',
    );
    expect(() => v2.cancel("s", { terminalId: "t" }, () => undefined)).toThrow(
      'terminalId "t" is not running a command that can be cancelled',
    );
  });
});
