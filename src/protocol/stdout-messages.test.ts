import { PassThrough } from "node:stream";
import type { AnyMessage } from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import { StdoutLines } from "./stdout-messages.js";

const chunk = (text: string): AnyMessage =>
  ({
    jsonrpc: "2.0",
    method: "session/update",
    params: {
      sessionId: "s1",
      update: { sessionUpdate: "agent_message_chunk", content: { type: "text", text } },
    },
  }) as AnyMessage;

const response: AnyMessage = { jsonrpc: "2.0", id: 1, result: { stopReason: "end_turn" } };

/** A pipe that records each write it is given. */
function recordingPipe(): { out: PassThrough; writes: string[] } {
  const out = new PassThrough();
  const writes: string[] = [];
  const write = out.write.bind(out);
  out.write = ((chunk: string) => {
    writes.push(chunk);
    return write(chunk);
  }) as typeof out.write;
  return { out, writes };
}

const nextTurn = (): Promise<void> => new Promise((r) => setImmediate(r));

describe("StdoutLines", () => {
  it("sends one event-loop turn's messages as one write of NDJSON lines, in order", async () => {
    const { out, writes } = recordingPipe();
    const writer = new StdoutLines(out).messages().getWriter();
    for (const message of [chunk("a"), chunk("b"), response]) void writer.write(message);
    await nextTurn();
    await nextTurn();
    expect(writes).toHaveLength(1);
    expect(writes[0]!.split("\n")).toEqual([
      JSON.stringify(chunk("a")),
      JSON.stringify(chunk("b")),
      JSON.stringify(response),
      "",
    ]);
  });

  it("writes each turn's messages separately", async () => {
    const { out, writes } = recordingPipe();
    const writer = new StdoutLines(out).messages().getWriter();
    await writer.write(chunk("a"));
    await nextTurn();
    await nextTurn();
    await writer.write(chunk("b"));
    await nextTurn();
    await nextTurn();
    expect(writes).toEqual([`${JSON.stringify(chunk("a"))}\n`, `${JSON.stringify(chunk("b"))}\n`]);
  });

  it("takes a writer per message, as the ACP SDK does, and keeps the order", async () => {
    const { out, writes } = recordingPipe();
    const messages = new StdoutLines(out).messages();
    for (const text of ["a", "b", "c"]) {
      const writer = messages.getWriter();
      await writer.write(chunk(text));
      writer.releaseLock();
    }
    expect(messages.locked).toBe(false);
    await nextTurn();
    expect(writes.join("").split("\n")).toEqual([
      JSON.stringify(chunk("a")),
      JSON.stringify(chunk("b")),
      JSON.stringify(chunk("c")),
      "",
    ]);
  });

  it("holds the next write until a full pipe drains", async () => {
    const out = new PassThrough({ highWaterMark: 16 });
    const writer = new StdoutLines(out).messages().getWriter();
    await writer.write(chunk("x".repeat(100)));
    await nextTurn(); // the line goes out; the pipe is now over its mark
    let written = false;
    const next = writer.write(chunk("y")).then(() => (written = true));
    await nextTurn();
    await nextTurn();
    expect(written).toBe(false);
    out.resume(); // the reader catches up: drain
    await next;
    expect(written).toBe(true);
  });
});

describe("StdoutLines.answered", () => {
  it("settles when the answer to that request id is queued, not at a request or another id", async () => {
    const lines = new StdoutLines(recordingPipe().out);
    let done = false;
    void lines.answered(7).then(() => (done = true));
    const settle = () => new Promise((r) => setImmediate(r));
    void lines.pushMessage({ jsonrpc: "2.0", id: 7, method: "fs/read_text_file" } as AnyMessage);
    void lines.pushMessage({ jsonrpc: "2.0", id: 8, result: {} } as AnyMessage);
    await settle();
    expect(done).toBe(false);
    void lines.pushMessage({ jsonrpc: "2.0", id: 7, error: { code: -32602, message: "x" } });
    await settle();
    expect(done).toBe(true);
  });
});
