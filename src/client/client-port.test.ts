import type { AgentContext, AnyMessage, SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import { connectionClientPort, sessionUpdateLines } from "./client-port.js";

const chunk = (text: string): SessionUpdate => ({
  sessionUpdate: "agent_message_chunk",
  content: { type: "text", text },
});

/** The SDK's side: each notification is written once `release` is called. */
function fakeConnection() {
  const written: AnyMessage[] = [];
  const releases: Array<() => void> = [];
  const controller = new AbortController();
  const client = {
    notify: (method: string, params: unknown) =>
      new Promise<void>((resolve) =>
        releases.push(() => {
          written.push({ jsonrpc: "2.0", method, params });
          resolve();
        }),
      ),
  } as unknown as AgentContext;
  const write = (text: string) => {
    for (const line of text.split("\n").slice(0, -1)) written.push(JSON.parse(line) as AnyMessage);
    return Promise.resolve();
  };
  const port = connectionClientPort({ client, signal: controller.signal }, write);
  return { port, written, releases, controller };
}

describe("connectionClientPort", () => {
  it("writes a batch after the notifications queued before it, in order", async () => {
    const { port, written, releases } = fakeConnection();
    const first = port.sessionUpdate("s", chunk("first"));
    const batch = port.sessionUpdates("s", [chunk("a"), chunk("b")]);
    await new Promise((resolve) => setImmediate(resolve));
    expect(written).toEqual([]);
    releases.shift()!();
    await Promise.all([first, batch]);
    expect(written).toEqual(
      ["first", "a", "b"].map((text) => ({
        jsonrpc: "2.0",
        method: "session/update",
        params: { sessionId: "s", update: chunk(text) },
      })),
    );
  });

  it("writes nothing once the connection is closed", async () => {
    const { port, written, controller } = fakeConnection();
    controller.abort();
    await expect(port.sessionUpdates("s", [chunk("late")])).rejects.toThrow(/closed/);
    expect(written).toEqual([]);
  });
});

describe("sessionUpdateLines", () => {
  it("writes each update as JSON.stringify writes its whole notification, a line each", () => {
    const updates: SessionUpdate[] = [
      chunk('quotes " and \\ and a line\nbreak, ünïcödé, \u2028, 🙂'),
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "toolu_1",
        status: "completed",
        _meta: {
          claudeCode: { toolName: "Bash", toolResponse: { stdout: "", n: -0, u: undefined } },
        },
      } as SessionUpdate,
      chunk(""),
    ];
    const sessionId = 'a "quoted" id';
    const expected = updates
      .map((update) => {
        const message = { jsonrpc: "2.0", method: "session/update", params: { sessionId, update } };
        return `${JSON.stringify(message)}\n`;
      })
      .join("");
    expect(sessionUpdateLines(sessionId, updates)).toBe(expected);
    expect(sessionUpdateLines(sessionId, [])).toBe("");
  });
});
