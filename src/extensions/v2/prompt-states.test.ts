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
    await expect(answer).resolves.toEqual({ messageId: "m1" });
    // The state follows the answer (upstream's order): only the message went out yet.
    expect(sent).toEqual([
      ["s", { sessionUpdate: "user_message", messageId: "m1", content: text }],
    ]);
    await flush();
    expect(sent).toEqual([
      ["s", { sessionUpdate: "user_message", messageId: "m1", content: text }],
      ["s", { sessionUpdate: "state_update", state: "running" }],
    ]);
    expect(states.snapshot("s")).toEqual({ sessionUpdate: "state_update", state: "running" });
    expect(states.isWorking("s")).toBe(true);
    turn.resolve({ stopReason: "end_turn" });
    await flush();
    expect(sent[2]).toEqual([
      "s",
      { sessionUpdate: "state_update", state: "idle", stopReason: "end_turn" },
    ]);
    expect(states.snapshot("s")).toEqual({ sessionUpdate: "state_update", state: "idle" });
    expect(states.isWorking("s")).toBe(false);
  });

  it("a turn that ends before the state went out: running, then idle, never the other way", async () => {
    const { states, sent } = setup();
    await states.prompt("s", text, () => Promise.resolve({ stopReason: "refusal" }));
    await flush();
    expect(sent.map(([, u]) => JSON.stringify(u))).toEqual([
      JSON.stringify({ sessionUpdate: "user_message", messageId: "m1", content: text }),
      JSON.stringify({ sessionUpdate: "state_update", state: "running" }),
      JSON.stringify({ sessionUpdate: "state_update", state: "idle", stopReason: "refusal" }),
    ]);
  });

  it("a prompt sent while one runs is held: inserted and answered when that one ends; the session stays running", async () => {
    const { states, sent } = setup();
    const first = deferred();
    const second = deferred();
    let secondStarted = false;
    await states.prompt("s", text, () => first.promise);
    let answered: unknown;
    const held = states.prompt("s", text, () => ((secondStarted = true), second.promise));
    void held.then((a) => (answered = a));
    await flush();
    // Held: not started, not inserted, not answered.
    expect(secondStarted).toBe(false);
    expect(answered).toBeUndefined();
    expect(sent.map(([, u]) => (u as { sessionUpdate: string }).sessionUpdate)).toEqual([
      "user_message",
      "state_update",
    ]);
    first.resolve({ stopReason: "end_turn" });
    await flush();
    expect(secondStarted).toBe(true);
    expect(answered).toEqual({ messageId: "m2" });
    // No idle between the two: the second message is inserted instead.
    expect(sent.slice(2)).toEqual([
      ["s", { sessionUpdate: "user_message", messageId: "m2", content: text }],
    ]);
    second.resolve({ stopReason: "cancelled" });
    await flush();
    expect(sent.slice(3)).toEqual([
      ["s", { sessionUpdate: "state_update", state: "idle", stopReason: "cancelled" }],
    ]);
    expect(states.isWorking("s")).toBe(false);
  });

  it("cancelHeld answers each held prompt -32800, never starts it; the running one ends idle", async () => {
    const { states, sent } = setup();
    const first = deferred();
    let heldStarted = false;
    await states.prompt("s", text, () => first.promise);
    const held = [1, 2].map(() =>
      states.prompt("s", text, () => ((heldStarted = true), deferred().promise)),
    );
    states.cancelHeld("s");
    for (const answer of held) {
      await expect(answer).rejects.toMatchObject({
        name: "AdapterError",
        code: "requestCancelled",
        message: "the prompt was cancelled before it was inserted",
      });
    }
    first.resolve({ stopReason: "cancelled" });
    await flush();
    expect(heldStarted).toBe(false);
    expect(sent.map(([, u]) => u)).toEqual([
      { sessionUpdate: "user_message", messageId: "m1", content: text },
      { sessionUpdate: "state_update", state: "running" },
      { sessionUpdate: "state_update", state: "idle", stopReason: "cancelled" },
    ]);
    // Another session's held prompts are not touched; an idle session has none.
    expect(() => states.cancelHeld("other")).not.toThrow();
  });

  it("a held prompt whose turn cannot start is answered with that error; the next one runs", async () => {
    const { states, sent } = setup();
    const first = deferred();
    const third = deferred();
    await states.prompt("s", text, () => first.promise);
    const broken = states.prompt("s", text, () => {
      throw new Error("session gone");
    });
    const ok = states.prompt("s", text, () => third.promise);
    first.resolve({ stopReason: "end_turn" });
    await expect(broken).rejects.toThrow("session gone");
    await expect(ok).resolves.toEqual({ messageId: "m2" });
    third.resolve({ stopReason: "end_turn" });
    await flush();
    expect(sent.map(([, u]) => (u as { sessionUpdate: string }).sessionUpdate)).toEqual([
      "user_message",
      "state_update",
      "user_message",
      "state_update",
    ]);
  });

  it("a failed turn ends idle with stop reason error and the client's error", async () => {
    const { states, sent } = setup();
    // The answer is the inserted message's id; the turn's failure reaches only the state.
    await expect(
      states.prompt("s", text, () => Promise.reject(new Error("boom"))),
    ).resolves.toEqual({ messageId: "m1" });
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

  it("settled resolves once the session's last prompt has sent its idle state", async () => {
    const { states, sent } = setup();
    await expect(states.settled("s")).resolves.toBeUndefined();
    const first = deferred();
    await states.prompt("s", text, () => first.promise);
    let settled = false;
    void states.settled("s").then(() => (settled = true));
    await flush();
    expect(settled).toBe(false);
    first.resolve({ stopReason: "cancelled" });
    await flush();
    expect(settled).toBe(true);
    expect(sent.at(-1)).toEqual([
      "s",
      { sessionUpdate: "state_update", state: "idle", stopReason: "cancelled" },
    ]);
  });

  it("held prompts are inserted one at a time, in the order they came", async () => {
    const { states, sent } = setup();
    const turns = [deferred(), deferred(), deferred()];
    const started: number[] = [];
    const answers = turns.map((turn, i) =>
      states.prompt("s", [{ type: "text", text: `p${i}` }], () => (started.push(i), turn.promise)),
    );
    await flush();
    expect(started).toEqual([0]);
    turns[0]!.resolve({ stopReason: "end_turn" });
    await flush();
    expect(started).toEqual([0, 1]);
    turns[1]!.resolve({ stopReason: "end_turn" });
    await flush();
    expect(started).toEqual([0, 1, 2]);
    turns[2]!.resolve({ stopReason: "end_turn" });
    expect(await Promise.all(answers)).toEqual([
      { messageId: "m1" },
      { messageId: "m2" },
      { messageId: "m3" },
    ]);
    await flush();
    expect(
      sent.map(([, u]) => (u as { sessionUpdate: string; state?: string }).state ?? ""),
    ).toEqual(["", "running", "", "", "idle"]);
  });

  it("Claude Code's own cycle is work: running at its start, idle with its stop reason at its end", async () => {
    const { states, sent } = setup();
    const usage = { inputTokens: 1, outputTokens: 2, totalTokens: 3 };
    states.cycle("s", { kind: "started" });
    states.cycle("s", { kind: "started" }); // one cycle at a time: said once
    expect(states.isWorking("s")).toBe(true);
    expect(states.snapshot("s")).toEqual({ sessionUpdate: "state_update", state: "running" });
    states.cycle("s", { kind: "ended", response: { stopReason: "end_turn", usage } });
    states.cycle("s", { kind: "ended", response: { stopReason: "end_turn" } }); // none runs
    states.cycle("s", { kind: "started" });
    states.cycle("s", { kind: "failed", error: new Error("API Error: 500") });
    await flush();
    expect(sent).toEqual([
      ["s", { sessionUpdate: "state_update", state: "running" }],
      ["s", { sessionUpdate: "state_update", state: "idle", stopReason: "end_turn", usage }],
      ["s", { sessionUpdate: "state_update", state: "running" }],
      [
        "s",
        {
          sessionUpdate: "state_update",
          state: "idle",
          stopReason: "error",
          error: { code: -32603, message: "API Error: 500" },
        },
      ],
    ]);
    expect(states.isWorking("s")).toBe(false);
  });

  it("a prompt and a cycle at work together: one running, one idle, once both ended", async () => {
    const { states, sent } = setup();
    // A prompt sent while a cycle runs (its turn waits for the cycle in the agent).
    states.cycle("s", { kind: "started" });
    const turn = deferred();
    await states.prompt("s", text, () => turn.promise);
    states.cycle("s", { kind: "ended", response: { stopReason: "end_turn" } });
    turn.resolve({ stopReason: "max_tokens" });
    await flush();
    // A cycle that starts before the prompt's end is told: its end is the idle.
    const next = deferred();
    await states.prompt("s", text, () => next.promise);
    states.cycle("s", { kind: "started" });
    next.resolve({ stopReason: "end_turn" });
    await flush();
    expect(states.isWorking("s")).toBe(true);
    states.cycle("s", { kind: "ended", response: { stopReason: "refusal" } });
    await flush();
    expect(sent.map(([, u]) => u)).toEqual([
      { sessionUpdate: "state_update", state: "running" },
      { sessionUpdate: "user_message", messageId: "m1", content: text },
      { sessionUpdate: "state_update", state: "idle", stopReason: "max_tokens" },
      { sessionUpdate: "user_message", messageId: "m2", content: text },
      { sessionUpdate: "state_update", state: "running" },
      { sessionUpdate: "state_update", state: "idle", stopReason: "refusal" },
    ]);
    // A closed session's cycle is forgotten: its end says nothing.
    states.cycle("t", { kind: "started" });
    states.forget("t");
    states.cycle("t", { kind: "ended", response: { stopReason: "end_turn" } });
    await flush();
    expect(sent.filter(([id]) => id === "t")).toHaveLength(1);
  });
});
