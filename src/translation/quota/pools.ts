import { ownField } from "../../util/plain-data.js";

/**
 * Account quota (ACP RFD `quotas-and-limits`) from what Claude Code reports of a
 * claude.ai plan: each `rate_limit_event`'s `rate_limit_info` (SDK 0.3.318). Its
 * `unifiedWindows` carries every shared window the last response named (`five_hour`,
 * `seven_day`), its top level the window that speaks for the account (`rateLimitType`,
 * which alone names a per-model window such as `seven_day_opus`), and the extra-usage
 * (overage) facts. `utilization` is a fraction, `resetsAt` epoch seconds. An API key,
 * Bedrock or Vertex has no plan and Claude Code sends no event: no pool.
 *
 * Nothing is synthesized (the RFD's rule): a meter carries only the fields Claude Code
 * reported; a pool's `state` is said only when a status says it.
 */

/** A meter's severity (RFD `QuotaMeterStatus`). */
export type QuotaMeterStatus = "ok" | "warning" | "exceeded";

/** A pool's availability (RFD `QuotaPoolState`). */
export type QuotaPoolState = "available" | "exhausted" | "not_enabled" | "not_permitted";

export interface QuotaMeter {
  readonly id: string;
  readonly label?: string;
  readonly usedPercent?: number;
  readonly window?: string;
  readonly resetsAt?: string;
  readonly status?: QuotaMeterStatus;
}

export interface QuotaPool {
  readonly id: string;
  readonly label?: string;
  readonly state?: QuotaPoolState;
  readonly meters: readonly QuotaMeter[];
}

/** The `data` of a `quotaExceeded` error (RFD): which limit blocked, and when it resets. */
export interface QuotaExceededData {
  readonly poolId?: string;
  readonly meterId?: string;
  readonly resetsAt?: string;
}

const STATUS: Readonly<Record<string, QuotaMeterStatus>> = {
  allowed: "ok",
  allowed_warning: "warning",
  rejected: "exceeded",
};

/** One window Claude Code names: the pool and meter it becomes. */
interface WindowShape {
  readonly pool: string;
  readonly meter: string;
  readonly label: string;
  readonly window: string;
}

/** The plan's shared windows, then the per-model weekly ones, in display order. */
const WINDOWS: Readonly<Record<string, WindowShape>> = {
  five_hour: { pool: "plan", meter: "five_hour", label: "5-hour limit", window: "PT5H" },
  seven_day: { pool: "plan", meter: "seven_day", label: "Weekly limit", window: "P7D" },
  seven_day_opus: {
    pool: "seven_day_opus",
    meter: "seven_day",
    label: "Weekly limit",
    window: "P7D",
  },
  seven_day_sonnet: {
    pool: "seven_day_sonnet",
    meter: "seven_day",
    label: "Weekly limit",
    window: "P7D",
  },
};

const POOL_LABELS: Readonly<Record<string, string>> = {
  plan: "Plan usage",
  seven_day_opus: "Opus weekly",
  seven_day_sonnet: "Sonnet weekly",
  extra_usage: "Extra usage",
};

/** Claude Code's reasons extra usage is off → the pool's state (RFD mapping). */
const OVERAGE_OFF: Readonly<Record<string, QuotaPoolState>> = {
  out_of_credits: "exhausted",
  overage_not_provisioned: "not_enabled",
  no_limits_configured: "not_enabled",
  org_level_disabled: "not_permitted",
  org_level_disabled_until: "not_permitted",
  seat_tier_level_disabled: "not_permitted",
  member_level_disabled: "not_permitted",
  org_service_level_disabled: "not_permitted",
  seat_tier_zero_credit_limit: "not_permitted",
  group_zero_credit_limit: "not_permitted",
  member_zero_credit_limit: "not_permitted",
};

function finite(value: unknown): number | undefined {
  return typeof value === "number" && Number.isFinite(value) ? value : undefined;
}

