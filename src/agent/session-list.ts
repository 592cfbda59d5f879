import { isAbsolute } from "node:path";
import type { ListSessionsResponse } from "@agentclientprotocol/sdk/unstable";
import { isArchivedTitle } from "../extensions/air/archive-title.js";
import { keptBy, parseListOptions } from "../extensions/air/session-index-rows.js";
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
  /** The request's `_meta` (AIR's `jetbrains.air.list` options). */
  readonly meta: unknown;
}

/**
 * `session/list` for the negotiated client. A `sessionIndex` client gets AIR's list: its
 * limit, archive filter (unarchived by default) and `includeWorktrees` (the cwd's
 * counterparts in the repository's other worktrees too) from `_meta.jetbrains.air.list`, rows with
 * the visible title and `_meta.jetbrains.air {archived, agentWorktree?}`. Another AIR
 * client archives with `session/delete`, so its archived sessions stay hidden, as if
 * deleted (the reference's behaviour). Every other client gets every session, the title
 * as stored. `own`: what this process knows of the sessions it runs (AIR's row state).
 */
export async function listSessions(
  index: SessionIndex,
  profile: ClientProfile,
  { cwd, cursor, meta }: ListRequest,
  own: OwnActivityOf = () => undefined,
): Promise<ListSessionsResponse> {
  if (cwd !== undefined && !isAbsolute(cwd)) {
    throw invalidInput(`cwd must be an absolute path: ${JSON.stringify(cwd)}`);
  }
  const options = profile.air.sessionIndex ? parseListOptions(meta) : undefined;
  const after = cursor ? parseListCursor(cursor) : undefined;
  const keep = options
    ? (title: string) => keptBy(options.archived, title)
    : profile.air.client
      ? (title: string) => !isArchivedTitle(title)
      : undefined;
  const alsoIn = cwd && options?.includeWorktrees ? await worktreeCounterparts(cwd) : undefined;
  const limit = options?.limit ?? LIST_PAGE_SIZE;
  const page = await index.page({ cwd, alsoIn, after, limit, keep });
  return {
    sessions: options ? await toIndexRows(page.sessions, own) : plainRows(page.sessions),
    ...(page.next ? { nextCursor: encodeListCursor(page.next) } : {}),
  };
}
