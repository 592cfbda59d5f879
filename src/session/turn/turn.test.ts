import type { SDKMessage, SDKResultMessage } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import { interruptTaken, Turn } from "./turn.js";

const start = (model: string, input: number, cacheRead = 0, output = 1) =>
  ({
    type: "stream_event",
    parent_tool_use_id: null,
    event: {
      type: "message_start",
      message: {
        model,
        usage: { input_tokens: input, cache_read_input_tokens: cacheRead, output_tokens: output },
      },
    },
  }) as unknown as SDKMessage;
const delta = (output: number) =>
  ({
    type: "stream_event",
    parent_tool_use_id: null,
    event: { type: "message_delta", usage: { output_tokens: output } },
  }) as unknown as SDKMessage;
const result = (input: number, output: number) =>
  ({ type: "result", usage: { input_tokens: input, output_tokens: output } }) as SDKResultMessage;

const turn = () => new Turn({ content: [], resolve: () => {}, reject: () => {} }, {});
const spent = (input: number, output: number, cacheRead = 0) => ({
  input_tokens: input,
  output_tokens: output,
  cache_read_input_tokens: cacheRead,
  cache_creation_input_tokens: 0,
});

describe("Turn usage", () => {
  it("counts a call's input at its start and its output as it grows, per model", () => {
    const t = turn();
    t.observe(start("opus", 10, 4));
    expect(t.observed).toEqual({ opus: spent(10, 1, 4) }); // cut off here: input spent
    t.observe(delta(7));
    t.observe(start("haiku", 3));
    t.observe(delta(2));
    expect(t.observed).toEqual({ opus: spent(10, 7, 4), haiku: spent(3, 2) });
    expect(t.lastCallUsage).toEqual({
      input_tokens: 3,
      cache_read_input_tokens: 0,
      output_tokens: 2,
    });
  });

  it("leaves subagent calls to the result", () => {
    const t = turn();
    t.observe({ ...start("opus", 10), parent_tool_use_id: "toolu_agent" } as SDKMessage);
    expect(t.observed).toEqual({});
  });

  it("carries held results and a left query into the answer's usage", () => {
    const t = turn();
    expect(t.carriedUsage).toBeUndefined();
    t.observe(start("opus", 10));
    t.observe(delta(5));
    t.hold(result(10, 5));
    expect(t.holding).toBe(true);
    expect(t.carriedUsage).toEqual(spent(10, 5));
    // A plan handoff after the hold carries only what no result reported.
    t.observe(start("opus", 20));
    t.observe(delta(2));
    t.carryOver();
    expect(t.carriedUsage).toEqual(spent(30, 7));
    expect(t.observed).toEqual({ opus: spent(30, 7) });
    expect(t.takeHeld()).toEqual(result(10, 5));
    expect(t.holding).toBe(false);
    expect(t.carriedUsage).toEqual(spent(20, 2));
  });
});

describe("Turn.callEnded (a plan handoff waits for the asking call's final usage)", () => {
  /** Whether `promise` settled by the time queued reactions ran. */
  const settled = async (promise: Promise<void>) => {
    let done = false;
    void promise.then(() => (done = true));
    await new Promise((resolve) => setImmediate(resolve));
    return done;
  };
  const signal = () => new AbortController().signal;

  it("settles at once with no call open, else once the call's message_delta is read", async () => {
    const t = turn();
    expect(await settled(t.callEnded(signal()))).toBe(true);
    t.observe(start("opus", 10));
    const ended = t.callEnded(signal());
    expect(await settled(ended)).toBe(false);
    t.observe(delta(20));
    expect(await settled(ended)).toBe(true);
    expect(await settled(t.callEnded(signal()))).toBe(true);
  });

  it("settles when its signal aborts, or a next call starts (the open one was cut off)", async () => {
    const t = turn();
    t.observe(start("opus", 10));
    const abort = new AbortController();
    const aborted = t.callEnded(abort.signal);
    const cutOff = t.callEnded(signal());
    abort.abort();
    expect(await settled(aborted)).toBe(true);
    expect(await settled(cutOff)).toBe(false);
    t.observe(start("opus", 10));
    expect(await settled(cutOff)).toBe(true);
    expect(await settled(t.callEnded(abort.signal))).toBe(true);
  });

  it("does not wait for a subagent's call", async () => {
    const t = turn();
    t.observe({ ...start("opus", 10), parent_tool_use_id: "toolu_agent" } as SDKMessage);
    expect(await settled(t.callEnded(signal()))).toBe(true);
  });
});

describe("a cancelled turn's denials", () => {
  it("wait, through a combined signal too, until Claude Code took the interrupt in", async () => {
    const t = turn();
    let take!: () => void;
    t.cancel(new Promise<void>((resolve) => (take = resolve)));
    const combined = AbortSignal.any([new AbortController().signal, t.abort.signal]);
    expect(combined.aborted).toBe(true);
    let answered = false;
    const waiting = interruptTaken(combined).then(() => (answered = true));
    await new Promise((r) => setImmediate(r));
    expect(answered).toBe(false);
    take();
    await waiting;
    expect(answered).toBe(true);
  });

  it("go back at once when something else ended the request", async () => {
    const other = new AbortController();
    other.abort();
    let answered = false;
    const waiting = interruptTaken(other.signal).then(() => (answered = true));
    await new Promise((r) => setImmediate(r));
    expect(answered).toBe(true);
    await waiting;
  });
});
