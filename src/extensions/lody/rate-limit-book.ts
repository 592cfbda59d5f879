import {
  rateLimitsSnapshot,
  rateLimitWindows,
  type RateLimitsSnapshot,
  type RateLimitWindow,
} from "./rate-limits.js";

/**
 * The plan windows Claude Code last reported on this connection (lody-contract.md §7.3).
 * They belong to the account, not a session: every session's `rate_limit_event`s write
 * here and `_lody/rate_limits/get` reads here. Each report replaces the list.
 */
export class RateLimitBook {
  private windows: RateLimitWindow[] | undefined;

  /** `planName`: the login's subscription as last known (read at each snapshot). */
  constructor(private readonly planName: () => string | undefined = () => undefined) {}

  /** A `rate_limit_info`: its windows replace the last ones; one with none changes nothing. */
  record(info: unknown): void {
    const windows = rateLimitWindows(info);
    if (windows) this.windows = windows;
  }

  /** Whether any plan window was reported (never with an API key). */
  get known(): boolean {
    return this.windows !== undefined;
  }

  snapshot(nowEpochSeconds: number): RateLimitsSnapshot {
    return rateLimitsSnapshot(this.windows, nowEpochSeconds, this.planName());
  }
}
