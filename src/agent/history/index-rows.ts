import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import type { SessionActivity } from "../../session/session-activity.js";
import { isInLinkedWorktree } from "./linked-worktree.js";
import { RowFacts } from "./row-facts.js";
import type { StoredSessionRow } from "./session-index.js";
import type { TranscriptFacts } from "./transcript-facts.js";

/** What this process knows of a session it runs; undefined for any other session. */
export type OwnActivityOf = (sessionId: string) => SessionActivity | undefined;

/** A stored session's row as a client's session index shows it: `SessionInfo` and its `_meta`. */
export interface IndexRow {
  readonly sessionId: string;
  readonly cwd: string;
  readonly title: string;
  readonly updatedAt: string;
  readonly _meta: Record<string, unknown>;
}

/** A stored session as an index row is made of it: the title as stored, its transcript's facts. */
export interface IndexRowSource {
  readonly sessionId: string;
  readonly cwd: string;
  readonly title: string;
  readonly updatedAt: string;
  readonly facts: TranscriptFacts;
}

/** What a `session/list` request asks of a session index (read from its `_meta`). */
export interface IndexListOptions {
  /** Rows per page. */
  readonly limit: number;
  /** Whether the session stored under this title is listed (its archive state). */
  keep(title: string): boolean;
  /** Also the sessions of the cwd's counterparts in the repository's other worktrees. */
  readonly includeWorktrees: boolean;
}

/** What a list subscription found of one session that may have changed. */
export interface ObservedRow {
  /** Its row in the subscription's scope now; undefined when it has none there. */
  readonly row: IndexRow | undefined;
  /** A transcript of it was in the scope before: a row gone from it is a removal. */
  readonly existed: boolean;
  /** Sent even when the row looks the same (a turn of it ended on this connection). */
  readonly forced: boolean;
}

/**
 * A client's own index of the stored sessions (AIR's `sessionIndex`): its `session/list`
 * (`session-list.ts`), its rename, archive and batch requests (`session-index-controls.ts`)
 * and its list subscriptions (`list-subscriptions.ts`). The store, the transcripts' facts
 * and the watching are the core's; what the client sees of them is the extension's.
 */
export interface SessionIndexHook {
  /** The list a `session/list` request's `_meta` asks for; bad options throw `invalidInput`. */
  listOptions(meta: unknown): IndexListOptions;
  /**
   * A stored session's row: `agentWorktree` when Claude Code made the session's worktree
   * and its cwd is still in one; `own`: what this process knows of it; `now`: epoch ms.
   */
  row(
    row: IndexRowSource,
    agentWorktree: boolean,
    own: SessionActivity | undefined,
    now: number,
  ): IndexRow;
  /** The update a live session gets when a rename or an archive changed its stored title. */
  titleUpdate(storedTitle: string): SessionUpdate;
  /** The notification a list subscription sends its changes with. */
  readonly changesMethod: string;
  /**
   * One subscription's memory of what it sent: the notification's params for what was
   * observed, or undefined when nothing changed.
   */
  changes(subscriptionId: string): {
    changes(observed: ReadonlyMap<string, ObservedRow>): unknown;
  };
}

declare module "../../profile/hooks.js" {
  interface ExtensionHooks {
    /**
     * The client's own session index (`SessionIndexHook`); absent: the standard
     * `session/list`, and no index request is offered.
     */
    readonly sessionIndex?: SessionIndexHook;
  }
}

/**
 * The rows of a session index. `agentWorktree` needs both: the transcript says Claude
 * Code made the session's worktree, and its cwd is still in a linked worktree (checked
 * only for those rows, afresh each time, so a removed worktree shows at once). A session
 * this process runs shows Claude Code's own state and cost (`own`); the last prompt,
 * model, fork origin and turn end come from its transcript (`row-facts.ts`).
 */
export function toIndexRows(
  index: SessionIndexHook,
  rows: readonly StoredSessionRow[],
  own: OwnActivityOf,
): Promise<IndexRow[]> {
  const now = Date.now();
  return Promise.all(
    rows.map(async ({ transcript, ...row }) =>
      index.row(
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
