import { describe, expect, it } from "vitest";
import { PlanUpdates } from "./plan-updates.js";

const entries = [{ content: "Read the file", priority: "medium", status: "pending" }] as const;

describe("PlanUpdates", () => {
  it("drops a plan that repeats the last one when asked (AIR), and sends a changed one", () => {
    const plans = new PlanUpdates(true);
    expect(plans.of(null, entries)).toEqual([
      { target: null, update: { sessionUpdate: "plan", entries } },
    ]);
    expect(plans.of("toolu_1", entries)).toEqual([]);
    const changed = [{ ...entries[0], status: "completed" }] as const;
    expect(plans.of("toolu_1", changed)).toEqual([
      { target: "toolu_1", update: { sessionUpdate: "plan", entries: changed } },
    ]);
  });

  it("sends every plan, repeats included, to every other client (upstream)", () => {
    const plans = new PlanUpdates(false);
    plans.of(null, entries);
    expect(plans.of(null, entries)).toEqual([
      { target: null, update: { sessionUpdate: "plan", entries } },
    ]);
  });
});
