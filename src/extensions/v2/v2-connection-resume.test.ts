import type * as v1 from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import type { ClientPort } from "../../client/client-port.js";
import { V2Connection } from "./v2-connection.js";

/** A port that records each update the v2 connection sends, as `<session> <kind>[:state]`. */
function recordingPort() {
  const sent: string[] = [];
  const record = (sessionId: string, u: unknown) => {
    const update = u as { sessionUpdate: string; state?: unknown; _meta?: unknown };
    const state = update.state as { state?: string } | string | undefined;
    const named = typeof state === "string" ? state : state?.state;
    sent.push(`${sessionId} ${update.sessionUpdate}${named ? `:${named}` : ""}`);
  };
  const port: ClientPort = {
    sessionUpdate: (sessionId, update) => (record(sessionId, update), Promise.resolve()),
    sessionUpdates: (sessionId, updates) => {
      for (const u of updates) record(sessionId, u);
      return Promise.resolve();
    },
    requestPermission: () => Promise.reject(new Error("no permission requests here")),
    elicit: () => Promise.resolve({ action: "decline" }),
    notify: () => Promise.resolve(),
  };
  return { port, sent };
}

const state = (state: string) =>
  ({
    sessionUpdate: "subagent_update",
    sessionId: "child",
    state: { state },
  }) as unknown as v1.SessionUpdate;
const afterAnswer = () => new Promise((resolve) => setTimeout(resolve, 5));
const ended = () => Promise.resolve({ stopReason: "end_turn" } as v1.PromptResponse);
const text = [{ type: "text" as const, text: "again" }];

/** A connection whose session `root` replayed a child that ran and ended. */
async function resumedWithChild() {
  const inner = recordingPort();
  const v2 = new V2Connection(() => ({ code: 0, message: "" }));
  const port = v2.attach(inner.port);
  await v2.replaying("root", async () => {
    await port.sessionUpdate("root", state("running"));
    await port.sessionUpdate("root", state("idle"));
  });
  return { inner, v2 };
}

describe("V2Connection, a resume that replayed a child", () => {
  it("repeats the child's state on its parent after the answer, and on the child at the next prompt only", async () => {
    const { inner, v2 } = await resumedWithChild();
    expect(inner.sent).toEqual([
      "root subagent_update:running",
      "root subagent_update:idle",
      "child state_update:idle",
    ]);
    inner.sent.length = 0;
    v2.resumed("root");
    // Once the answer is written (a later turn of the event loop), not before.
    expect(inner.sent).toEqual([]);
    await afterAnswer();
    expect(inner.sent).toEqual(["root subagent_update:idle"]);
    inner.sent.length = 0;
    await v2.prompt("root", text, ended);
    expect(inner.sent.slice(0, 2)).toEqual(["child state_update:idle", "root user_message"]);
    await afterAnswer();
    inner.sent.length = 0;
    // The second prompt repeats nothing.
    await v2.prompt("root", text, ended);
    expect(inner.sent).not.toContain("child state_update:idle");
  });

  it("a prompt that comes before the answer's repeat sends it first, once", async () => {
    const { inner, v2 } = await resumedWithChild();
    inner.sent.length = 0;
    v2.resumed("root");
    await v2.prompt("root", text, ended);
    expect(inner.sent.slice(0, 3)).toEqual([
      "root subagent_update:idle",
      "child state_update:idle",
      "root user_message",
    ]);
    await afterAnswer();
    expect(inner.sent.filter((u) => u === "root subagent_update:idle")).toHaveLength(1);
  });

  it("a prompt of another session, or after the session was closed, repeats nothing", async () => {
    const { inner, v2 } = await resumedWithChild();
    inner.sent.length = 0;
    await v2.prompt("other", text, ended);
    expect(inner.sent).not.toContain("child state_update:idle");
    v2.forget("root");
    v2.resumed("root");
    await afterAnswer();
    await v2.prompt("root", text, ended);
    expect(inner.sent.filter((u) => u.startsWith("child") || u.includes("subagent"))).toEqual([]);
  });

  it("a resume without a replay repeats nothing", async () => {
    const inner = recordingPort();
    const v2 = new V2Connection(() => ({ code: 0, message: "" }));
    v2.attach(inner.port);
    v2.resumed("root");
    await afterAnswer();
    await v2.prompt("root", text, ended);
    expect(inner.sent.filter((u) => u.startsWith("child") || u.includes("subagent"))).toEqual([]);
  });

  it("in a replay only a start is restarted, and only its report: not its terminal, not a later report", async () => {
    const sent: unknown[] = [];
    const v2 = new V2Connection(() => ({ code: 0, message: "" }));
    const port = v2.attach({
      ...recordingPort().port,
      sessionUpdate: (_sessionId, update) => (sent.push(update), Promise.resolve()),
    });
    await v2.replaying("s", async () => {
      await port.sessionUpdate("s", {
        sessionUpdate: "tool_call",
        toolCallId: "t",
        title: "ls",
        rawInput: { command: "ls" },
        _meta: { terminal_info: { terminal_id: "t" } },
      });
      await port.sessionUpdate("s", {
        sessionUpdate: "tool_call_update",
        toolCallId: "t",
        title: "x",
      });
    });
    expect(sent[0]).toEqual({ sessionUpdate: "terminal_update", terminalId: "t", command: "ls" });
    expect(sent[1]).toMatchObject({ toolCallId: "t", rawOutput: null, _meta: null });
    expect(sent[2]).toEqual({ sessionUpdate: "tool_call_update", toolCallId: "t", title: "x" });
  });

  it("a replayed start of a call the connection reported before keeps its _meta; after a close, clears it", async () => {
    const sent: unknown[] = [];
    const v2 = new V2Connection(() => ({ code: 0, message: "" }));
    const port = v2.attach({
      ...recordingPort().port,
      sessionUpdate: (_sessionId, update) => (sent.push(update), Promise.resolve()),
    });
    const start = {
      sessionUpdate: "tool_call",
      toolCallId: "t",
      title: "Read",
      _meta: { claudeCode: { parentToolUseId: "p" } },
    } as v1.SessionUpdate;
    await port.sessionUpdate("s", start);
    await v2.replaying("s", () => port.sessionUpdate("s", start));
    expect(sent[1]).toHaveProperty("_meta", { claudeCode: { parentToolUseId: "p" } });
    v2.forget("s");
    await v2.replaying("s", () => port.sessionUpdate("s", start));
    expect(sent.slice(2)).toEqual([
      expect.objectContaining({ toolCallId: "t", _meta: null, rawOutput: null }),
      { sessionUpdate: "tool_call_update", toolCallId: "t", _meta: start._meta },
    ]);
  });
});
