import { indexRow, type IndexRow } from "../../extensions/air/session-index-rows.js";
import { isInLinkedWorktree } from "./linked-worktree.js";
import type { StoredSessionRow } from "./session-index.js";

/**
 * The rows of a `sessionIndex` client. `agentWorktree` needs both: the transcript says
 * Claude Code made the session's worktree, and its cwd is still in a linked worktree
 * (checked only for those rows, afresh each time, so a removed worktree shows at once).
 */
export function toIndexRows(rows: readonly StoredSessionRow[]): Promise<IndexRow[]> {
  return Promise.all(
    rows.map(async (row) =>
      indexRow(row, row.agentWorktree === true && (await isInLinkedWorktree(row.cwd))),
    ),
  );
}

/** The rows of every other client: the four `SessionInfo` fields, the title as stored. */
export function plainRows(rows: readonly StoredSessionRow[]): StoredSessionRow[] {
  return rows.map(({ sessionId, cwd, title, updatedAt }) => ({ sessionId, cwd, title, updatedAt }));
}
