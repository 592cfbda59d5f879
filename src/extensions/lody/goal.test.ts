import { describe, expect, it } from "vitest";
import { isAdapterError } from "../../util/adapter-error.js";
import { goalControlPrompt, lodyGoalParams, lodyGoalUpdate, toLodyGoalRequest } from "./goal.js";

describe("_lody/session/goal", () => {
  it.each([
    ["pause", { sessionId: "s", action: "pause" }],
    ["resume", { sessionId: "s", action: "resume" }],
    ["a blank objective", { sessionId: "s", action: "set", objective: "  " }],
    ["no objective", { sessionId: "s", action: "set" }],
    ["an empty sessionId", { sessionId: "", action: "clear" }],
    ["no sessionId", { action: "clear" }],
    ["params that are not an object", "clear"],
    ["an array", [{ sessionId: "s", action: "clear" }]],
  ])("refuses %s", (_name, params) => {
    expect(lodyGoalParams.safeParse(params).success).toBe(false);
  });

  it.each([
    [
      { sessionId: "s", action: "set", objective: " ship it " },
      { sessionId: "s", objective: "ship it" },
    ],
    [
      { sessionId: "s", action: "clear", extra: 1 },
      { sessionId: "s", objective: null },
    ],
  ])("takes %j", (params, expected) => {
    expect(toLodyGoalRequest(lodyGoalParams.parse(params))).toStrictEqual(expected);
  });

  it("publishes the goal as Lody's snapshot, times in seconds", () => {
    expect(
      lodyGoalUpdate({
        objective: "ship it",
        status: "active",
        iterations: 2,
        lastReason: "not yet",
        createdAt: 1710000000999,
      }),
    ).toStrictEqual({
      sessionUpdate: "session_info_update",
      _meta: {
        lody: {
          goal: {
            objective: "ship it",
            status: "active",
            iterations: 2,
            lastReason: "not yet",
            createdAtEpochSeconds: 1710000000,
          },
        },
      },
    });
  });

  it("publishes a submitted goal without what only the runtime knows, and null for none", () => {
    expect(lodyGoalUpdate({ objective: "ship it", status: "active" })).toStrictEqual({
      sessionUpdate: "session_info_update",
      _meta: { lody: { goal: { objective: "ship it", status: "active" } } },
    });
    expect(lodyGoalUpdate(null)).toStrictEqual({
      sessionUpdate: "session_info_update",
      _meta: { lody: { goal: null } },
    });
  });

  it("keeps AIR's own fields (controlMethod) out of Lody's snapshot", () => {
    const air = { objective: "x", status: "active" as const, controlMethod: "_session/goal" };
    expect(lodyGoalUpdate(air)).toStrictEqual({
      sessionUpdate: "session_info_update",
      _meta: { lody: { goal: { objective: "x", status: "active" } } },
    });
  });
});

describe("session/prompt _meta.lody.goalControl", () => {
  it.each<[string, unknown, string | undefined]>([
    ["set", { version: 1, action: "set", objective: " ship it " }, "/goal ship it"],
    ["clear", { version: 1, action: "clear" }, "/goal clear"],
    ["clear with an objective", { version: 1, action: "clear", objective: "x" }, "/goal clear"],
  ])("%s runs the goal command", (_name, goalControl, text) => {
    expect(goalControlPrompt({ lody: { goalControl } })).toStrictEqual([{ type: "text", text }]);
  });

  it.each<[string, unknown]>([
    ["no _meta", undefined],
    ["no lody", { other: { goalControl: { version: 1, action: "clear" } } }],
    ["lody without goalControl", { lody: { steer: { id: "x" } } }],
    ["lody that is not an object", { lody: "goalControl" }],
  ])("%s: the prompt runs as sent", (_name, meta) => {
    expect(goalControlPrompt(meta)).toBeUndefined();
  });

  it.each<[string, unknown]>([
    ["pause (not offered)", { version: 1, action: "pause" }],
    ["resume (not offered)", { version: 1, action: "resume", objective: "x" }],
    ["version 2", { version: 2, action: "clear" }],
    ["no version", { action: "clear" }],
    ["a blank objective", { version: 1, action: "set", objective: "  " }],
    ["no objective", { version: 1, action: "set" }],
    ["a string", "clear"],
    ["null", null],
    ["an array", [{ version: 1, action: "clear" }]],
  ])("%s is invalid input", (_name, goalControl) => {
    let thrown: unknown;
    try {
      goalControlPrompt({ lody: { goalControl } });
    } catch (error) {
      thrown = error;
    }
    expect(isAdapterError(thrown, "invalidInput")).toBe(true);
  });
});
