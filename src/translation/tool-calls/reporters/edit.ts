import type { ToolCallContent } from "@agentclientprotocol/sdk/unstable";
import type { PostToolUse, ResultFacts } from "../facts.js";
import { record, str, type ToolReporter } from "../reporter.js";

function diff(path: string, oldText: string | null, newText: string): ToolCallContent {
  return { type: "diff", path, oldText, newText };
}

/**
 * The final diff after an edit or a write: the file before (Claude's `originalFile`)
 * against the file on disk now (S000 "Claude behavior" of the diff patch).
 */
export function finalDiff(post: PostToolUse, fallbackPath: string | undefined): ResultFacts {
  const response = record(post.toolResponse);
  const path = str(response?.filePath) ?? fallbackPath;
  if (!path || post.fileAfter === undefined) return {};
  const original = response?.originalFile;
  const before = typeof original === "string" ? original : null;
  return { content: [diff(path, before, post.fileAfter)] };
}

/** Edit: `edit`, "Edit <path>", the snippet diff until the final diff arrives. */
export const editReporter: ToolReporter = {
  requires: ["file_path", "old_string", "new_string"],
  describe(input) {
    const path = str(input.file_path);
    const oldString = str(input.old_string);
    const newString = str(input.new_string);
    return {
      kind: "edit",
      title: path ? `Edit ${path}` : "Edit",
      ...(path ? { locations: [{ path }] } : {}),
      ...(path && newString !== undefined
        ? { inputContent: [diff(path, oldString ?? null, newString)] }
        : {}),
    };
  },
  result: () => ({}),
  postToolUse: (post, input) => {
    const facts = finalDiff(post, str(input.file_path));
    const hunks = record(post.toolResponse)?.structuredPatch;
    const first = Array.isArray(hunks) ? record(hunks[0]) : undefined;
    const path = str(record(post.toolResponse)?.filePath) ?? str(input.file_path);
    const line = first?.newStart;
    if (!path || typeof line !== "number") return facts;
    return { ...facts, locations: [{ path, line }] };
  },
};

/** Write: `edit`, "Write <path>", a diff with the new content. */
export const writeReporter: ToolReporter = {
  requires: ["file_path", "content"],
  describe(input) {
    const path = str(input.file_path);
    const content = str(input.content);
    return {
      kind: "edit",
      title: path ? `Write ${path}` : "Write",
      ...(path ? { locations: [{ path }] } : {}),
      ...(path && content !== undefined ? { inputContent: [diff(path, null, content)] } : {}),
    };
  },
  result: () => ({}),
  postToolUse: (post, input) => finalDiff(post, str(input.file_path)),
};