/** Epoch seconds → RFC 3339 (UTC, milliseconds); undefined for no or an absurd time. */
export function isoFromEpochSeconds(value: unknown): string | undefined {
  const seconds = finite(value);
  if (seconds === undefined) return undefined;
  const date = new Date(seconds * 1000);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/** A fraction → percent, kept to two decimals (0.29 is 29, not 28.999999999999996). */
function percent(fraction: number): number {
  return Math.round(fraction * 10_000) / 100;
}

/** The meter of one window reading (`{utilization, resetsAt, status?}`), if it has a use. */
function meterOf(reading: unknown, shape: WindowShape, status: unknown): QuotaMeter | undefined {
  const utilization = finite(ownField(reading, "utilization"));
  const mapped = typeof status === "string" ? STATUS[status] : undefined;
  if (utilization === undefined && mapped === undefined) return undefined;
  const resetsAt = isoFromEpochSeconds(ownField(reading, "resetsAt"));
  return {
    id: shape.meter,
    label: shape.label,
    // Above 100 stays (the RFD allows it: Claude Code says "values above 1 occur").
    ...(utilization === undefined ? {} : { usedPercent: percent(utilization) }),
    window: shape.window,
    ...(resetsAt === undefined ? {} : { resetsAt }),
    ...(mapped === undefined ? {} : { status: mapped }),
  };
}

/** The extra-usage pool, when Claude Code said anything of it. */
function extraUsagePool(info: unknown): QuotaPool | undefined {
  const status = ownField(info, "overageStatus");
  const reason = ownField(info, "overageDisabledReason");
  const mapped = typeof status === "string" ? STATUS[status] : undefined;
  const off = typeof reason === "string" ? OVERAGE_OFF[reason] : undefined;
  if (mapped === undefined && off === undefined) return undefined;
  const state: QuotaPoolState | undefined =
    mapped === "exceeded" ? (off ?? "exhausted") : mapped !== undefined ? "available" : off;
  const used = finite(ownField(ownField(info, "overagePeriodMonthly"), "utilization"));
  const resetsAt = isoFromEpochSeconds(ownField(info, "overageResetsAt"));
  const meters: QuotaMeter[] =
    used === undefined && mapped === undefined
      ? []
      : [
          {
            id: "monthly_cap",
            label: "Monthly spend limit",
            ...(used === undefined ? {} : { usedPercent: percent(used) }),
            ...(resetsAt === undefined ? {} : { resetsAt }),
            ...(mapped === undefined ? {} : { status: mapped }),
          },
        ];
  return {
    id: "extra_usage",
    label: POOL_LABELS.extra_usage,
    ...(state === undefined ? {} : { state }),
    meters,
  };
}

/**
 * The pools one `rate_limit_info` reports, in display order (the plan, the per-model
 * windows, extra usage), or undefined when it reports none. A pool's state is
 * `exhausted` while one of its meters is exceeded, else `available` when a meter has a
 * status, else left out. Malformed rows are skipped.
 */
export function quotaPools(info: unknown): QuotaPool[] | undefined {
  const unified = ownField(info, "unifiedWindows");
  const type = ownField(info, "rateLimitType");
  const pools = new Map<string, QuotaMeter[]>();
  for (const [name, shape] of Object.entries(WINDOWS)) {
    const own = ownField(unified, name);
    const speaks = type === name;
    // `unifiedWindows` carries each shared window; the top level the one that speaks.
    const reading = own ?? (speaks ? info : undefined);
    if (reading === undefined) continue;
    const status = ownField(own, "status") ?? (speaks ? ownField(info, "status") : undefined);
    const meter = meterOf(reading, shape, status);
    if (!meter) continue;
    pools.set(shape.pool, [...(pools.get(shape.pool) ?? []), meter]);
  }
  const result: QuotaPool[] = [...pools].map(([id, meters]) => {
    const statuses = meters.map((m) => m.status).filter((s) => s !== undefined);
    const state: QuotaPoolState | undefined = statuses.includes("exceeded")
      ? "exhausted"
      : statuses.length > 0
        ? "available"
        : undefined;
    return { id, label: POOL_LABELS[id] ?? id, ...(state ? { state } : {}), meters };
  });
  const extra = extraUsagePool(info);
  if (extra) result.push(extra);
  return result.length > 0 ? result : undefined;
}

/**
 * What a `quotaExceeded` error says of a `rate_limit_info` that rejected the request:
 * the pool and meter of the window that speaks (extra usage when it is the overage
 * that refused), and when it resets. Undefined unless the status is `rejected`.
 */
export function quotaExceededData(info: unknown): QuotaExceededData | undefined {
  if (ownField(info, "status") !== "rejected") return undefined;
  const type = ownField(info, "rateLimitType");
  const shape = typeof type === "string" ? WINDOWS[type] : undefined;
  const overage = type === "overage";
  const resetsAt = isoFromEpochSeconds(
    ownField(info, overage ? "overageResetsAt" : "resetsAt") ??
      ownField(info, "resetsAt") ??
      ownField(ownField(ownField(info, "unifiedWindows"), String(type)), "resetsAt"),
  );
  return {
    ...(shape ? { poolId: shape.pool, meterId: shape.meter } : {}),
    ...(overage ? { poolId: "extra_usage", meterId: "monthly_cap" } : {}),
    ...(resetsAt === undefined ? {} : { resetsAt }),
  };
}
