import { indexRow, type IndexRow } from "../../extensions/air/session-index-rows.js";
import type { OwnActivity } from "../../extensions/air/session-row-activity.js";
import { isInLinkedWorktree } from "./linked-worktree.js";
import { RowFacts } from "./row-facts.js";
import type { StoredSessionRow } from "./session-index.js";

/** What this process knows of a session it runs; undefined for any other session. */
export type OwnActivityOf = (sessionId: string) => OwnActivity | undefined;

/**
 * The rows of a `sessionIndex` client. `agentWorktree` needs both: the transcript says
 * Claude Code made the session's worktree, and its cwd is still in a linked worktree
 * (checked only for those rows, afresh each time, so a removed worktree shows at once).
 * A session this process runs shows Claude Code's own state and cost (`own`); the last
 * prompt, model, fork origin and turn end come from its transcript (`row-facts.ts`).
 */
export function toIndexRows(
  rows: readonly StoredSessionRow[],
  own: OwnActivityOf,
): Promise<IndexRow[]> {
  const now = Date.now();
  return Promise.all(
    rows.map(async ({ transcript, ...row }) =>
      indexRow(
        { ...row, facts: await facts.of(transcript) },
        row.agentWorktree === true && (await isInLinkedWorktree(row.cwd)),
        own(row.sessionId),
        now,
      ),
    ),
  );
}

/** The process's one cache of what the rows read of their transcripts. */
const facts = new RowFacts();

/** The rows of every other client: the four `SessionInfo` fields, the title as stored. */
export function plainRows(rows: readonly StoredSessionRow[]): StoredSessionRow[] {
  return rows.map(({ sessionId, cwd, title, updatedAt }) => ({ sessionId, cwd, title, updatedAt }));
}
