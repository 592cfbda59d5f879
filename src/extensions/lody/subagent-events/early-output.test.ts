import { describe, expect, it } from "vitest";
import { EARLY_LIMITS, EarlyOutput } from "./early-output.js";

describe("EarlyOutput", () => {
  it("holds a parent's updates until taken, in order, once", () => {
    const early = new EarlyOutput<number>();
    early.hold("a", 1);
    early.hold("b", 2);
    early.hold("a", 3);
    expect(early.take("a")).toStrictEqual({ updates: [1, 3], lost: false });
    expect(early.take("a")).toStrictEqual({ updates: [], lost: false });
  });

  it("keeps the contract's limits: 256 in all, 64 parents, 32 each", () => {
    expect(EARLY_LIMITS).toStrictEqual({ total: 256, parents: 64, perParent: 32 });
  });

  it.each([
    ["more than 32 for one parent", () => Array.from({ length: 33 }, () => "p0"), "p0", 32],
    ["a 65th parent", () => Array.from({ length: 65 }, (_, i) => `p${i}`), "p64", 0],
    [
      "more than 256 in all",
      () => Array.from({ length: 257 }, (_, i) => `p${Math.floor(i / 32)}`),
      "p8",
      0,
    ],
  ])("marks %s lost", (_name, keys, lostKey, kept) => {
    const early = new EarlyOutput<string>();
    for (const key of keys()) early.hold(key, key);
    const taken = early.take(lostKey);
    expect(taken.lost).toBe(true);
    expect(taken.updates).toHaveLength(kept);
    expect(early.take("p1").lost).toBe(false);
  });
});
