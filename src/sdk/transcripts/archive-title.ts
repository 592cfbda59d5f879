/**
 * The one archive store of stored sessions, which the standard `session/archive`,
 * `session/list` and `session/set_title` and AIR's session index all use: a session is
 * archived when its stored title (Claude Code's `custom-title` record) starts with
 * {@link ARCHIVED_TITLE_PREFIX}. It is the on-disk form of AIR's own Claude integration,
 * so an archive made there and one made here are the same; `claude --resume` shows it too.
 */

/** The title prefix that marks a stored session archived. */
export const ARCHIVED_TITLE_PREFIX = "[archived] ";

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
