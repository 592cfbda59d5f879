import type { AgentContext, AnyMessage, SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import { connectionClientPort, sessionUpdateLines } from "./client-port.js";

const chunk = (text: string): SessionUpdate => ({
  sessionUpdate: "agent_message_chunk",
  content: { type: "text", text },
});

/**
 * The SDK's side: each notification is written once `release` is called; a request is
 * answered by `answer`. `flowing`: the transport's `direct` (undefined: none).
 */
function fakeConnection(flowing?: () => boolean) {
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
    request: () => new Promise((resolve) => answers.push(() => resolve({ outcome: "x" }))),
  } as unknown as AgentContext;
  const answers: Array<() => void> = [];
  const write = Object.assign(
    (text: string) => {
      for (const line of text.split("\n").slice(0, -1)) {
        written.push(JSON.parse(line) as AnyMessage);
      }
      return Promise.resolve();
    },
    flowing ? { direct: flowing } : {},
  );
  const port = connectionClientPort({ client, signal: controller.signal }, write);
  return { port, written, releases, answers, controller };
}

const update = (text: string) => ({
  jsonrpc: "2.0",
  method: "session/update",
  params: { sessionId: "s", update: chunk(text) },
});
const tick = () => new Promise((resolve) => setImmediate(resolve));

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

  it("writes a single update directly while nothing of the port's waits in the SDK", async () => {
    const { port, written, releases } = fakeConnection(() => true);
    await port.sessionUpdate("s", chunk("one"));
    expect(written).toEqual([update("one")]);
    expect(releases).toEqual([]);
  });

  it("sends an update through the SDK, in order, while a notification of the port waits there", async () => {
    const { port, written, releases } = fakeConnection(() => true);
    const first = port.notify("_x/y", {});
    const second = port.sessionUpdate("s", chunk("after"));
    await tick();
    expect(written).toEqual([]);
    releases.shift()!();
    await first;
    await tick();
    releases.shift()!();
    await second;
    expect(written).toEqual([{ jsonrpc: "2.0", method: "_x/y", params: {} }, update("after")]);
    // Both written: the next goes directly again.
    await port.sessionUpdate("s", chunk("direct"));
    expect(written.at(-1)).toEqual(update("direct"));
    expect(releases).toEqual([]);
  });

  it("sends updates through the SDK while a request is open, or the pipe is full", async () => {
    let flowing = true;
    const { port, written, releases, answers } = fakeConnection(() => flowing);
    const asked = port.requestPermission({} as never, new AbortController().signal);
    void port.sessionUpdate("s", chunk("behind the request"));
    expect(releases).toHaveLength(1);
    answers.shift()!();
    await asked;
    await tick();
    flowing = false;
    void port.sessionUpdate("s", chunk("pipe full"));
    expect(releases).toHaveLength(2);
    expect(written).toEqual([]);
  });

  it("writes nothing once the connection is closed", async () => {
    const { port, written, controller } = fakeConnection();
    controller.abort();
    await expect(port.sessionUpdates("s", [chunk("late")])).rejects.toThrow(/closed/);
    expect(written).toEqual([]);
    const direct = fakeConnection(() => true);
    direct.controller.abort();
    await expect(direct.port.sessionUpdate("s", chunk("late"))).rejects.toThrow(/closed/);
    expect(direct.written).toEqual([]);
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
