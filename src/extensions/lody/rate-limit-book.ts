import type { QuotaBook } from "../../translation/quota/book.js";
import { rateLimitsSnapshot, windowsOfPools, type RateLimitsSnapshot } from "./rate-limits.js";

/**
 * The plan windows Claude Code last reported (lody-contract.md §7.3): a view of the
 * account's one quota book, which every session's `rate_limit_event`s write (the core's
 * quota tap) and `quota/read` reads too, so both say the same. `_lody/rate_limits/get`
 * and the `_lody/rate_limits/update` after each result read here.
 */
export class RateLimitBook {
  /** `planName`: the login's subscription as last known (read at each snapshot). */
  constructor(
    private readonly quota: QuotaBook,
    private readonly planName: () => string | undefined = () => undefined,
  ) {}

  /** Whether any plan window was reported (never with an API key). */
  get known(): boolean {
    return windowsOfPools(this.quota.snapshot().pools) !== undefined;
  }

  snapshot(nowEpochSeconds: number): RateLimitsSnapshot {
    const windows = windowsOfPools(this.quota.snapshot().pools);
    return rateLimitsSnapshot(windows, nowEpochSeconds, this.planName());
  }
}
