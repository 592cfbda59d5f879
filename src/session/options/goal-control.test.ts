import type { PromptResponse, SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import { parseClientProfile } from "../../extensions/compose.js";
import { GoalControl } from "./goal-control.js";
import type { Outbox } from "../outbox.js";
import type { Steer, Steering } from "../turn/steering.js";

const AIR = { _meta: { jetbrains: { air: { version: 1, capabilities: [] } } } };
const LODY = { _meta: { lody: {} } };
const BOTH = { _meta: { ...AIR._meta, ...LODY._meta } };

const airGoal = (goal: unknown) => ({
  sessionUpdate: "session_info_update",
  _meta: { jetbrains: { air: { version: 1, goal } } },
});
const lodyGoal = (goal: unknown) => ({
  sessionUpdate: "session_info_update",
  _meta: { lody: { goal } },
});
const AIR_ACTIVE = { objective: "ship it", status: "active", controlMethod: "_session/goal" };
const LODY_ACTIVE = { objective: "ship it", status: "active" };

/** A goal control over fakes: what it announces, and how its command ends. */
function control(
  capabilities: unknown,
  run: { steered?: Promise<boolean>; prompt?: Promise<PromptResponse> },
) {
  const announced: SessionUpdate[] = [];
  const outbox = {
    announce: (updates: SessionUpdate[]) => announced.push(...updates),
  } as unknown as Outbox;
  const steering = {
    inject: () => (run.steered ? ({ applied: run.steered } as unknown as Steer) : undefined),
  } as unknown as Steering;
  const goals = new GoalControl({
    sessionId: "s",
    profile: parseClientProfile(capabilities),
    outbox,
    steering,
    prompt: () => run.prompt ?? Promise.resolve({ stopReason: "end_turn" }),
  });
  return { goals, announced };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("GoalControl publishing", () => {
  it.each([
    ["a plain client: nothing", {}, []],
    ["an AIR client: AIR's key", AIR, [airGoal(AIR_ACTIVE)]],
    ["a Lody client: Lody's key", LODY, [lodyGoal(LODY_ACTIVE)]],
    ["AIR and Lody: each its own", BOTH, [airGoal(AIR_ACTIVE), lodyGoal(LODY_ACTIVE)]],
  ])("%s", async (_name, capabilities, expected) => {
    const { goals, announced } = control(capabilities, {});
    goals.submit("ship it");
    await settled();
    expect(announced).toStrictEqual(expected);
  });

  it("Lody: a goal command that fails (a rejected prompt) is reverted", async () => {
    const { goals, announced } = control(LODY, { prompt: Promise.reject(new Error("down")) });
    goals.submit("ship it");
    await settled();
    expect(announced).toStrictEqual([lodyGoal(LODY_ACTIVE), lodyGoal(null)]);
  });

  it("Lody: a steered goal that never ran is reverted; clear publishes null", async () => {
    const { goals, announced } = control(LODY, { steered: Promise.resolve(false) });
    goals.submit("ship it");
    await settled();
    expect(announced).toStrictEqual([lodyGoal(LODY_ACTIVE), lodyGoal(null)]);
    const ran = control(LODY, { steered: Promise.resolve(true) });
    ran.goals.submit("ship it");
    await settled();
    ran.goals.submit(null);
    await settled();
    expect(ran.announced).toStrictEqual([lodyGoal(LODY_ACTIVE), lodyGoal(null)]);
  });
});
