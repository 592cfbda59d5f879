import { samePlainData } from "../../util/plain-data.js";
import { quotaExceededData, quotaPools, type QuotaExceededData, type QuotaPool } from "./pools.js";

/** A quota snapshot (RFD `QuotaSnapshot`): every pool that applies, and as of when. */
export interface QuotaSnapshot {
  readonly pools: readonly QuotaPool[];
  /** When Claude Code last reported these pools; absent while it reported none. */
  readonly updatedAt?: string;
}

/** Told of a snapshot that changed; `source` is what `record` was given (the reporter). */
export type QuotaListener = (snapshot: QuotaSnapshot, source: unknown) => void;

/**
 * The account's quota as Claude Code last reported it. It belongs to the account, not a
 * session: one book per process (`agent/account-controls.ts`), which every session's
 * `rate_limit_event`s write, `quota/read` and Lody's rate limits read, and whose changes
 * reach every session that takes them (`subscribe`). Each report with pools replaces
 * them (a pool it leaves out no longer applies).
 *
 * `updatedAt` is the time the report arrived (given by the caller: no clock here) and
 * never decreases (RFD "Freshness"): a clock that stepped back reuses the last stamp, and
 * a change within one millisecond moves it on by one, so equal stamps mean equal pools.
 */
export class QuotaBook {
  private pools: readonly QuotaPool[] = [];
  private stampMs: number | undefined;
  private rejected: QuotaExceededData | undefined;
  private readonly listeners = new Set<QuotaListener>();

  /**
   * A `rate_limit_info` that arrived at `nowMs`, from `source`: true when the pools
   * changed, and then every listener is told the new snapshot, in the order they
   * subscribed. One with no pool changes nothing.
   */
  record(info: unknown, nowMs: number, source?: unknown): boolean {
    this.rejected = quotaExceededData(info);
    const pools = quotaPools(info);
    if (!pools || samePlainData(pools, this.pools)) return false;
    this.pools = pools;
    const last = this.stampMs;
    this.stampMs = last === undefined ? nowMs : Math.max(nowMs, last + 1);
    const snapshot = this.snapshot();
    for (const listener of [...this.listeners]) listener(snapshot, source);
    return true;
  }

  /** Tells `listener` of each changed snapshot from now on; returns the unsubscribe. */
  subscribe(listener: QuotaListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** The pools last reported; `{pools: []}` while none was (an API key). */
  snapshot(): QuotaSnapshot {
    if (this.stampMs === undefined) return { pools: [] };
    return { updatedAt: new Date(this.stampMs).toISOString(), pools: this.pools };
  }

  /** The limit the last report said refused the account's requests, if it did. */
  get exceeded(): QuotaExceededData | undefined {
    return this.rejected;
  }
}

/** The RFD's `quota_update` session update: a full snapshot. */
export const QUOTA_UPDATE = "quota_update";

/**
 * The `quota_update` of `snapshot` (a v1 `SessionUpdate` variant the ACP SDK's union
 * does not have yet: typed as the caller's update type).
 */
export function quotaUpdate<Update>(snapshot: QuotaSnapshot): Update {
  return { sessionUpdate: QUOTA_UPDATE, ...snapshot } as Update;
}
