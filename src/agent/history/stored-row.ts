import { stat } from "node:fs/promises";
import { findTranscript } from "../../sdk/transcript-paths.js";
import type { StoredSessionRow } from "./session-index.js";
import { readEnds } from "../../sdk/transcripts/transcript-files.js";
import { summarizeTranscript } from "../../sdk/transcripts/transcript-summary.js";

const HEAD_BYTES = 64 * 1024;
const TAIL_BYTES = 64 * 1024;

/**
 * The `session/list` row of one stored session, wherever its project folder is;
 * undefined when there is none or it cannot be read (`_session/batch_get`).
 */
export async function storedSessionRow(sessionId: string): Promise<StoredSessionRow | undefined> {
  const found = await findTranscript(sessionId, undefined, true);
  return found ? storedRowAt(found.path, sessionId) : undefined;
}

/**
 * The row of the transcript at `path`; undefined when it is missing, empty, unreadable
 * or names no cwd (the list subscription reads each changed transcript this way).
 */
export async function storedRowAt(
  path: string,
  sessionId: string,
): Promise<StoredSessionRow | undefined> {
  try {
    const { size, mtimeMs } = await stat(path);
    if (size === 0) return undefined;
    const summary = summarizeTranscript(readEnds(path, size, HEAD_BYTES, TAIL_BYTES));
    if (!summary?.cwd) return undefined;
    const updatedAt = new Date(mtimeMs).toISOString();
    return {
      sessionId,
      cwd: summary.cwd,
      title: summary.title,
      updatedAt,
      ...(summary.agentWorktree ? { agentWorktree: true as const } : {}),
      transcript: path,
    };
  } catch {
    return undefined; // deleted meanwhile, or unreadable: not known
  }
}
