/**
 * Compact presentation text for a heading the user reads (a permission request's title,
 * AIR's permission record, "Tool call of the request"): control characters removed,
 * whitespace collapsed, a length limit. Text that breaks the limit or ends up empty is
 * invalid: the caller omits it rather than truncate it into a misleading heading.
 */

// C0, DEL and C1 controls, plus the bidi overrides and isolates that can reorder what
// the user reads.
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/g;
const WHITESPACE = /\s+/g;

/** `text` compacted to one line of at most `max` characters, or undefined when invalid. */
export function compactText(text: unknown, max: number): string | undefined {
  if (typeof text !== "string") return undefined;
  const compact = text.replace(CONTROLS, "").replace(WHITESPACE, " ").trim();
  return compact !== "" && compact.length <= max ? compact : undefined;
}

/**
 * A shell command as a heading: the full command, its whitespace and line breaks kept
 * and no length limit (a shortened command could hide what runs); only the controls
 * that are not line breaks or tabs go.
 */
export function commandText(text: unknown): string | undefined {
  if (typeof text !== "string") return undefined;
  const kept = text.replace(CONTROLS, "");
  return kept.trim() !== "" ? kept : undefined;
}
