import {
  isArchivedTitle,
  storedTitleFor,
  visibleTitle,
} from "../../sdk/transcripts/archive-title.js";
import { renameStoredSession } from "../../sdk/stored-sessions.js";
import { findTranscript } from "../../sdk/transcript-paths.js";
import { storedTitleAt } from "../../sdk/transcripts/current-title.js";

/** The title a stored session without one of its own is archived under. */
export function untitled(sessionId: string): string {
  return `Session ${sessionId.slice(0, 8)}`;
}

/**
 * Stores the title `change` makes of a stored session's current one (undefined when it
 * has none). Resolves to the title stored, `null` when `change` left it as it was (or
 * gave undefined: nothing is written), `undefined` when there is no such session.
 */
export async function retitleStored(
  sessionId: string,
  change: (current: string | undefined) => string | undefined,
): Promise<string | null | undefined> {
  const found = await findTranscript(sessionId, undefined, true);
  if (!found) return undefined;
  const current = (await storedTitleAt(found.path))?.text;
  const next = change(current);
  if (next === undefined || next === current) return null;
  return (await renameStoredSession(sessionId, next)) ? next : undefined;
}

/**
 * Archives a stored session the way AIR's own Claude integration does: the transcript
 * stays, its title gains the archive prefix. What an AIR client without `sessionIndex`
 * gets for `session/delete` (it offers the user an archive, not a loss). Resolves to
 * false when there is no such session; an archived session stays as it is.
 */
export async function archiveStoredSession(sessionId: string): Promise<boolean> {
  const stored = await retitleStored(sessionId, (current) =>
    storedTitleFor(current ?? untitled(sessionId), true),
  );
  return stored !== undefined;
}

/**
 * The standard `session/set_title`: stores `title` (trimmed, cut as Claude Code cuts it)
 * in the session's archive state, so a retitled archived session stays archived (one
 * archive store, `sdk/transcripts/archive-title.ts`). Resolves to the title stored as a
 * client shows it, or undefined when there is no such stored session.
 */
export async function setStoredTitle(
  sessionId: string,
  title: string,
): Promise<string | undefined> {
  let shown = title;
  const stored = await retitleStored(sessionId, (current) => {
    const next = storedTitleFor(title, current !== undefined && isArchivedTitle(current));
    shown = visibleTitle(next);
    return next;
  });
  return stored === undefined ? undefined : shown;
}

/**
 * The standard `session/archive` / `session/unarchive`: the title's
 * archive prefix. Resolves to false when there is no such stored session; archiving an
 * archived session (or unarchiving one that is not) succeeds and writes nothing.
 */
export async function setStoredArchived(sessionId: string, archived: boolean): Promise<boolean> {
  const stored = await retitleStored(sessionId, (current) =>
    current === undefined && !archived
      ? undefined // untitled is not archived: nothing to undo
      : storedTitleFor(current ?? untitled(sessionId), archived),
  );
  return stored !== undefined;
}
