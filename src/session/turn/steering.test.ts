import type { SDKUserMessage } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import { OpenAsks, Steering, type SteeringParts } from "./steering.js";
import { Turn } from "./turn.js";

function rig(running = true) {
  const sent: SDKUserMessage[] = [];
  const released: Turn[] = [];
  const turn = new Turn({ content: [], resolve: () => {}, reject: () => {} }, {});
  const state = { turn: running ? turn : undefined };
  const asks = new OpenAsks();
  const parts = {
    lifecycle: state,
    slot: { current: { send: (m: SDKUserMessage) => sent.push(m) } },
    conversation: { id: "conv-1" },
    asks,
    release: (t: Turn) => released.push(t),
  } as unknown as SteeringParts;
  return { steering: new Steering(parts), sent, released, turn, state, asks };
}

const content = [{ type: "text" as const, text: "look at the logs" }];
const lifecycle = (uuid: string, state: string) => ({
  type: "command_lifecycle",
  command_uuid: uuid,
  state,
  uuid: "frame",
  session_id: "conv-1",
});

/** Settles what is settled by now; `pending` for what is not. */
async function settled<T>(promise: Promise<T>): Promise<T | "pending"> {
  return Promise.race([promise, new Promise<"pending">((r) => setTimeout(() => r("pending"), 0))]);
}

describe("Steering", () => {
  it("pushes the message at priority now into the running turn's conversation", () => {
    const { steering, sent } = rig();
    const steer = steering.inject(content)!;
    expect(steer.priority).toBe("now");
    expect(sent).toEqual([
      {
        type: "user",
        message: { role: "user", content },
        parent_tool_use_id: null,
        uuid: steer.uuid,
        session_id: "conv-1",
        origin: { kind: "human" }, // the user's own words, as a prompt
        priority: "now",
      },
    ]);
  });

  it("pushes at priority later while a permission request or a question is open", () => {
    const { steering, sent, asks } = rig();
    const close = asks.opened();
    expect(steering.inject(content)!.priority).toBe("later");
    close();
    close(); // closing twice counts once
    expect(asks.any).toBe(false);
    expect(steering.inject(content)!.priority).toBe("now");
    expect(sent.map((m) => m.priority)).toEqual(["later", "now"]);
  });

  it("pushes nothing when no turn runs", () => {
    const { steering, sent } = rig(false);
    expect(steering.inject(content)).toBeUndefined();
    expect(sent).toEqual([]);
  });

  it("holds the turn's results until the steer was taken in and its cycle ended", async () => {
    const { steering, turn } = rig();
    const steer = steering.inject(content)!;
    expect(steering.holds(turn)).toBe(true); // the interrupted cycle's result
    expect(steering.observe(lifecycle(steer.uuid, "queued"))).toBe(true);
    expect(await settled(steer.applied)).toBe("pending");
    expect(steering.observe(lifecycle(steer.uuid, "started"))).toBe(true);
    expect(await settled(steer.applied)).toBe(true);
    expect(await settled(steer.done)).toBe("pending");
    expect(steering.holds(turn)).toBe(false); // the steered cycle's result ends the prompt
    expect(await settled(steer.done)).toBe(true);
  });

  it("a steer Claude Code drops releases a result held for it", async () => {
    const { steering, turn, released } = rig();
    const first = steering.inject(content)!;
    const second = steering.inject(content)!;
    expect(steering.holds(turn)).toBe(true);
    steering.observe(lifecycle(first.uuid, "cancelled"));
    expect(released).toEqual([]); // the second still waits
    steering.observe(lifecycle(second.uuid, "cancelled"));
    expect(released).toEqual([turn]);
    expect(await settled(first.applied)).toBe(false);
    expect(await settled(second.done)).toBe(false);
    expect(steering.holds(turn)).toBe(false);
  });

  it("an ended turn drops its steers: never applied, never done", async () => {
    const { steering, turn } = rig();
    const queued = steering.inject(content)!;
    const taken = steering.inject(content)!;
    steering.observe(lifecycle(taken.uuid, "started"));
    steering.endTurn(turn);
    expect(await settled(queued.applied)).toBe(false);
    expect(await settled(queued.done)).toBe(false);
    expect(await settled(taken.applied)).toBe(true);
    expect(await settled(taken.done)).toBe(false);
    expect(steering.holds(turn)).toBe(false);
  });

  it("reads only command_lifecycle frames, and ignores those of other commands", () => {
    const { steering, turn } = rig();
    steering.inject(content);
    expect(steering.observe({ type: "system", subtype: "status" })).toBe(false);
    expect(steering.observe(null)).toBe(false);
    expect(steering.observe({ type: "command_lifecycle", command_uuid: 1, state: "x" })).toBe(
      false,
    );
    expect(steering.observe(lifecycle("someone-else", "started"))).toBe(true);
    expect(steering.holds(turn)).toBe(true);
  });

  it("tells when Claude Code has every steer of a turn, also once the turn dropped them", async () => {
    const { steering, turn } = rig();
    expect(steering.arrived(turn)).toBeUndefined();
    const first = steering.inject(content)!;
    const second = steering.inject(content)!;
    const arrived = steering.arrived(turn)!;
    steering.endTurn(turn); // a cancel drops them before their frames come
    steering.observe(lifecycle(first.uuid, "queued"));
    expect(await settled(arrived)).toBe("pending");
    steering.observe(lifecycle(second.uuid, "cancelled"));
    expect(await settled(arrived)).toBeUndefined();
  });
});
