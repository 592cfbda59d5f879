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
  for (const match of text.matchAll(ending)) {
    const end = match.index + match[0].length;
    const lineStart = text.lastIndexOf("\n", end - 1) + 1;
    const colon = text.lastIndexOf(": ", end - 1);
    if (colon < lineStart) continue;
    const path = text.slice(colon + 2, end);
    // A candidate spanning the end of another output path is two paths, not one.
    if (ANY_OUTPUT_END.test(path.slice(0, -match[0].length))) continue;
    if (isAbsolute(path)) return path;
  }
  return undefined;
}

/** The end of any task's output path, followed by a period, whitespace or the end. */
const ANY_OUTPUT_END = /tasks[/\\][^/\\\s]+\.output(?=\.|\s|$)/;

/** POSIX `/…`, Windows `C:\…` or `C:/…`, UNC `\\server\…`. */
function isAbsolute(path: string): boolean {
  return /^(\/|[A-Za-z]:[\\/]|\\\\[^\\])/.test(path);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
