import { z } from "zod";
import { invalidInput } from "../../util/adapter-error.js";

/**
 * The `session/list` cursor: where the previous page ended, in the list's order (newest
 * first, then by session id). Keyed by position rather than by offset, so a session
 * that appears or changes between two pages neither repeats a row nor shifts the rest.
 * Opaque to the client (ACP): base64url of a small JSON object.
 */
export interface ListPosition {
  /** Last-modified time of the last row sent, in ms since the epoch. */
  readonly updatedAtMs: number;
  readonly sessionId: string;
}

const positionSchema = z.object({
  v: z.literal(1),
  t: z.number().finite().nonnegative(),
  s: z.string().min(1).max(200),
});

export function encodeListCursor(position: ListPosition): string {
  const json = JSON.stringify({ v: 1, t: position.updatedAtMs, s: position.sessionId });
  return Buffer.from(json, "utf8").toString("base64url");
}

/** The position a cursor names; `invalidInput` for anything this adapter did not issue. */
export function parseListCursor(cursor: string): ListPosition {
  let raw: unknown;
  try {
    if (!/^[A-Za-z0-9_-]{1,400}$/.test(cursor)) throw new Error("not base64url");
    raw = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8"));
  } catch {
    raw = undefined;
  }
  const parsed = positionSchema.safeParse(raw);
  if (!parsed.success) {
    throw invalidInput(`unknown cursor ${JSON.stringify(cursor.slice(0, 100))}`);
  }
  return { updatedAtMs: parsed.data.t, sessionId: parsed.data.s };
}

/** True when `row` comes after `position` in the list's order (newest first, then id). */
export function isAfter(row: ListPosition, position: ListPosition): boolean {
  if (row.updatedAtMs !== position.updatedAtMs) return row.updatedAtMs < position.updatedAtMs;
  return row.sessionId > position.sessionId;
}

/** The list's order: newest first; equal times by session id. */
export function newestFirst(a: ListPosition, b: ListPosition): number {
  if (a.updatedAtMs !== b.updatedAtMs) return b.updatedAtMs - a.updatedAtMs;
  return a.sessionId < b.sessionId ? -1 : a.sessionId > b.sessionId ? 1 : 0;
}
