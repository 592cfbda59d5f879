import { ARCHIVED_TITLE_PREFIX } from "./keys.js";

/** Claude Code cuts a session title to this many characters. */
const TITLE_LIMIT = 200;

/** Whether a stored title marks its session archived. */
export function isArchivedTitle(title: string): boolean {
  return title.startsWith(ARCHIVED_TITLE_PREFIX);
}

/** The title a session is stored under once archived: its title, prefixed once, cut. */
export function archivedTitle(title: string): string {
  const visible = isArchivedTitle(title) ? title.slice(ARCHIVED_TITLE_PREFIX.length) : title;
  return (ARCHIVED_TITLE_PREFIX + visible).slice(0, TITLE_LIMIT);
}
