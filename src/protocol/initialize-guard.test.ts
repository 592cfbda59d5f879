import type { AnyMessage } from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import { initializeGuard } from "./initialize-guard.js";

const initialize = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: 1, clientCapabilities: {} },
} as AnyMessage;
const sessionNew = {
  jsonrpc: "2.0",
  id: 2,
  method: "session/new",
  params: { cwd: "/", mcpServers: [] },
} as AnyMessage;

describe("initializeGuard", () => {
  it("passes the messages behind an initialize only once it is answered", async () => {
    let answer: () => void = () => undefined;
    const asked: (string | number)[] = [];
    const guard = initializeGuard(
      async () => undefined,
      () => undefined,
      (id) => {
        asked.push(id);
        return new Promise((resolve) => (answer = resolve));
      },
    );
    const writer = guard.writable.getWriter();
    const reader = guard.readable.getReader();
    void writer.write(initialize);
    void writer.write(sessionNew);
    expect((await reader.read()).value).toBe(initialize);
    expect(asked).toEqual([1]);
    let next: AnyMessage | undefined;
    const read = reader.read().then((r) => (next = r.value));
    await new Promise((resolve) => setImmediate(resolve));
    expect(next).toBeUndefined();
    answer();
    await read;
    expect(next).toBe(sessionNew);
  });

  it("answers a malformed initialize itself, and nothing waits for it", async () => {
    const answers: AnyMessage[] = [];
    const guard = initializeGuard(
      async (message) => void answers.push(message),
      () => undefined,
      () => new Promise(() => undefined),
    );
    const writer = guard.writable.getWriter();
    const reader = guard.readable.getReader();
    const broken = {
      ...initialize,
      params: { protocolVersion: 1, clientCapabilities: { fs: "yes" } },
    } as AnyMessage;
    void writer.write(broken);
    void writer.write(sessionNew);
    expect((await reader.read()).value).toBe(sessionNew);
    expect(answers).toEqual([
      expect.objectContaining({ id: 1, error: expect.objectContaining({ code: -32602 }) }),
    ]);
  });
});
