import { asRecord } from "./transcript-entry.js";

/**
 * The file as a finished Edit, MultiEdit or Write left it, rebuilt from the tool's
 * stored structured result (Claude Code 2.1.318 `toolUseResult`). Live, the adapter
 * reads the file from disk after the tool ran; a replay cannot (the file has changed
 * since), so it applies the stored edit to the stored `originalFile` instead. Undefined
 * when the stored result does not say enough (e.g. Claude Code left out a large file).
 */
export function fileAfterTool(toolName: string, structured: unknown): string | undefined {
  const result = asRecord(structured);
  if (!result) return undefined;
  if (toolName === "Write") return typeof result.content === "string" ? result.content : undefined;
  const original = result.originalFile;
  if (typeof original !== "string") return undefined;
  if (toolName === "Edit") return applyEdit(original, result);
  if (toolName === "MultiEdit" && Array.isArray(result.edits)) {
    let text: string | undefined = original;
    for (const edit of result.edits) {
      text = text === undefined ? undefined : applyEdit(text, asRecord(edit) ?? {});
    }
    return text;
  }
  return undefined;
}

function applyEdit(text: string, edit: Record<string, unknown>): string | undefined {
  const oldString = edit.oldString ?? edit.old_string;
  const newString = edit.newString ?? edit.new_string;
  const all = edit.replaceAll ?? edit.replace_all;
  if (typeof oldString !== "string" || typeof newString !== "string") return undefined;
  if (oldString === "") return text === "" ? newString : undefined;
  if (!text.includes(oldString)) return undefined;
  if (all === true) return text.split(oldString).join(newString);
  // A replacer function: `newString` is literal text, `$&` and the like included.
  return text.replace(oldString, () => newString);
}
