import type * as v1 from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import { PromptStates } from "./prompt-states.js";

function setup() {
  const sent: Array<[string, unknown]> = [];
  let n = 0;
  const states = new PromptStates({
    send: (sessionId, update) => (sent.push([sessionId, update]), Promise.resolve()),
    newId: () => `m${++n}`,
    errorOf: (error) => ({ code: -32603, message: String((error as Error).message) }),
  });
  return { states, sent };
}

function deferred() {
  let resolve!: (value: v1.PromptResponse) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<v1.PromptResponse>((res, rej) => ((resolve = res), (reject = rej)));
  return { promise, resolve, reject };
}

const flush = () => new Promise((resolve) => setImmediate(resolve));
const text = [{ type: "text" as const, text: "hi" }];

describe("PromptStates", () => {
  it("answers the inserted message id at once; running, then idle with the stop reason", async () => {
    const { states, sent } = setup();
    const turn = deferred();
    let started = false;
    const answer = states.prompt("s", text, () => ((started = true), turn.promise));
    expect(started).toBe(true);
    expect(answer).toEqual({ messageId: "m1" });
    expect(sent).toEqual([
      ["s", { sessionUpdate: "user_message", messageId: "m1", content: text }],
      ["s", { sessionUpdate: "state_update", state: "running" }],
    ]);
    expect(states.snapshot("s")).toEqual({ sessionUpdate: "state_update", state: "running" });
    expect(states.isRunning("s")).toBe(true);
    turn.resolve({ stopReason: "end_turn" });
    await flush();
    expect(sent[2]).toEqual([
      "s",
      { sessionUpdate: "state_update", state: "idle", stopReason: "end_turn" },
    ]);
    expect(states.snapshot("s")).toEqual({ sessionUpdate: "state_update", state: "idle" });
    expect(states.isRunning("s")).toBe(false);
  });

  it("a queued prompt keeps the session running until the last one ends", async () => {
    const { states, sent } = setup();
    const first = deferred();
    const second = deferred();
    states.prompt("s", text, () => first.promise);
    states.prompt("s", text, () => second.promise);
    expect(sent.map(([, u]) => (u as { sessionUpdate: string }).sessionUpdate)).toEqual([
      "user_message",
      "state_update",
      "user_message",
    ]);
    first.resolve({ stopReason: "end_turn" });
    await flush();
    expect(sent).toHaveLength(3);
    second.resolve({ stopReason: "cancelled" });
    await flush();
    expect(sent[3]).toEqual([
      "s",
      { sessionUpdate: "state_update", state: "idle", stopReason: "cancelled" },
    ]);
  });

  it("a failed turn ends idle with stop reason error and the client's error", async () => {
    const { states, sent } = setup();
    states.prompt("s", text, () => Promise.reject(new Error("boom")));
    await flush();
    expect(sent[2]).toEqual([
      "s",
      {
        sessionUpdate: "state_update",
        state: "idle",
        stopReason: "error",
        error: { code: -32603, message: "boom" },
      },
    ]);
  });
});
