/**
 * The `state`, `lastTurnEndedAt` and `cost` of a session index row (the reference's
 * `deriveActivity` / `selectCost`), from what the transcript tells and, for a session
 * this process runs, from Claude Code's own state. Claude Code's registry of live
 * processes (an undocumented file of its own) is not read: a session another process
 * holds is judged by its transcript alone.
 */

/** What a transcript's ends tell (times in epoch ms). */
export interface RowFacts {
  readonly lastPromptAt?: number;
  readonly turnState?: "finished" | "unfinished";
  readonly lastTurnEndedAt?: number;
  readonly lastTurnError?: true;
}

/** What this process knows of a session it runs (times in epoch ms, cost in USD). */
export interface OwnActivity {
  readonly state?: "idle" | "running" | "requires_action";
  readonly lastTurnEndedAt?: number;
  readonly lastTurnFailed?: boolean;
  readonly costUsd?: number;
}

export type RowState = "idle" | "running" | "requires_action" | "error";

/** A turn written this recently and not ended is taken to run still (the reference's). */
export const RECENT_UNFINISHED_TURN_MS = 10 * 60 * 1000;

/**
 * The row's activity. A session this process runs: Claude Code's state (`idle` before
 * its first turn), `error` when idle after a failed turn. Any other: a finished turn is
 * `idle` (`error` after an API error), an unfinished one written in the last ten minutes
 * `running` (another process works on it), an older one `idle` (no one finished it). The
 * end of the last turn: this process's, else the transcript's, as an ISO time.
 */
export function rowActivity(
  facts: RowFacts,
  own: OwnActivity | undefined,
  transcriptMtimeMs: number,
  now: number,
): { state?: RowState; lastTurnEndedAt?: string } {
  let state: RowState;
  if (own) {
    state = own.state ?? "idle";
    if (state === "idle" && own.lastTurnFailed === true) state = "error";
  } else if (facts.turnState === "finished") {
    state = facts.lastTurnError ? "error" : "idle";
  } else if (
    facts.turnState === "unfinished" &&
    now - transcriptMtimeMs < RECENT_UNFINISHED_TURN_MS
  ) {
    state = "running";
  } else {
    state = "idle";
  }
  const ended = iso(own?.lastTurnEndedAt ?? facts.lastTurnEndedAt);
  return ended === undefined ? { state } : { state, lastTurnEndedAt: ended };
}

/** The row's cost: what a session this process runs has cost, when more than nothing. */
export function rowCost(
  own: OwnActivity | undefined,
): { amount: number; currency: "USD" } | undefined {
  const amount = own?.costUsd;
  return amount !== undefined && Number.isFinite(amount) && amount > 0
    ? { amount, currency: "USD" }
    : undefined;
}

/** An epoch-ms time as ISO 8601; undefined for none. */
export function iso(ms: number | undefined): string | undefined {
  return ms === undefined || !Number.isFinite(ms) ? undefined : new Date(ms).toISOString();
}
