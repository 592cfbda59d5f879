import { describe, expect, it } from "vitest";
import { copyModelUsage, sumModelUsage, type ModelUsage } from "./model-usage.js";

const row = (inputTokens: number, costUSD?: number): ModelUsage => ({
  inputTokens,
  outputTokens: 10,
  cacheReadInputTokens: 20,
  ...(costUSD === undefined ? {} : { costUSD }),
});

describe("sumModelUsage (acceptance check 13)", () => {
  it.each([
    ["an empty sum has no cost", {}, { inputTokens: 0, outputTokens: 0, cacheReadInputTokens: 0 }],
    [
      "one unknown cost makes the sum's unknown, even beside a cost of 0",
      { a: row(1, 0), b: row(2) },
      { inputTokens: 3, outputTokens: 20, cacheReadInputTokens: 40 },
    ],
    [
      "a known cost of 0 is 0",
      { a: row(1, 0) },
      { inputTokens: 1, outputTokens: 10, cacheReadInputTokens: 20, costUSD: 0 },
    ],
    [
      "costs add without float noise",
      { a: row(200, 0.1), b: row(50, 0.2) },
      { inputTokens: 250, outputTokens: 20, cacheReadInputTokens: 40, costUSD: 0.3 },
    ],
    [
      "an optional counter is summed where any row has it",
      { a: { ...row(1), reasoningOutputTokens: 5 }, b: row(1) },
      { inputTokens: 2, outputTokens: 20, cacheReadInputTokens: 40, reasoningOutputTokens: 5 },
    ],
  ])("%s", (_name, rows, sum) => {
    expect(sumModelUsage(rows)).toStrictEqual(sum);
  });
});

describe("copies (acceptance check 14)", () => {
  it("returned usage objects are detached from their source", () => {
    const rows = { a: row(1, 0.1) };
    const copy = copyModelUsage(rows);
    copy.a!.inputTokens = 99;
    expect(rows.a.inputTokens).toBe(1);
    const sum = sumModelUsage(rows);
    sum.inputTokens = 99;
    expect(rows.a.inputTokens).toBe(1);
  });
});
