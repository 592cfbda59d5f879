import { describe, expect, it } from "vitest";
import type { ModelUsage } from "./model-usage.js";
import { UsageLedger } from "./usage-ledger.js";

/** The worked example of lody-contract.md §5. */
const row = (n: number, c?: number): ModelUsage => ({
  inputTokens: n,
  outputTokens: 10,
  cacheReadInputTokens: 20,
  ...(c === undefined ? {} : { costUSD: c }),
});

describe("UsageLedger: the worked example of §5", () => {
  it("sums operations, ignores a repeat and adds a second operation", () => {
    const ledger = new UsageLedger();
    const first = ledger.report("1", { a: row(100, 0.1) });
    expect(first?.modelUsage).toStrictEqual({ a: row(100, 0.1) });
    expect(first?.delta.modelUsage).toStrictEqual({ a: row(100, 0.1) });
    expect(ledger.report("1", { a: row(100, 0.1) })).toBeUndefined();
    const second = ledger.report("2", { a: row(200, 0.2), b: row(50, 0.3) });
    expect(second?.modelUsage).toStrictEqual({
      a: { inputTokens: 300, outputTokens: 20, cacheReadInputTokens: 40, costUSD: 0.3 },
      b: row(50, 0.3),
    });
    expect(second?.delta.usage).toStrictEqual({
      inputTokens: 250,
      outputTokens: 20,
      cacheReadInputTokens: 40,
      costUSD: 0.5,
    });
  });

  it("a fuller report of one operation corrects it without counting twice", () => {
    const ledger = new UsageLedger();
    ledger.report("1", { a: row(100) });
    const corrected = ledger.report("1", { a: row(150, 0.2) });
    expect(corrected?.modelUsage).toStrictEqual({ a: row(150, 0.2) });
    // The old total's cost was unknown: the delta has none.
    expect(corrected?.delta.modelUsage).toStrictEqual({
      a: { inputTokens: 50, outputTokens: 0, cacheReadInputTokens: 0 },
    });
    expect(ledger.report("1", { a: row(50) })).toBeUndefined();
    const unknown = ledger.report("2", { a: row(20) });
    expect(unknown?.modelUsage).toStrictEqual({
      a: { inputTokens: 170, outputTokens: 20, cacheReadInputTokens: 40 },
    });
  });

  it("a new ledger counts from 0 (acceptance check 15)", () => {
    const ledger = new UsageLedger();
    ledger.report("1", { a: row(100, 0.1) });
    expect(new UsageLedger().report("1", { a: row(5, 0.1) })?.modelUsage).toStrictEqual({
      a: row(5, 0.1),
    });
  });
});
