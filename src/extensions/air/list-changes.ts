import { rowSignature, type IndexRow } from "./session-index-rows.js";

/** `_session/list/changes` params. */
export interface ListChanges {
  readonly subscriptionId: string;
  readonly sessions: IndexRow[];
  readonly removed: string[];
}

/** What was found of one session that may have changed. */
export interface Observed {
  /** Its row in the subscription's scope now; undefined when it has none there. */
  readonly row: IndexRow | undefined;
  /** A transcript of it was in the scope before: a row gone from it is a removal. */
  readonly existed: boolean;
  /** Sent even when the row looks the same (a turn of it ended on this connection). */
  readonly forced: boolean;
}

/**
 * One list subscription's memory of what it sent, and the next notification: each
 * session whose row differs from the one last sent (by {@link rowSignature}; a forced
 * one always), and each session that left the scope (it was sent, or it had a
 * transcript there). Delivery is best effort, as the reference's: no sequence numbers,
 * the client reads the list now and then.
 */
export class SentRows {
  private readonly sent = new Map<string, string>();

  constructor(readonly subscriptionId: string) {}

  /** The notification for `observed`, or undefined when nothing changed. */
  changes(observed: ReadonlyMap<string, Observed>): ListChanges | undefined {
    const sessions: IndexRow[] = [];
    const removed: string[] = [];
    for (const [sessionId, { row, existed, forced }] of observed) {
      if (row) {
        const signature = rowSignature(row);
        if (!forced && this.sent.get(sessionId) === signature) continue;
        this.sent.set(sessionId, signature);
        sessions.push(row);
      } else if (this.sent.delete(sessionId) || existed) {
        removed.push(sessionId);
      }
    }
    if (sessions.length === 0 && removed.length === 0) return undefined;
    return { subscriptionId: this.subscriptionId, sessions, removed };
  }
}
