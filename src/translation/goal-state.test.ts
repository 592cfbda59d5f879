import { describe, expect, it } from "vitest";
import {
  GoalState,
  readActiveGoal,
  submittedGoal,
  toGoalSnapshot,
  type RuntimeGoal,
} from "./goal-state.js";

const runtime = (condition: string, iterations = 0, reason?: string): RuntimeGoal => ({
  condition,
  iterations,
  set_at: 1710000000123,
  ...(reason !== undefined ? { last_reason: reason } : {}),
});
const minimal = (objective: string) => ({
  objective,
  status: "active",
});
const full = (objective: string, iterations = 0, lastReason?: string) => ({
  objective,
  status: "active",
  iterations,
  ...(lastReason !== undefined ? { lastReason } : {}),
  createdAt: 1710000000123,
});

describe("readActiveGoal", () => {
  it.each([
    [
      "a goal (recorded from 0.3.318)",
      {
        type: "active_goal",
        value: {
          condition: "the tests pass",
          iterations: 1,
          set_at: 1796161123546,
          tokens_at_start: 0,
          last_reason: "Tests still need work",
        },
        uuid: "u",
        session_id: "s",
      },
      {
        value: {
          condition: "the tests pass",
          iterations: 1,
          set_at: 1796161123546,
          last_reason: "Tests still need work",
        },
      },
    ],
    [
      "a goal without a reason",
      {
        type: "active_goal",
        value: { condition: "c", iterations: 0, set_at: 5, tokens_at_start: 9 },
      },
      { value: { condition: "c", iterations: 0, set_at: 5 } },
    ],
    ["no goal", { type: "active_goal", value: null }, { value: null }],
    ["no value at all", { type: "active_goal" }, { value: null }],
    ["another message", { type: "assistant", value: null }, undefined],
    ["a value that is not an object", { type: "active_goal", value: "c" }, undefined],
    [
      "a condition that is not a string",
      { type: "active_goal", value: { condition: 1, iterations: 0, set_at: 5 } },
      undefined,
    ],
    [
      "iterations that are not a number",
      { type: "active_goal", value: { condition: "c", iterations: "1", set_at: 5 } },
      undefined,
    ],
    ["no timestamp", { type: "active_goal", value: { condition: "c", iterations: 1 } }, undefined],
    [
      "a reason that is not a string",
      { type: "active_goal", value: { condition: "c", iterations: 1, set_at: 5, last_reason: 3 } },
      { value: { condition: "c", iterations: 1, set_at: 5 } },
    ],
    ["null", null, undefined],
  ])("%s", (_, message, expected) => {
    expect(readActiveGoal(message)).toStrictEqual(expected);
  });
});

describe("snapshots", () => {
  it("maps the runtime's goal to the neutral snapshot, without provider bookkeeping", () => {
    expect(toGoalSnapshot(runtime("Ship it", 3, "Tests still need work"))).toStrictEqual(
      full("Ship it", 3, "Tests still need work"),
    );
    expect(toGoalSnapshot(runtime("Ship it"))).toStrictEqual(full("Ship it"));
  });

  it("publishes a submitted goal minimally", () => {
    expect(submittedGoal("Ship it")).toStrictEqual(minimal("Ship it"));
  });
});

describe("GoalState", () => {
  it("set, runtime updates, met", () => {
    const state = new GoalState();
    const { token, publish } = state.submit("A");
    expect(publish).toStrictEqual(minimal("A"));
    expect(state.runtime(runtime("A"))).toStrictEqual(full("A"));
    state.settle(token);
    expect(state.runtime(runtime("A", 1, "not yet"))).toStrictEqual(full("A", 1, "not yet"));
    expect(state.runtime(runtime("A", 1, "not yet"))).toBeUndefined(); // no change, not again
    expect(state.runtime(null)).toBeNull();
    expect(state.snapshot).toBeNull();
  });

  it("ignores the runtime's start-up 'no goal' when none was published", () => {
    expect(new GoalState().runtime(null)).toBeUndefined();
  });

  it("while a set is pending, ignores late updates of the previous goal and a cleared one", () => {
    const state = new GoalState();
    state.runtime(runtime("old", 2));
    const { token } = state.submit("new");
    expect(state.runtime(runtime("old", 3, "late"))).toBeUndefined();
    expect(state.runtime(null)).toBeUndefined();
    expect(state.snapshot).toStrictEqual(minimal("new"));
    // The matching update is authoritative and ends the wait.
    expect(state.runtime(runtime("new"))).toStrictEqual(full("new"));
    expect(state.runtime(null)).toBeNull();
    state.settle(token);
  });

  it("while a clear is pending, ignores late updates of the goal it clears", () => {
    const state = new GoalState();
    state.runtime(runtime("A", 1));
    const { publish } = state.submit(null);
    expect(publish).toBeNull();
    expect(state.runtime(runtime("A", 2, "late"))).toBeUndefined();
    expect(state.runtime(null)).toBeUndefined(); // matches: already published
    expect(state.runtime(runtime("B"))).toStrictEqual(full("B")); // no longer pending
  });

  it("after a settled command, runtime updates count again", () => {
    const state = new GoalState();
    const { token } = state.submit("A");
    state.settle(token);
    expect(state.runtime(runtime("B", 1))).toStrictEqual(full("B", 1));
  });

  it("a failed command restores the state before it", () => {
    const state = new GoalState();
    state.runtime(runtime("A", 1));
    const set = state.submit("B");
    expect(state.fail(set.token)).toStrictEqual(full("A", 1));
    expect(state.snapshot).toStrictEqual(full("A", 1));

    const clear = state.submit(null);
    expect(state.fail(clear.token)).toStrictEqual(full("A", 1));

    const fresh = new GoalState();
    const first = fresh.submit("X");
    expect(fresh.fail(first.token)).toBeNull();
  });

  it("a stale token neither settles nor restores", () => {
    const state = new GoalState();
    const first = state.submit("A");
    const second = state.submit("B");
    expect(state.fail(first.token)).toBeUndefined();
    state.settle(first.token);
    expect(state.runtime(runtime("A"))).toBeUndefined(); // B is still pending
    expect(state.fail(second.token)).toStrictEqual(minimal("A"));
  });

  it("a command already settled cannot fail any more", () => {
    const state = new GoalState();
    const { token } = state.submit("A");
    state.settle(token);
    expect(state.fail(token)).toBeUndefined();
    expect(state.snapshot).toStrictEqual(minimal("A"));
  });

  it("a clear with no goal publishes nothing", () => {
    expect(new GoalState().submit(null).publish).toBeUndefined();
  });
});
