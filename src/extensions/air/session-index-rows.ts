import { ownField } from "../../util/plain-data.js";
import { invalidInput } from "../../util/adapter-error.js";
import { airMeta } from "./air-meta.js";
import { isArchivedTitle, visibleTitle } from "../../sdk/transcripts/archive-title.js";
import {
  AGENT_WORKTREE,
  AIR,
  ARCHIVED,
  ARCHIVED_FILTERS,
  JETBRAINS,
  LIST_OPTIONS,
  ROW_FIELDS,
  type ArchivedFilter,
} from "./keys.js";
import {
  iso,
  rowActivity,
  rowCost,
  type OwnActivity,
  type RowFacts,
} from "./session-row-activity.js";

/** Rows per page of a `sessionIndex` client's list when it names no limit (the reference's). */
export const DEFAULT_INDEX_LIMIT = 50;
/** The most rows per page a `sessionIndex` client's list sends (a bigger limit is cut). */
export const MAX_INDEX_LIMIT = 200;

/** A stored session as the adapter reads it: the title as stored (archive prefix and all). */
export interface StoredRow {
  readonly sessionId: string;
  readonly cwd: string;
  readonly title: string;
  readonly updatedAt: string;
  /** What the transcript's ends tell beyond the title. */
  readonly facts?: RowFacts & { readonly model?: string; readonly forkedFrom?: string };
}

/** A session index row: `SessionInfo` with `_meta.jetbrains.air {archived, agentWorktree?, …}`. */
export interface IndexRow {
  readonly sessionId: string;
  readonly cwd: string;
  readonly title: string;
  readonly updatedAt: string;
  readonly _meta: Record<string, unknown>;
}

/** `session/list` request `_meta.jetbrains.air.list` of a `sessionIndex` client. */
export interface ListOptions {
  readonly limit: number;
  readonly archived: ArchivedFilter;
  /** Also the sessions of the cwd's counterparts in the repository's other worktrees. */
  readonly includeWorktrees: boolean;
}

/**
 * Reads `_meta.jetbrains.air.list`: `limit` (an integer of at least 1, cut to
 * {@link MAX_INDEX_LIMIT}), `archived` (`unarchived`, `archived` or `all`) and
 * `includeWorktrees` (a boolean, default false); omitted or null is the default.
 * Anything else is `invalidInput`.
 */
export function parseListOptions(meta: unknown): ListOptions {
  const list = ownField(ownField(ownField(meta, JETBRAINS), AIR), LIST_OPTIONS);
  // null is an object here, and reads as no options.
  if (list !== undefined && (typeof list !== "object" || Array.isArray(list))) {
    throw invalidInput("_meta.jetbrains.air.list must be an object");
  }
  const limit = ownField(list, "limit") ?? DEFAULT_INDEX_LIMIT;
  if (!isCount(limit)) {
    throw invalidInput("_meta.jetbrains.air.list.limit must be an integer of at least 1");
  }
  const archived = ownField(list, ARCHIVED) ?? ARCHIVED_FILTERS[0];
  if (!ARCHIVED_FILTERS.includes(archived as ArchivedFilter)) {
    throw invalidInput(
      '_meta.jetbrains.air.list.archived must be "unarchived", "archived" or "all"',
    );
  }
  const worktrees = ownField(list, "includeWorktrees") ?? false;
  if (typeof worktrees !== "boolean") {
    throw invalidInput("_meta.jetbrains.air.list.includeWorktrees must be a boolean");
  }
  return {
    limit: Math.min(limit, MAX_INDEX_LIMIT),
    archived: archived as ArchivedFilter,
    includeWorktrees: worktrees,
  };
}

/** An integer of at least 1. */
function isCount(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 1;
}

/** Whether a session stored under `title` is in the list `filter` asks for. */
export function keptBy(filter: ArchivedFilter, title: string): boolean {
  return filter === "all" || (filter === "archived") === isArchivedTitle(title);
}

/**
 * The row a `sessionIndex` client gets (`session/list`, `_session/batch_get`,
 * `_session/list/changes`): the visible title and `_meta.jetbrains.air` with, in the
 * reference's order, `archived`, `lastPromptAt`, `model`, `forkedFrom`, `agentWorktree`
 * (only when true), `state`, `lastTurnEndedAt` and `cost` (`{amount, currency: "USD"}`),
 * each left out when unknown. `own`: what this process knows of a session it runs;
 * `now`: the time (epoch ms) a recent unfinished turn is judged by.
 */
export function indexRow(
  row: StoredRow,
  agentWorktree: boolean,
  own?: OwnActivity,
  now = Date.parse(row.updatedAt),
): IndexRow {
  const facts = row.facts ?? {};
  const activity = rowActivity(facts, own, Date.parse(row.updatedAt), now);
  const air: Record<string, unknown> = { [ARCHIVED]: isArchivedTitle(row.title) };
  const lastPromptAt = iso(facts.lastPromptAt);
  if (lastPromptAt !== undefined) air[ROW_FIELDS.lastPromptAt] = lastPromptAt;
  if (facts.model !== undefined) air[ROW_FIELDS.model] = facts.model;
  if (facts.forkedFrom !== undefined) air[ROW_FIELDS.forkedFrom] = facts.forkedFrom;
  if (agentWorktree) air[AGENT_WORKTREE] = true;
  if (activity.state !== undefined) air[ROW_FIELDS.state] = activity.state;
  if (activity.lastTurnEndedAt !== undefined) {
    air[ROW_FIELDS.lastTurnEndedAt] = activity.lastTurnEndedAt;
  }
  const cost = rowCost(own);
  if (cost) air[ROW_FIELDS.cost] = cost;
  return {
    sessionId: row.sessionId,
    cwd: row.cwd,
    title: visibleTitle(row.title),
    updatedAt: row.updatedAt,
    _meta: airMeta(air),
  };
}

/**
 * What a change of a row is judged by: everything but `updatedAt` (a session's every
 * write moves it; the list subscription reports a turn through its own event instead).
 */
export function rowSignature(row: IndexRow): string {
  return JSON.stringify([row.sessionId, row.cwd, row.title, row._meta]);
}
