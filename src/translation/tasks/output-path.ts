/**
 * The output file of a task read from the text of its tool call's result
 * (air-extensions.md "Task id and output path"), when no SDK event named it: an absolute
 * path ending with `tasks/<taskId>.output` (or `tasks\<taskId>.output`), followed by a
 * period, whitespace or the end of the text. The path starts after the nearest `": "`
 * before that end on the same line, so it may hold spaces; a candidate that holds the
 * end of another such path, or is not absolute (POSIX, Windows drive or UNC), is no path.
 */
export function outputPathIn(text: string, taskId: string): string | undefined {
  if (taskId === "") return undefined;
  const ending = new RegExp(`tasks[/\\\\]${escapeRegExp(taskId)}\\.output(?=\\.|\\s|$)`, "g");
  let otherEnds: number[] | undefined;
  for (const match of text.matchAll(ending)) {
    const end = match.index + match[0].length;
    const lineStart = text.lastIndexOf("\n", end - 1) + 1;
    const colon = text.lastIndexOf(": ", end - 1);
    if (colon < lineStart) continue;
    const start = colon + 2;
    // A candidate spanning the end of another output path is two paths, not one.
    otherEnds ??= outputEnds(text);
    if (otherEnds.some((other) => other > start && other < end)) continue;
    const path = text.slice(start, end);
    if (isAbsolute(path)) return path;
  }
  return undefined;
}

/** Where each task output path of `text` ends (followed by a period, whitespace or the end). */
function outputEnds(text: string): number[] {
  const ends: number[] = [];
  for (const match of text.matchAll(/tasks[/\\][^/\\\s]+\.output(?=\.|\s|$)/g))
    ends.push(match.index + match[0].length);
  return ends;
}

/** POSIX `/…`, Windows `C:\…` or `C:/…`, UNC `\\server\…`. */
function isAbsolute(path: string): boolean {
  return /^(\/|[A-Za-z]:[\\/]|\\\\[^\\])/.test(path);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
