import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import { airMeta } from "./air-meta.js";
import { ARCHIVED, ARCHIVED_TITLE_PREFIX } from "./keys.js";

/** Claude Code cuts a session title to this many characters. */
const TITLE_LIMIT = 200;

/** Whether a stored title marks its session archived. */
export function isArchivedTitle(title: string): boolean {
  return title.startsWith(ARCHIVED_TITLE_PREFIX);
}

/** The title a session is stored under once archived: its title, prefixed once, cut. */
export function archivedTitle(title: string): string {
  return (ARCHIVED_TITLE_PREFIX + visibleTitle(title)).slice(0, TITLE_LIMIT);
}

/** The title a client shows: without the archive prefix. */
export function visibleTitle(title: string): string {
  return isArchivedTitle(title) ? title.slice(ARCHIVED_TITLE_PREFIX.length) : title;
}

/** The title stored for `title` in the given archive state. */
export function storedTitleFor(title: string, archived: boolean): string {
  return archived ? archivedTitle(title) : visibleTitle(title).slice(0, TITLE_LIMIT);
}

/**
 * The `session_info_update` a client declaring `sessionIndex` gets for its live session
 * when a rename or an archive changed it: the visible title and the archive state.
 */
export function titleStateUpdate(storedTitle: string): SessionUpdate {
  return {
    sessionUpdate: "session_info_update",
    title: visibleTitle(storedTitle),
    _meta: airMeta({ [ARCHIVED]: isArchivedTitle(storedTitle) }),
  };
}
