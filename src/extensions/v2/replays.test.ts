import type * as v2 from "@agentclientprotocol/sdk/experimental/v2/unstable";
import { describe, expect, it } from "vitest";
import { Replays } from "./replays.js";

const chunk = (sessionUpdate: string, messageId: string) =>
  ({ sessionUpdate, messageId, content: { type: "text", text: "x" } }) as v2.SessionUpdate;
const idle = { sessionUpdate: "state_update", state: "idle" } as v2.SessionUpdate;

describe("Replays", () => {
  it("clears each replayed message once, before its first chunk, for each kind", () => {
    const replays = new Replays();
    replays.start("s");
    expect(replays.clear("s", chunk("user_message_chunk", "u"))).toEqual({
      sessionUpdate: "user_message",
      messageId: "u",
      content: [],
    });
    expect(replays.clear("s", chunk("user_message_chunk", "u"))).toBeUndefined();
    expect(replays.clear("s", chunk("agent_message_chunk", "a"))).toEqual({
      sessionUpdate: "agent_message",
      messageId: "a",
      content: [],
    });
    expect(replays.clear("s", chunk("agent_thought_chunk", "a"))).toEqual({
      sessionUpdate: "agent_thought",
      messageId: "a",
      content: [],
    });
    // Not a chunk, another session, or after the replay: nothing.
    expect(replays.clear("s", idle)).toBeUndefined();
    expect(replays.clear("other", chunk("agent_message_chunk", "b"))).toBeUndefined();
    replays.end("s");
    expect(replays.clear("s", chunk("agent_message_chunk", "c"))).toBeUndefined();
  });

  it("a child announced by a replay replays with it: cleared, its last state held to the end", () => {
    const replays = new Replays();
    replays.start("s");
    expect(replays.childAnnounced("child", "s")).toBe(true);
    expect(replays.childAnnounced("child", "s")).toBe(false);
    expect(replays.childAnnounced("grandchild", "child")).toBe(true);
    expect(replays.clear("child", chunk("agent_message_chunk", "m"))).toBeDefined();
    const running = { sessionUpdate: "state_update", state: "running" } as v2.SessionUpdate;
    expect(replays.holdChildState("child", running)).toBe(true);
    expect(replays.holdChildState("child", idle)).toBe(true);
    expect(replays.holdChildState("grandchild", idle)).toBe(true);
    expect(replays.end("s")).toEqual([
      { sessionId: "child", update: idle },
      { sessionId: "grandchild", update: idle },
    ]);
    // Live again: nothing held, nothing cleared.
    expect(replays.holdChildState("child", idle)).toBe(false);
    expect(replays.clear("child", chunk("agent_message_chunk", "n"))).toBeUndefined();
  });

  it("a child announced live, outside any replay, is left alone", () => {
    const replays = new Replays();
    expect(replays.childAnnounced("child", "s")).toBe(false);
    expect(replays.holdChildState("child", idle)).toBe(false);
    expect(replays.clear("child", chunk("agent_message_chunk", "m"))).toBeUndefined();
  });
});
