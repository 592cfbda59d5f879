import { isDeepStrictEqual } from "node:util";
import { describe, expect, it } from "vitest";
import { samePlainData } from "./plain-data.js";

describe("samePlainData", () => {
  const report = {
    title: "ls",
    content: [{ type: "content", content: { type: "text", text: "a\nb" } }],
    rawInput: { command: "ls", timeout: 0 },
    _meta: {
      claudeCode: { toolName: "Bash", toolResponse: { stdout: "a\nb", interrupted: false } },
    },
  };

  // Each pair: [a, b, equal]. The answers are isDeepStrictEqual's (checked below).
  const cases: Array<[unknown, unknown, boolean]> = [
    [report, structuredClone(report), true],
    [report, { ...report, title: "ls -l" }, false],
    [report, { ...report, content: [...report.content, report.content[0]] }, false],
    [{ a: 1 }, { a: 1, b: undefined }, false],
    [{ a: undefined }, { b: undefined }, false],
    [{ a: undefined }, { a: undefined }, true],
    [[], {}, false],
    [{}, [], false],
    [{ 0: "x", length: 1 }, ["x"], false],
    [[1, [2, { c: 3 }]], [1, [2, { c: 3 }]], true],
    [[1, [2, { c: 3 }]], [1, [2, { c: 4 }]], false],
    [null, {}, false],
    [{}, null, false],
    [null, null, true],
    [0, -0, false],
    [Number.NaN, Number.NaN, true],
    ["1", 1, false],
    [{ a: { b: "x" } }, { a: { b: "x" } }, true],
  ];

  it.each(cases)("compares %j with %j", (a, b, equal) => {
    expect(samePlainData(a, b)).toBe(equal);
    expect(samePlainData(b, a)).toBe(equal);
    expect(isDeepStrictEqual(a, b)).toBe(equal);
  });
});
