import { describe, expect, it } from "vitest";
import { UsageReading, type UsageSeed } from "./usage-reading.js";

/** Claude Code's cumulative `ModelUsage` of one model (SDK 0.3.318). */
function claude(fields: Record<string, number | string> = {}): Record<string, unknown> {
  return {
    inputTokens: 100,
    outputTokens: 10,
    cacheReadInputTokens: 20,
    cacheCreationInputTokens: 5,
    webSearchRequests: 0,
    costUSD: 0.1,
    contextWindow: 200000,
    maxOutputTokens: 32000,
    ...fields,
  };
}

const ZERO: UsageSeed = { kind: "zero" };

describe("UsageReading: what each result added", () => {
  it("the first result of a new query is all new; a second holds only what it added", () => {
    const reading = new UsageReading(ZERO);
    expect(reading.add({ m: claude() })).toStrictEqual({
      m: {
        inputTokens: 100,
        outputTokens: 10,
        cacheReadInputTokens: 20,
        cacheCreationInputTokens: 5,
        costUSD: 0.1,
        contextWindow: 200000,
      },
    });
    expect(
      reading.add({ m: claude({ inputTokens: 250, outputTokens: 30, costUSD: 0.3 }) }),
    ).toStrictEqual({
      m: {
        inputTokens: 150,
        outputTokens: 20,
        cacheReadInputTokens: 0,
        cacheCreationInputTokens: 0,
        costUSD: 0.2,
        contextWindow: 200000,
      },
    });
  });

  it("a result that added nothing, or only for other models, leaves those out", () => {
    const reading = new UsageReading(ZERO);
    reading.add({ m: claude() });
    expect(reading.add({ m: claude() })).toBeUndefined();
    expect(reading.add({ m: claude(), sub: claude({ costUSD: 0.01 }) })).toStrictEqual({
      sub: expect.objectContaining({ inputTokens: 100, costUSD: 0.01 }),
    });
  });

  it.each([
    ["an empty modelUsage", {}],
    [
      "all zeros",
      {
        m: claude({
          inputTokens: 0,
          outputTokens: 0,
          cacheReadInputTokens: 0,
          cacheCreationInputTokens: 0,
          costUSD: 0,
        }),
      },
    ],
  ])("a crash result (%s) keeps the reading", (_name, crash) => {
    const reading = new UsageReading(ZERO);
    reading.add({ m: claude() });
    expect(reading.add(crash)).toBeUndefined();
    expect(reading.add({ m: claude({ inputTokens: 110 }) })?.m?.inputTokens).toBe(10);
  });

  it("output 100 with thinking 40 is output 60 and reasoning 40 (acceptance check 16)", () => {
    const reading = new UsageReading(ZERO);
    const added = reading.add({ m: claude({ outputTokens: 100, thinkingTokens: 40 }) });
    expect(added?.m?.outputTokens).toBe(60);
    expect(added?.m?.reasoningOutputTokens).toBe(40);
  });

  it("no thinking keeps the output and has no reasoning key (acceptance check 16)", () => {
    const added = new UsageReading(ZERO).add({ m: claude({ outputTokens: 100 }) });
    expect(added?.m?.outputTokens).toBe(100);
    expect(added?.m).not.toHaveProperty("reasoningOutputTokens");
  });

  it("an unknown cost basis drops the model's cost for the rest of the query (check 16)", () => {
    const reading = new UsageReading(ZERO);
    const guessed = reading.add({ m: claude({ costBasis: "unknown" }), n: claude() });
    expect(guessed?.m).not.toHaveProperty("costUSD");
    expect(guessed?.n?.costUSD).toBe(0.1);
    const later = reading.add({ m: claude({ inputTokens: 200, costUSD: 0.2, costBasis: "list" }) });
    expect(later?.m).not.toHaveProperty("costUSD");
    expect(new UsageReading(ZERO).add({ m: claude({ costBasis: "list" }) })?.m?.costUSD).toBe(0.1);
  });

  it("a counter below the last reading was reset: all of it is new (check 17)", () => {
    const reading = new UsageReading(ZERO);
    reading.add({ m: claude({ inputTokens: 500, costUSD: 0.5 }) });
    expect(reading.add({ m: claude({ inputTokens: 40, costUSD: 0.6 }) })?.m).toStrictEqual({
      inputTokens: 40,
      outputTokens: 0,
      cacheReadInputTokens: 0,
      cacheCreationInputTokens: 0,
      costUSD: 0.1,
      contextWindow: 200000,
    });
  });

  it("a resumed query continues from the saved spend: history is not billed twice", () => {
    const reading = new UsageReading({
      kind: "saved",
      state: { modelUsage: { m: claude({ thinkingTokens: 4 }) }, hasUnknownModelCost: false },
    });
    const added = reading.add({
      m: claude({ inputTokens: 130, outputTokens: 20, thinkingTokens: 6, costUSD: 0.15 }),
    });
    expect(added?.m).toMatchObject({
      inputTokens: 30,
      outputTokens: 8,
      reasoningOutputTokens: 2,
      costUSD: 0.05,
    });
  });

  it("over a saved spend priced at a guess, the first cost is unknown (check 17)", () => {
    const reading = new UsageReading({
      kind: "saved",
      state: { modelUsage: { m: claude() }, hasUnknownModelCost: true },
    });
    expect(reading.add({ m: claude({ inputTokens: 130, costUSD: 0.2 }) })?.m).not.toHaveProperty(
      "costUSD",
    );
    expect(reading.add({ m: claude({ inputTokens: 140, costUSD: 0.25 }) })?.m?.costUSD).toBe(0.05);
  });

  it("an unreadable transcript: the first result only anchors the reading", () => {
    const reading = new UsageReading({ kind: "anchor" });
    expect(reading.add({ m: claude({ inputTokens: 900 }) })).toBeUndefined();
    expect(reading.add({ m: claude({ inputTokens: 950 }) })?.m?.inputTokens).toBe(50);
  });

  it("malformed counters count as 0, never as negative", () => {
    const added = new UsageReading(ZERO).add({
      m: { inputTokens: -5, outputTokens: "x", cacheReadInputTokens: Infinity, costUSD: null },
      n: null,
    });
    expect(added).toBeUndefined();
  });
});
