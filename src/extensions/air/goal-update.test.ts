import { describe, expect, it } from "vitest";
import { goalUpdate } from "./goal-update.js";

describe("goalUpdate", () => {
  it("puts the goal in session_info_update._meta.jetbrains.air with its control method", () => {
    const goal = { objective: "x", status: "active", iterations: 2, createdAt: 5 } as const;
    expect(goalUpdate(goal)).toStrictEqual({
      sessionUpdate: "session_info_update",
      _meta: {
        jetbrains: {
          air: {
            version: 1,
            goal: { ...goal, controlMethod: "_session/goal" },
          },
        },
      },
    });
    // The control method goes last, after the neutral snapshot's keys.
    const meta = goalUpdate(goal)._meta as { jetbrains: { air: { goal: object } } };
    expect(Object.keys(meta.jetbrains.air.goal)).toStrictEqual([
      "objective",
      "status",
      "iterations",
      "createdAt",
      "controlMethod",
    ]);
    expect(goalUpdate(null)).toStrictEqual({
      sessionUpdate: "session_info_update",
      _meta: { jetbrains: { air: { version: 1, goal: null } } },
    });
  });
});
