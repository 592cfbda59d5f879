import type { ToolCallContent, ToolCallLocation } from "@agentclientprotocol/sdk/unstable";
import type { PostToolUse, ResultFacts } from "../facts.js";
import { displayPath } from "../display-path.js";
import { record, str, type ToolReporter } from "../reporter.js";

function diff(path: string, oldText: string | null, newText: string): ToolCallContent {
  return { type: "diff", path, oldText, newText };
}

/**
 * The final diff after an edit or a write: the file before (Claude's `originalFile`)
 * against the file on disk now (S000 "Claude behavior" of the diff patch); and upstream's
 * form of it, each changed hunk of Claude's `structuredPatch` with its line.
 */
export function finalDiff(post: PostToolUse, fallbackPath: string | undefined): ResultFacts {
  const response = record(post.toolResponse);
  const hunks = hunkDiffs(str(response?.filePath), response?.structuredPatch) ?? {};
  const path = str(response?.filePath) ?? fallbackPath;
  if (!path || post.fileAfter === undefined) return hunks;
  const original = response?.originalFile;
  const before = typeof original === "string" ? original : null;
  return { content: [diff(path, before, post.fileAfter)], ...hunks };
}

/**
 * Whether the final diff needs the file on disk: always for a client that takes the whole
 * file (an exact patch's), else only when Claude's `structuredPatch` has no changed hunk
 * (a created file), where the whole file stands in for the hunks.
 */
export function finalDiffReadsFile(toolResponse: unknown, hunksShown: boolean): boolean {
  if (!hunksShown) return true;
  const response = record(toolResponse);
  return hunkDiffs(str(response?.filePath), response?.structuredPatch) === undefined;
}

/** A line of `structuredPatch` that only says the file ends without a line break. */
const NO_NEWLINE = "\\ No newline at end of file";

/**
 * Each hunk of a `structuredPatch` as a diff of its lines (context in both texts, the
 * last line break left out, no old text for a hunk that only adds) and a location at its
 * first new line; none for a patch without changed lines.
 */
function hunkDiffs(
  path: string | undefined,
  patch: unknown,
): Pick<ResultFacts, "hunks" | "locations"> | undefined {
  if (!path || !Array.isArray(patch)) return undefined;
  const hunks: ToolCallContent[] = [];
  const locations: ToolCallLocation[] = [];
  for (const entry of patch) {
    const hunk = record(entry);
    const lines = hunk?.lines;
    if (!Array.isArray(lines)) continue;
    const before: string[] = [];
    const after: string[] = [];
    for (const line of lines) {
      if (typeof line !== "string" || line === NO_NEWLINE) continue;
      if (!line.startsWith("+")) before.push(line.slice(1));
      if (!line.startsWith("-")) after.push(line.slice(1));
    }
    if (before.length === 0 && after.length === 0) continue;
    hunks.push(diff(path, before.join("\n") || null, after.join("\n")));
    locations.push(typeof hunk?.newStart === "number" ? { path, line: hunk.newStart } : { path });
  }
  return hunks.length > 0 ? { hunks, locations } : undefined;
}

/** Edit: `edit`, "Edit <path>", the snippet diff until the final diff arrives. */
export const editReporter: ToolReporter = {
  requires: ["file_path", "old_string", "new_string"],
  describe(input, _toolName, cwd) {
    const path = str(input.file_path);
    const oldString = str(input.old_string);
    const newString = str(input.new_string);
    return {
      kind: "edit",
      title: path ? `Edit ${displayPath(path, cwd)}` : "Edit",
      ...(path ? { locations: [{ path }] } : {}),
      ...(path && newString !== undefined
        ? { inputContent: [diff(path, oldString ?? null, newString)] }
        : {}),
    };
  },
  result: () => ({}),
  postToolUse: (post, input) => finalDiff(post, str(input.file_path)),
  readsFileAfter: finalDiffReadsFile,
};

/** Write: `edit`, "Write <path>", a diff with the new content. */
export const writeReporter: ToolReporter = {
  requires: ["file_path", "content"],
  describe(input, _toolName, cwd) {
    const path = str(input.file_path);
    const content = str(input.content);
    return {
      kind: "edit",
      title: path ? `Write ${displayPath(path, cwd)}` : "Write",
      ...(path ? { locations: [{ path }] } : {}),
      ...(path && content !== undefined ? { inputContent: [diff(path, null, content)] } : {}),
    };
  },
  result: () => ({}),
  postToolUse: (post, input) => finalDiff(post, str(input.file_path)),
  readsFileAfter: finalDiffReadsFile,
};
