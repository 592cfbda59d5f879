import { describe, expect, it } from "vitest";
import { MessageIds } from "./message-ids.js";

function ids(): MessageIds {
  let n = 0;
  return new MessageIds(() => `id${++n}`);
}

describe("MessageIds", () => {
  it("keeps the id a chunk carries", () => {
    const m = ids();
    expect(m.of("s", "agent_message_chunk", "msg_1")).toBe("msg_1");
  });

  it("a bare chunk continues the previous chunk of its kind, even one that carried an id", () => {
    const m = ids();
    expect(m.of("s", "agent_message_chunk", undefined)).toBe("id1");
    expect(m.of("s", "agent_message_chunk", null)).toBe("id1");
    expect(m.of("s", "agent_message_chunk", "msg_1")).toBe("msg_1");
    expect(m.of("s", "agent_message_chunk", undefined)).toBe("msg_1");
  });

  it("another kind, an interruption or another session starts a new message", () => {
    const m = ids();
    expect(m.of("s", "agent_message_chunk", undefined)).toBe("id1");
    expect(m.of("s", "agent_thought_chunk", undefined)).toBe("id2");
    expect(m.of("s", "agent_message_chunk", undefined)).toBe("id3");
    m.interrupt("s");
    expect(m.of("s", "agent_message_chunk", undefined)).toBe("id4");
    expect(m.of("t", "agent_message_chunk", undefined)).toBe("id5");
    m.forget("s");
    expect(m.of("s", "agent_message_chunk", undefined)).toBe("id6");
  });
});
