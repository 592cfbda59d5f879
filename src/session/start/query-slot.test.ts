import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it, vi } from "vitest";
import type { ClaudeQuery } from "../../sdk/claude-query.js";
import { QuerySlot } from "./query-slot.js";

/** A query whose messages the test hands over one by one, and whose end it decides. */
function fakeQuery() {
  const queue: Array<IteratorResult<SDKMessage>> = [];
  let wake: (() => void) | undefined;
  let failure: Error | undefined;
  const close = vi.fn();
  const query = {
    close,
    messages: () => ({
      [Symbol.asyncIterator]: () => ({
        next: async (): Promise<IteratorResult<SDKMessage>> => {
          while (queue.length === 0 && !failure) await new Promise<void>((r) => (wake = r));
          if (failure) throw failure;
          return queue.shift()!;
        },
      }),
    }),
  } as unknown as ClaudeQuery;
  const kick = () => wake?.();
  return {
    query,
    close,
    say: (id: string) => (queue.push({ done: false, value: { uuid: id } as SDKMessage }), kick()),
    end: () => (queue.push({ done: true, value: undefined }), kick()),
    fail: (error: Error) => ((failure = error), kick()),
  };
}

const settle = () => new Promise((r) => setTimeout(r, 0));

function listener() {
  const heard: string[] = [];
  const exits: unknown[] = [];
  return {
    heard,
    exits,
    message: (m: SDKMessage) => void heard.push((m as { uuid: string }).uuid),
    exited: (error: unknown) => void exits.push(error),
  };
}

describe("QuerySlot", () => {
  it("passes the current query's messages on, and its end once", async () => {
    const l = listener();
    const slot = new QuerySlot(l);
    const a = fakeQuery();
    slot.take(a.query);
    a.say("m1");
    a.say("m2");
    a.end();
    await settle();
    expect(l.heard).toEqual(["m1", "m2"]);
    expect(l.exits).toEqual([undefined]);
    expect(slot.current).toBeUndefined();
    expect(a.close).toHaveBeenCalled();
  });

  it("tells a failure of the current query", async () => {
    const l = listener();
    const slot = new QuerySlot(l);
    const a = fakeQuery();
    slot.take(a.query);
    const boom = new Error("exited with code 1");
    a.fail(boom);
    await settle();
    expect(l.exits).toEqual([boom]);
  });

  it("hears nothing more from a query that was replaced or stopped", async () => {
    const l = listener();
    const slot = new QuerySlot(l);
    const a = fakeQuery();
    const b = fakeQuery();
    slot.take(a.query);
    slot.take(b.query);
    expect(a.close).toHaveBeenCalled();
    a.say("late");
    a.end();
    b.say("new");
    await settle();
    expect(l.heard).toEqual(["new"]);
    expect(l.exits).toEqual([]);
    expect(slot.current).toBe(b.query);
  });

  it("stops a query that is no longer current without emptying the slot", () => {
    const slot = new QuerySlot(listener());
    const a = fakeQuery();
    const b = fakeQuery();
    slot.take(a.query);
    slot.take(b.query);
    slot.stop(a.query);
    expect(slot.current).toBe(b.query);
    slot.stop();
    expect(slot.current).toBeUndefined();
    expect(b.close).toHaveBeenCalled();
  });
});
