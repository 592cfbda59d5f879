import { archivedTitle, isArchivedTitle } from "../../extensions/air/archive-title.js";
import { renameStoredSession } from "../../sdk/stored-sessions.js";
import { findTranscript } from "../../sdk/transcript-paths.js";
import { storedTitleAt } from "./current-title.js";

/**
 * Archives a stored session the way AIR's own Claude integration does: the transcript
 * stays, its title gains the archive prefix. What an AIR client without `sessionIndex`
 * gets for `session/delete` (it offers the user an archive, not a loss). Resolves to
 * false when there is no such session; an archived session stays as it is.
 */
export async function archiveStoredSession(sessionId: string): Promise<boolean> {
  const found = await findTranscript(sessionId, undefined, true);
  if (!found) return false;
  const title = (await storedTitleAt(found.path))?.text ?? `Session ${sessionId.slice(0, 8)}`;
  if (isArchivedTitle(title)) return true;
  return renameStoredSession(sessionId, archivedTitle(title));
}
