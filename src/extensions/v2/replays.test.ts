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
    // Not a chunk, a chunk without a message id, another session, or after the replay:
    // nothing.
    expect(replays.clear("s", idle)).toBeUndefined();
    const bare = { sessionUpdate: "agent_message_chunk", content: { type: "text", text: "x" } };
    expect(replays.clear("s", bare as v2.SessionUpdate)).toBeUndefined();
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
    const mirror = (sessionId: string) => ({
      sessionUpdate: "subagent_update",
      sessionId,
      state: { state: "idle" },
    });
    expect(replays.end("s")).toEqual({
      now: [
        { sessionId: "child", update: idle },
        { sessionId: "grandchild", update: idle },
      ],
      // Repeated: on the parent after the answer, on the child at the next prompt.
      afterAnswer: [
        { sessionId: "s", update: mirror("child") },
        { sessionId: "child", update: mirror("grandchild") },
      ],
      nextPrompt: [
        { sessionId: "child", update: idle },
        { sessionId: "grandchild", update: idle },
      ],
    });
    // Ended: nothing held any more.
    expect(replays.end("s")).toEqual({ now: [], afterAnswer: [], nextPrompt: [] });
    // Live again: nothing held, nothing cleared.
    expect(replays.holdChildState("child", idle)).toBe(false);
    expect(replays.clear("child", chunk("agent_message_chunk", "n"))).toBeUndefined();
  });

  it("a parent's copy of a replaying child's later state is held, and goes out first at the end", () => {
    const replays = new Replays();
    replays.start("s");
    const announce = {
      sessionUpdate: "subagent_update",
      sessionId: "child",
      title: "T",
      state: { state: "running", background: [] },
    } as v2.SessionUpdate;
    // The announcement goes out whole (the child is not replaying yet).
    expect(replays.mirror(announce)).toBe(announce);
    replays.childAnnounced("child", "s");
    replays.childAnnounced("grandchild", "child");
    const ended = { state: "idle", stopReason: "end_turn", background: [] };
    const own = { sessionUpdate: "state_update", ...ended } as v2.SessionUpdate;
    // A later copy: only its other fields go out; with none, nothing.
    expect(replays.mirror({ ...announce, state: ended } as v2.SessionUpdate)).toEqual({
      sessionUpdate: "subagent_update",
      sessionId: "child",
      title: "T",
    });
    const copy = { sessionUpdate: "subagent_update", sessionId: "child", state: ended };
    expect(replays.mirror(copy as v2.SessionUpdate)).toBeUndefined();
    // Without a state, or of a child the replay did not announce: as is.
    const titled = { sessionUpdate: "subagent_update", sessionId: "child", title: "U" };
    expect(replays.mirror(titled as v2.SessionUpdate)).toBe(titled);
    const other = { ...announce, sessionId: "other" } as v2.SessionUpdate;
    expect(replays.mirror(other)).toBe(other);
    expect(replays.mirror(idle)).toBe(idle);
    replays.holdChildState("child", own);
    replays.holdChildState("grandchild", own);
    expect(replays.end("s").now).toEqual([
      { sessionId: "s", update: copy },
      { sessionId: "child", update: own },
      // No copy of the grandchild's state was held: its own only.
      { sessionId: "grandchild", update: own },
    ]);
    // Live again: a copy goes out whole.
    const live = { sessionUpdate: "subagent_update", sessionId: "child", state: ended };
    expect(replays.mirror(live as v2.SessionUpdate)).toBe(live);
  });

  it("a held copy of a nested child goes to its own parent, the child that announced it", () => {
    const replays = new Replays();
    replays.start("s");
    replays.childAnnounced("child", "s");
    replays.childAnnounced("grandchild", "child");
    const copy = { sessionUpdate: "subagent_update", sessionId: "grandchild", state: idle };
    expect(replays.mirror(copy as unknown as v2.SessionUpdate)).toBeUndefined();
    replays.holdChildState("grandchild", idle);
    expect(replays.end("s").now[0]).toEqual({
      sessionId: "child",
      update: {
        sessionUpdate: "subagent_update",
        sessionId: "grandchild",
        state: { state: "idle" },
      },
    });
    // A second replay starts afresh: nothing held from the first.
    replays.start("s");
    replays.childAnnounced("grandchild", "s");
    replays.holdChildState("grandchild", idle);
    expect(replays.end("s").now).toEqual([{ sessionId: "grandchild", update: idle }]);
  });

  it("two replays at once: each ends with its own children only", () => {
    const replays = new Replays();
    replays.start("s");
    replays.start("t");
    replays.childAnnounced("a", "s");
    replays.childAnnounced("b", "t");
    replays.holdChildState("a", idle);
    replays.holdChildState("b", idle);
    expect(replays.end("s").now).toEqual([{ sessionId: "a", update: idle }]);
    expect(replays.holdChildState("b", idle)).toBe(true);
    expect(replays.end("t").now).toEqual([{ sessionId: "b", update: idle }]);
  });

  it("a child announced live, outside any replay, is left alone", () => {
    const replays = new Replays();
    expect(replays.childAnnounced("child", "s")).toBe(false);
    expect(replays.holdChildState("child", idle)).toBe(false);
    expect(replays.clear("child", chunk("agent_message_chunk", "m"))).toBeUndefined();
  });
});
