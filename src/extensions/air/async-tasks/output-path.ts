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
  const ends: number[] = [];
  for (const match of text.matchAll(ending)) ends.push(match.index + match[0].length);
  for (let i = 0; i < ends.length; i++) {
    const end = ends[i]!;
    const lineStart = text.lastIndexOf("\n", end - 1) + 1;
    const colon = text.lastIndexOf(": ", end - 1);
    if (colon < lineStart) continue;
    const start = colon + 2;
    // The end of an earlier path inside this candidate: the candidate spans two paths.
    if (i > 0 && ends[i - 1]! > start) continue;
    const path = text.slice(start, end);
    if (isAbsolute(path)) return path;
  }
  return undefined;
}

/** POSIX `/…`, Windows `C:\…` or `C:/…`, UNC `\\server\…`. */
function isAbsolute(path: string): boolean {
  return /^(\/|[A-Za-z]:[\\/]|\\\\[^\\])/.test(path);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
