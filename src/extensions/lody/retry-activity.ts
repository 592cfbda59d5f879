import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import type { ApiRetry } from "../../translation/failures/tracker.js";
import { retryTitle } from "../../translation/failures/title.js";
import {
  ACTIVITY,
  ACTIVITY_FACTS,
  LODY_VERSION,
  RETRY_ACTIVITY,
  RETRY_TOOL_CALL_PREFIX,
} from "./keys.js";
import { withLodyMeta } from "./lody-meta.js";

/** The activity's `_meta`: Claude Code retries on its own, so it is always automatic. */
function activityMeta(failureReason?: string): Record<string, unknown> {
  const activity: Record<string, unknown> = {
    version: LODY_VERSION,
    kind: RETRY_ACTIVITY,
    automatic: true,
  };
  if (failureReason !== undefined) activity[ACTIVITY_FACTS.failureReason] = failureReason;
  return withLodyMeta(undefined, { [ACTIVITY]: activity });
}

/**
 * Lody's retry activity (lody-contract.md §7.5; the `compaction` capability covers
 * "compaction and retry as a tool lifecycle"): while Claude Code tries a failed model
 * call again, a Lody client sees a tool call `retry:<turnId>` (kind `think`) carrying
 * `_meta.lody.activity {version: 1, kind: "retry", automatic: true}`. Its first
 * `api_retry` opens it, each later one retitles it ("Retrying Claude, attempt 2 of 3."),
 * a model answer completes it, and a turn that ends while it is open ends it `completed`
 * (the turn answered) or `failed` with the failure's text as `failureReason`. One
 * activity per stretch of retries: a retry after an answer opens a new one.
 */
export class RetryActivity {
  private open: string | undefined;
  private stretch = 0;

  /** An `api_retry` of turn `turnId`. */
  retried(turnId: string, retry: ApiRetry): SessionUpdate[] {
    const title = retryTitle(retry.attempt, retry.maxRetries, retry.status === null);
    if (this.open) return [{ sessionUpdate: "tool_call_update", toolCallId: this.open, title }];
    this.stretch++;
    const suffix = this.stretch === 1 ? "" : `:${this.stretch}`;
    this.open = `${RETRY_TOOL_CALL_PREFIX}${turnId}${suffix}`;
    return [
      {
        sessionUpdate: "tool_call",
        toolCallId: this.open,
        title,
        kind: "think",
        status: "in_progress",
        _meta: activityMeta(),
      },
    ];
  }

  /** A real model answer came: the open retry worked. */
  answered(): SessionUpdate[] {
    return this.close();
  }

  /** The turn ended: `failure` is the text of its failure, undefined when it answered. */
  turnEnded(failure?: string): SessionUpdate[] {
    const updates = this.close(failure);
    this.stretch = 0;
    return updates;
  }

  private close(failure?: string): SessionUpdate[] {
    const id = this.open;
    if (!id) return [];
    this.open = undefined;
    const failed = failure !== undefined;
    return [
      {
        sessionUpdate: "tool_call_update",
        toolCallId: id,
        status: failed ? "failed" : "completed",
        _meta: activityMeta(failure),
      },
    ];
  }
}
