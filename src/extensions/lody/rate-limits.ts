import { z } from "zod";
import { quotaPools, type QuotaPool } from "../../translation/quota/pools.js";
import { LODY_NOTIFICATIONS } from "./keys.js";

/**
 * Lody rate limits (lody-contract.md §7.3) from what Claude Code reports of a claude.ai
 * plan, read from the account's one quota book (the core's `translation/quota/`, which
 * reads each `rate_limit_event`): its plan and per-model pools are Lody's windows. An
 * API-key, Bedrock or Vertex login has no plan windows and Claude Code sends no event.
 */

export interface RateLimitWindow {
  label?: string;
  usedPercent: number;
  windowDurationSeconds: number | null;
  resetsAtEpochSeconds: number | null;
}

export interface RateLimit {
  limitId: string;
  scope: { providerId: string };
  /** The Claude subscription (`pro`, `max`, …), when the login names one. */
  planName?: string;
  windows: RateLimitWindow[];
}

export interface RateLimitsSnapshot {
  rateLimits: RateLimit[];
  fetchedAtEpochSeconds?: number;
}

/** `_lody/rate_limits/get` params: optional string filters, ignored (contract §2.1, §2.3). */
export const rateLimitsGetParams = z
  .looseObject({
    sessionId: z.string().optional(),
    accountId: z.string().optional(),
    modelId: z.string().optional(),
  })
  .optional();

const FIVE_HOURS = 18_000;
const SEVEN_DAYS = 604_800;

/** Claude's windows as the core's quota pools name them (`translation/quota/pools.ts`). */
const WINDOWS: Readonly<
  Record<string, Omit<RateLimitWindow, "usedPercent" | "resetsAtEpochSeconds">>
> = {
  "plan/five_hour": { windowDurationSeconds: FIVE_HOURS },
  "plan/seven_day": { windowDurationSeconds: SEVEN_DAYS },
  "seven_day_opus/seven_day": { label: "Opus", windowDurationSeconds: SEVEN_DAYS },
  "seven_day_sonnet/seven_day": { label: "Sonnet", windowDurationSeconds: SEVEN_DAYS },
};

/**
 * Lody's windows of the account's quota pools (the one quota book's, in its order: the
 * shared ones, then per model), or undefined when none has a use. A meter without a use
 * and extra usage are not windows.
 */
export function windowsOfPools(pools: readonly QuotaPool[]): RateLimitWindow[] | undefined {
  const windows: RateLimitWindow[] = [];
  for (const pool of pools) {
    for (const meter of pool.meters) {
      const shape = WINDOWS[`${pool.id}/${meter.id}`];
      if (!shape || meter.usedPercent === undefined) continue;
      const resetsAt = meter.resetsAt === undefined ? Number.NaN : Date.parse(meter.resetsAt);
      windows.push({
        ...shape,
        // A window can run past its cap (Claude Code: "values above 1 occur"): shown as full.
        usedPercent: Math.min(100, Math.max(0, Math.round(meter.usedPercent))),
        windowDurationSeconds: shape.windowDurationSeconds,
        resetsAtEpochSeconds: Number.isNaN(resetsAt) ? null : Math.floor(resetsAt / 1000),
      });
    }
  }
  return windows.length > 0 ? windows : undefined;
}

/** The windows one `rate_limit_info` reports, or undefined when it reports none. */
export function rateLimitWindows(info: unknown): RateLimitWindow[] | undefined {
  return windowsOfPools(quotaPools(info) ?? []);
}

/**
 * The one Claude limit of a snapshot, with its windows and, when the login names one,
 * its plan (left out when unknown: an environment token does not say).
 */
export function claudeRateLimit(windows: readonly RateLimitWindow[], planName?: string): RateLimit {
  return {
    limitId: "claude",
    scope: { providerId: "claude" },
    ...(planName ? { planName } : {}),
    windows: windows.map((window) => ({ ...window })),
  };
}

/** A snapshot of the windows last reported (none: no plan limits known). */
export function rateLimitsSnapshot(
  windows: readonly RateLimitWindow[] | undefined,
  nowEpochSeconds: number,
  planName?: string,
): RateLimitsSnapshot {
  return {
    rateLimits: windows ? [claudeRateLimit(windows, planName)] : [],
    fetchedAtEpochSeconds: nowEpochSeconds,
  };
}

/** `_lody/rate_limits/update` with `snapshot`. */
export function rateLimitsUpdate(snapshot: RateLimitsSnapshot): {
  method: string;
  params: RateLimitsSnapshot;
} {
  return { method: LODY_NOTIFICATIONS.rateLimitsUpdate, params: snapshot };
}
