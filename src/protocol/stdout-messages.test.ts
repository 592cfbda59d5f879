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
});
