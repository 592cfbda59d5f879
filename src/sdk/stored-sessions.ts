import { deleteSession, forkSession, renameSession } from "@anthropic-ai/claude-agent-sdk";
import { findTranscript } from "./transcript-paths.js";
import { removeRewindMarker } from "./transcripts/rewind-marker.js";

/**
 * Claude Code's own operations on stored sessions (SDK `forkSession`, `deleteSession`),
 * so that the files stay in the form Claude Code itself writes and reads. Both look the
 * session up in every project folder: the folder name is lossy, the session id is not.
 */

/**
 * Copies a stored session into a new one with fresh message ids, beside the source,
 * which is not touched; up to and including the message `upToMessageId` when given.
 * Resolves to the new session's id.
 */
export async function forkStoredSession(
  sessionId: string,
  upToMessageId?: string,
): Promise<string> {
  const forked = await forkSession(sessionId, upToMessageId ? { upToMessageId } : {});
  return forked.sessionId;
}

/**
 * Deletes a stored session: its transcript, its subagents' transcripts and a rewind's
 * marker (`transcripts/rewind-marker.ts`). Resolves to
 * false when there was nothing to delete.
 */
export async function deleteStoredSession(sessionId: string): Promise<boolean> {
  const found = await findTranscript(sessionId, undefined, true);
  if (!found) return false;
  await deleteSession(sessionId);
  await removeRewindMarker(found.path);
  return true;
}

/**
 * Gives a stored session a title, as Claude Code's `/rename` does (a `custom-title`
 * record). Resolves to false when there is no such session.
 */
export async function renameStoredSession(sessionId: string, title: string): Promise<boolean> {
  if (!(await findTranscript(sessionId, undefined, true))) return false;
  await renameSession(sessionId, title);
  return true;
}
