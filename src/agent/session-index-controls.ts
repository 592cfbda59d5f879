import { isArchivedTitle, storedTitleFor } from "../sdk/transcripts/archive-title.js";
import type { ClientPort } from "../client/client-port.js";
import type { ClientProfile } from "../profile/client-profile.js";
import { notOffered, unknownSession } from "../util/adapter-error.js";
import { retitleStored, untitled } from "./history/archive-session.js";
import { toIndexRows, type IndexRow, type SessionIndexHook } from "./history/index-rows.js";
import { storedSessionRow } from "./history/stored-row.js";
import { ListSubscriptions } from "./list-subscriptions.js";
import type { SessionRegistry } from "./session-registry.js";

export interface SessionIndexDeps {
  readonly sessions: SessionRegistry;
  readonly profile: () => ClientProfile;
  readonly client: () => ClientPort;
  /** The stored sessions changed: the next `session/list` reads the folders afresh. */
  readonly changed: () => void;
}

/**
 * The requests of a client's own session index (the `sessionIndex` hook: AIR's): rename,
 * archive and unarchive of a stored session, rows by id, and the list subscriptions. A
 * title is stored as Claude Code's `/rename` stores it; the archive state is the title's
 * prefix (`sdk/transcripts/archive-title.ts`), so a rename keeps it. A client without a
 * session index is told each method is not found (the protocol names it), and nothing
 * runs.
 */
export class SessionIndexControls {
  private readonly lists: ListSubscriptions;

  constructor(private readonly deps: SessionIndexDeps) {
    this.lists = new ListSubscriptions(deps.client, deps.sessions.activityOf);
  }

  /** `_session/list/subscribe`: `_session/list/changes` for the sessions of `cwd`. */
  subscribe(cwd: string): Promise<{ subscriptionId: string }> {
    return this.lists.subscribe(cwd, this.index());
  }

  /** `_session/list/unsubscribe` (an unknown id is no error). */
  unsubscribe(subscriptionId: string): Record<string, never> {
    this.index();
    this.lists.unsubscribe(subscriptionId);
    return {};
  }

  /**
   * This connection changed what a session's row shows: created, forked, deleted, or
   * `turnEnded` (its `updatedAt` moved). The subscriptions read it again.
   */
  touched(sessionId: string, turnEnded = false): void {
    this.lists.touched(sessionId, turnEnded);
  }

  /** Holds a session's rows back from the subscriptions until the release runs. */
  holdBack(sessionId: string): () => void {
    return this.lists.holdBack(sessionId);
  }

  /** The connection ended: no subscription sends any more. */
  closeAll(): void {
    this.lists.closeAll();
  }

  /** `_session/rename`: the new title, in the session's archive state. */
  async rename(sessionId: string, title: string): Promise<Record<string, never>> {
    await this.retitle(this.index(), sessionId, (current) =>
      storedTitleFor(title.trim(), current !== undefined && isArchivedTitle(current)),
    );
    return {};
  }

  /** `_session/archive` (`archived`) and `_session/unarchive`. */
  async setArchived(sessionId: string, archived: boolean): Promise<Record<string, never>> {
    await this.retitle(this.index(), sessionId, (current) =>
      current === undefined && !archived
        ? undefined // untitled is not archived: nothing to undo
        : storedTitleFor(current ?? untitled(sessionId), archived),
    );
    return {};
  }

  /** `_session/batch_get`: the rows of the ids that name a stored session, in request order. */
  async batchGet(sessionIds: readonly string[]): Promise<{ sessions: IndexRow[] }> {
    const index = this.index();
    const rows = await Promise.all([...new Set(sessionIds)].map(storedSessionRow));
    return {
      sessions: await toIndexRows(
        index,
        rows.filter((row) => row !== undefined),
        this.deps.sessions.activityOf,
      ),
    };
  }

  /** The client's session index; the method is not offered to a client without one. */
  private index(): SessionIndexHook {
    const index = this.deps.profile().hooks.sessionIndex;
    if (!index) throw notOffered();
    return index;
  }

  /**
   * Stores the title `change` makes of the current one (unchanged or undefined: nothing
   * is written),
   * then tells the client about its session when it is live on this connection.
   */
  private async retitle(
    index: SessionIndexHook,
    sessionId: string,
    change: (current: string | undefined) => string | undefined,
  ): Promise<void> {
    const next = await retitleStored(sessionId, change);
    if (next === undefined) throw unknownSession(sessionId);
    if (next === null) return;
    this.deps.changed();
    this.touched(sessionId);
    if (this.deps.sessions.find(sessionId)) {
      await this.deps.client().sessionUpdate(sessionId, index.titleUpdate(next));
    }
  }
}
