import { z } from "zod";
import { ownField } from "../../util/plain-data.js";
import { LODY_NOTIFICATIONS } from "./keys.js";

/**
 * Lody rate limits (lody-contract.md §7.3) from what Claude Code reports of a claude.ai
 * plan: each `rate_limit_event`'s `rate_limit_info` (SDK 0.3.318) names the window that
 * speaks for the account (`rateLimitType`, `utilization` as a fraction, `resetsAt` in
 * epoch seconds) and, in `unifiedWindows`, every window the last response carried. An
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

/** Claude's windows, in the order they are listed: the shared ones, then per model. */
const WINDOWS: readonly (readonly [
  string,
  Omit<RateLimitWindow, "usedPercent" | "resetsAtEpochSeconds">,
])[] = [
  ["five_hour", { windowDurationSeconds: FIVE_HOURS }],
  ["seven_day", { windowDurationSeconds: SEVEN_DAYS }],
  ["seven_day_opus", { label: "Opus", windowDurationSeconds: SEVEN_DAYS }],
  ["seven_day_sonnet", { label: "Sonnet", windowDurationSeconds: SEVEN_DAYS }],
];

function finite(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

/** A window from `{utilization, resetsAt}`, or undefined when its use is not a number. */
function windowOf(
  reading: unknown,
  shape: Omit<RateLimitWindow, "usedPercent" | "resetsAtEpochSeconds">,
): RateLimitWindow | undefined {
  const utilization = finite(ownField(reading, "utilization"));
  if (utilization === undefined) return undefined;
  const resetsAt = finite(ownField(reading, "resetsAt"));
  return {
    ...shape,
    // A window can run past its cap (Claude Code: "values above 1 occur"): shown as full.
    usedPercent: Math.min(100, Math.max(0, Math.round(utilization * 100))),
    windowDurationSeconds: shape.windowDurationSeconds,
    resetsAtEpochSeconds: resetsAt === undefined ? null : Math.floor(resetsAt),
  };
}

/**
 * The full list of windows one `rate_limit_info` reports (replacing any earlier list),
 * or undefined when it reports none. Rows that are malformed are skipped; a window the
 * info leaves out is gone.
 */
export function rateLimitWindows(info: unknown): RateLimitWindow[] | undefined {
  const unified = ownField(info, "unifiedWindows");
  const type = ownField(info, "rateLimitType");
  const windows: RateLimitWindow[] = [];
  for (const [name, shape] of WINDOWS) {
    // `unifiedWindows` carries each window; the top level only the one that speaks.
    const reading = ownField(unified, name) ?? (type === name ? info : undefined);
    const window = reading === undefined ? undefined : windowOf(reading, shape);
    if (window) windows.push(window);
  }
  return windows.length > 0 ? windows : undefined;
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
