import { describe, expect, it } from "vitest";
import { QuotaBook } from "../../translation/quota/book.js";
import { RateLimitBook } from "./rate-limit-book.js";
import { rateLimitsGetParams, rateLimitsSnapshot, rateLimitWindows } from "./rate-limits.js";

const FIVE_H = { usedPercent: 12, windowDurationSeconds: 18000, resetsAtEpochSeconds: 1000 };
const SEVEN_D = { usedPercent: 40, windowDurationSeconds: 604800, resetsAtEpochSeconds: 2000 };

/** A `rate_limit_info` of SDK 0.3.318 with every window Claude Code read from the headers. */
const info = (extra: Record<string, unknown> = {}) => ({
  status: "allowed",
  rateLimitType: "five_hour",
  utilization: 0.12,
  resetsAt: 1000,
  unifiedWindows: {
    five_hour: { utilization: 0.12, resetsAt: 1000, status: "allowed" },
    seven_day: { utilization: 0.4, resetsAt: 2000 },
  },
  ...extra,
});

describe("rateLimitWindows (acceptance check 19)", () => {
  it.each([
    ["the 5 h and 7 d windows", info(), [FIVE_H, SEVEN_D]],
    [
      "a labelled per-model weekly window beside the equal shared one",
      info({ rateLimitType: "seven_day_opus", utilization: 0.9, resetsAt: 3000 }),
      [
        FIVE_H,
        SEVEN_D,
        {
          label: "Opus",
          usedPercent: 90,
          windowDurationSeconds: 604800,
          resetsAtEpochSeconds: 3000,
        },
      ],
    ],
    [
      "a zero-use window with no reset is kept",
      { unifiedWindows: { five_hour: { utilization: 0 } } },
      [{ usedPercent: 0, windowDurationSeconds: 18000, resetsAtEpochSeconds: null }],
    ],
    [
      "malformed rows are skipped",
      {
        unifiedWindows: { five_hour: { utilization: "x" }, seven_day: null, seven_day_opus: 5 },
        rateLimitType: "seven_day_sonnet",
        utilization: 0.5,
      },
      [
        {
          label: "Sonnet",
          usedPercent: 50,
          windowDurationSeconds: 604800,
          resetsAtEpochSeconds: null,
        },
      ],
    ],
    [
      "120 % is 100, a negative use 0",
      {
        unifiedWindows: {
          five_hour: { utilization: 1.2, resetsAt: 1 },
          seven_day: { utilization: -0.1, resetsAt: 2 },
        },
      },
      [
        { usedPercent: 100, windowDurationSeconds: 18000, resetsAtEpochSeconds: 1 },
        { usedPercent: 0, windowDurationSeconds: 604800, resetsAtEpochSeconds: 2 },
      ],
    ],
    ["no window at all", { status: "allowed" }, undefined],
    ["not an object", null, undefined],
  ])("%s", (_name, given, windows) => {
    expect(rateLimitWindows(given)).toStrictEqual(windows);
  });
});

/** A Lody view of a fresh quota book, and how a report reaches that book. */
function books(plan: () => string | undefined = () => undefined) {
  const quota = new QuotaBook();
  let now = 0;
  return { book: new RateLimitBook(quota, plan), record: (i: unknown) => quota.record(i, ++now) };
}

describe("RateLimitBook (a view of the account's quota book)", () => {
  it("knows nothing until a window is reported (an API key): an empty snapshot", () => {
    const { book, record } = books();
    record({ status: "allowed" });
    expect(book.known).toBe(false);
    expect(book.snapshot(77)).toStrictEqual({ rateLimits: [], fetchedAtEpochSeconds: 77 });
  });

  it("each report replaces the windows: a window missing later disappears", () => {
    const { book, record } = books();
    record(info());
    record({ unifiedWindows: { five_hour: { utilization: 0.12, resetsAt: 1000 } } });
    expect(book.snapshot(5)).toStrictEqual({
      rateLimits: [{ limitId: "claude", scope: { providerId: "claude" }, windows: [FIVE_H] }],
      fetchedAtEpochSeconds: 5,
    });
  });

  it("names the login's plan as last known, read at each snapshot; none without windows", () => {
    let plan: string | undefined;
    const { book, record } = books(() => plan);
    plan = "max";
    expect(book.snapshot(4)).toStrictEqual({ rateLimits: [], fetchedAtEpochSeconds: 4 });
    record(info());
    plan = undefined;
    expect(book.snapshot(5).rateLimits[0]).not.toHaveProperty("planName");
    plan = "pro";
    expect(book.snapshot(6)).toStrictEqual({
      rateLimits: [
        {
          limitId: "claude",
          scope: { providerId: "claude" },
          planName: "pro",
          windows: [FIVE_H, SEVEN_D],
        },
      ],
      fetchedAtEpochSeconds: 6,
    });
  });

  it("a snapshot is a copy", () => {
    const snapshot = rateLimitsSnapshot([FIVE_H], 1);
    snapshot.rateLimits[0]!.windows[0]!.usedPercent = 99;
    expect(FIVE_H.usedPercent).toBe(12);
  });
});

describe("_lody/rate_limits/get params", () => {
  it.each([
    ["no params", undefined, true],
    ["no filter", {}, true],
    ["string filters", { sessionId: "s", accountId: "a", modelId: "m" }, true],
    ["an unknown key", { other: 1 }, true],
    ["not an object", [], false],
    ["a string", "s", false],
    ["a non-string filter", { modelId: 5 }, false],
    ["a null filter", { accountId: null }, false],
  ])("%s", (_name, params, ok) => {
    expect(rateLimitsGetParams.safeParse(params).success).toBe(ok);
  });
});
