import { describe, expect, it } from "vitest";
import { quotaExceededData, quotaPools } from "./pools.js";

/** 2026-12-07T13:00:00Z and a week later, in epoch seconds (as Claude Code reports them). */
const T1 = 1796648400;
const T2 = T1 + 7 * 86400;
const ISO1 = "2026-12-07T13:00:00.000Z";
const ISO2 = "2026-12-14T13:00:00.000Z";

const FIVE_H = {
  id: "five_hour",
  label: "5-hour limit",
  usedPercent: 25,
  window: "PT5H",
  resetsAt: ISO1,
  status: "ok",
};
const SEVEN_D = {
  id: "seven_day",
  label: "Weekly limit",
  usedPercent: 50,
  window: "P7D",
  resetsAt: ISO2,
};

/** A `rate_limit_info` of SDK 0.3.318 with both shared windows from the headers. */
const info = (extra: Record<string, unknown> = {}) => ({
  status: "allowed",
  rateLimitType: "five_hour",
  utilization: 0.25,
  resetsAt: T1,
  unifiedWindows: {
    five_hour: { utilization: 0.25, resetsAt: T1, status: "allowed" },
    seven_day: { utilization: 0.5, resetsAt: T2 },
  },
  ...extra,
});

describe("quotaPools", () => {
  it.each([
    [
      "the plan's 5-hour and weekly windows, one status reported",
      info(),
      [{ id: "plan", label: "Plan usage", state: "available", meters: [FIVE_H, SEVEN_D] }],
    ],
    [
      "a warning and a rejected window: the pool is exhausted",
      info({
        unifiedWindows: {
          five_hour: { utilization: 1.02, resetsAt: T1, status: "rejected" },
          seven_day: { utilization: 0.91, resetsAt: T2, status: "allowed_warning" },
        },
      }),
      [
        {
          id: "plan",
          label: "Plan usage",
          state: "exhausted",
          meters: [
            { ...FIVE_H, usedPercent: 102, status: "exceeded" },
            { ...SEVEN_D, usedPercent: 91, status: "warning" },
          ],
        },
      ],
    ],
    [
      "a per-model weekly window (only the top level names it) is a pool of its own",
      info({
        rateLimitType: "seven_day_opus",
        utilization: 0.29,
        resetsAt: T2,
        status: "allowed_warning",
      }),
      [
        { id: "plan", label: "Plan usage", state: "available", meters: [FIVE_H, SEVEN_D] },
        {
          id: "seven_day_opus",
          label: "Opus weekly",
          state: "available",
          meters: [{ ...SEVEN_D, usedPercent: 29, status: "warning" }],
        },
      ],
    ],
    [
      "no status anywhere: no state, and no status on the meters",
      { unifiedWindows: { seven_day: { utilization: 0, resetsAt: T2 } } },
      [{ id: "plan", label: "Plan usage", meters: [{ ...SEVEN_D, usedPercent: 0 }] }],
    ],
    [
      "extra usage in use, with its monthly share and reset",
      info({
        overageStatus: "allowed",
        overageResetsAt: T2,
        overagePeriodMonthly: { utilization: 0.248 },
      }),
      [
        { id: "plan", label: "Plan usage", state: "available", meters: [FIVE_H, SEVEN_D] },
        {
          id: "extra_usage",
          label: "Extra usage",
          state: "available",
          meters: [
            {
              id: "monthly_cap",
              label: "Monthly spend limit",
              usedPercent: 24.8,
              resetsAt: ISO2,
              status: "ok",
            },
          ],
        },
      ],
    ],
    [
      "extra usage rejected because the organization turned it off",
      { overageStatus: "rejected", overageDisabledReason: "org_level_disabled" },
      [
        {
          id: "extra_usage",
          label: "Extra usage",
          state: "not_permitted",
          meters: [{ id: "monthly_cap", label: "Monthly spend limit", status: "exceeded" }],
        },
      ],
    ],
    [
      "extra usage never set up: a pool with no meter",
      { overageDisabledReason: "overage_not_provisioned" },
      [{ id: "extra_usage", label: "Extra usage", state: "not_enabled", meters: [] }],
    ],
    [
      "malformed rows are skipped, a bad time is left out",
      {
        unifiedWindows: {
          five_hour: { utilization: "x" },
          seven_day: { utilization: 0.5, resetsAt: "x" },
        },
      },
      [
        {
          id: "plan",
          label: "Plan usage",
          meters: [{ id: "seven_day", label: "Weekly limit", usedPercent: 50, window: "P7D" }],
        },
      ],
    ],
    ["no window at all (an API key never gets here)", { status: "allowed" }, undefined],
    ["not an object", null, undefined],
  ])("%s", (_name, given, pools) => {
    expect(quotaPools(given)).toStrictEqual(pools);
  });
});

describe("quotaExceededData", () => {
  it.each([
    ["allowed: nothing", info(), undefined],
    [
      "the 5-hour window refused",
      info({ status: "rejected" }),
      { poolId: "plan", meterId: "five_hour", resetsAt: ISO1 },
    ],
    [
      "a per-model window refused",
      info({ status: "rejected", rateLimitType: "seven_day_sonnet", resetsAt: T2 }),
      { poolId: "seven_day_sonnet", meterId: "seven_day", resetsAt: ISO2 },
    ],
    [
      "the overage refused: its own reset",
      { status: "rejected", rateLimitType: "overage", resetsAt: T1, overageResetsAt: T2 },
      { poolId: "extra_usage", meterId: "monthly_cap", resetsAt: ISO2 },
    ],
    ["refused, naming nothing", { status: "rejected" }, {}],
  ])("%s", (_name, given, data) => {
    expect(quotaExceededData(given)).toStrictEqual(data);
  });
});
