import { describe, expect, it } from "vitest";
import { lastCostState } from "./cost-state.js";

const ID = "11111111-2222-3333-4444-555555555555";
const costState = (inputTokens: number, extra: Record<string, unknown> = {}) =>
  JSON.stringify({
    type: "cost-state",
    sessionId: ID,
    totalCostUSD: 0.1,
    modelUsage: {
      m: {
        inputTokens,
        outputTokens: 1,
        cacheReadInputTokens: 0,
        cacheCreationInputTokens: 0,
        webSearchRequests: 0,
        costUSD: 0.1,
      },
    },
    ...extra,
  });
const user = JSON.stringify({ type: "user", sessionId: ID, message: { content: "cost-state" } });

describe("lastCostState (acceptance check 18)", () => {
  it.each([
    ["no record: zero", [user], undefined],
    ["the last record wins", [costState(1), user, costState(2)], 2],
    ["a torn last line is skipped", [costState(1), costState(2).slice(0, 40)], 1],
    [
      "a record of another session (a copied fork) is not ours",
      [costState(1), costState(2, { sessionId: "other" })],
      1,
    ],
    [
      "a record without modelUsage is skipped",
      [costState(1), costState(2, { modelUsage: null })],
      1,
    ],
  ])("%s", (_name, lines, inputTokens) => {
    const state = lastCostState(lines.join("\n") + "\n", ID);
    expect((state?.modelUsage.m as { inputTokens: number } | undefined)?.inputTokens).toBe(
      inputTokens,
    );
  });

  it("carries hasUnknownModelCost", () => {
    expect(
      lastCostState(costState(1, { hasUnknownModelCost: true }), ID)?.hasUnknownModelCost,
    ).toBe(true);
    expect(lastCostState(costState(1), ID)?.hasUnknownModelCost).toBe(false);
  });
});
