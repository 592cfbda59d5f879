import { isAbsolute } from "node:path";
import type { ListSessionsResponse } from "@agentclientprotocol/sdk/unstable";
import { isArchivedTitle, visibleTitle } from "../sdk/transcripts/archive-title.js";
import type { ClientProfile } from "../profile/client-profile.js";
import { invalidInput } from "../util/adapter-error.js";
import { plainRows, toIndexRows, type OwnActivityOf } from "./history/index-rows.js";
import { worktreeCounterparts } from "./history/linked-worktree.js";
import { encodeListCursor, parseListCursor } from "./history/list-cursor.js";
import type { SessionIndex } from "./history/session-index.js";

/** Rows per `session/list` page (S000 "Compatibility rule": pages of at most 1000). */
export const LIST_PAGE_SIZE = 1000;

export interface ListRequest {
  readonly cwd: string | undefined;
  readonly cursor: string | undefined;
  /** The request's `_meta` (a session index's list options). */
  readonly meta: unknown;
  /** The standard archive filter (`exclude` when absent); ignored by a session index. */
  readonly archived?: string | undefined;
}

type ArchiveFilter = "exclude" | "include" | "only";

/** The standard `archived` filter; a value this agent does not serve is invalid (the schema's rule). */
function archiveFilter(value: string | undefined): ArchiveFilter {
  if (value === undefined || value === "exclude" || value === "include" || value === "only") {
    return value ?? "exclude";
  }
  throw invalidInput(`unsupported archived filter ${JSON.stringify(value)}`);
}

function keptByFilter(filter: ArchiveFilter, title: string): boolean {
  return filter === "include" || (filter === "only") === isArchivedTitle(title);
}

/**
 * `session/list` for the negotiated client. A client with a session index of its own
 * (`sessionIndex` hook: AIR's) gets its list: the limit, archive filter and
 * `includeWorktrees` (the cwd's counterparts in the repository's other worktrees too) its
 * options in `_meta` ask for, and its rows. Every other client gets the standard archive
 * filter (`archived`: archived sessions hidden unless asked) and rows with the visible
 * title and `archived` (an AIR client without `sessionIndex` archives with
 * `session/delete`, so its archived sessions stay hidden, as if deleted: the reference's
 * behaviour). `own`: what this process knows of the sessions it runs (an index row's
 * state).
 */
export async function listSessions(
  index: SessionIndex,
  profile: ClientProfile,
  { cwd, cursor, meta, archived }: ListRequest,
  own: OwnActivityOf = () => undefined,
): Promise<ListSessionsResponse> {
  if (cwd !== undefined && !isAbsolute(cwd)) {
    throw invalidInput(`cwd must be an absolute path: ${JSON.stringify(cwd)}`);
  }
  const sessionIndex = profile.hooks.sessionIndex;
  const options = sessionIndex?.listOptions(meta);
  const after = cursor ? parseListCursor(cursor) : undefined;
  const filter = options ? undefined : archiveFilter(archived);
  const keep = options
    ? (title: string) => options.keep(title)
    : (title: string) => keptByFilter(filter ?? "exclude", title);
  const alsoIn = cwd && options?.includeWorktrees ? await worktreeCounterparts(cwd) : undefined;
  const limit = options?.limit ?? LIST_PAGE_SIZE;
  const page = await index.page({ cwd, alsoIn, after, limit, keep });
  return {
    sessions: sessionIndex
      ? await toIndexRows(sessionIndex, page.sessions, own)
      : plainRows(page.sessions).map((row) => ({
          ...row,
          title: visibleTitle(row.title),
          archived: isArchivedTitle(row.title),
        })),
    ...(page.next ? { nextCursor: encodeListCursor(page.next) } : {}),
  };
}
