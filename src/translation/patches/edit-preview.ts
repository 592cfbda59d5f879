/**
 * The file as an Edit, MultiEdit or Write would leave it, computed in memory before the
 * approval (air-extensions.md "Diff patch" → "Claude behavior"). The input is used as it
 * is: Claude Code may still strip trailing whitespace or match curly quotes when it
 * writes, so the final patch of the PostToolUse hook is the authority.
 */

/** Why the approval gets no preview; the tool call then keeps its standard diff. */
export type NoPreviewReason =
  | "unknown-tool"
  | "invalid-input"
  | "missing-file"
  | "file-exists"
  | "no-match"
  | "ambiguous-match";

export type Preview =
  | { readonly oldText: string | null; readonly newText: string }
  | { readonly noPreview: NoPreviewReason };

interface EditInput {
  readonly oldString: string;
  readonly newString: string;
  readonly replaceAll: boolean;
}

/**
 * The preview of `toolName` with `input` over `current` (the file's text now; null when
 * the file does not exist). Pure: the caller reads the file.
 */
export function previewFileTool(
  toolName: string,
  input: Record<string, unknown>,
  current: string | null,
): Preview {
  if (toolName === "Write") {
    return typeof input.content === "string"
      ? { oldText: current, newText: input.content }
      : { noPreview: "invalid-input" };
  }
  let edits: readonly EditInput[] | undefined;
  if (toolName === "Edit") edits = editsOf([input]);
  else if (toolName === "MultiEdit")
    edits = Array.isArray(input.edits) ? editsOf(input.edits) : undefined;
  else return { noPreview: "unknown-tool" };
  if (!edits || edits.length === 0) return { noPreview: "invalid-input" };
  let text = current;
  for (let i = 0; i < edits.length; i++) {
    const next = applyEdit(text, edits[i]!);
    if (typeof next !== "string") return next;
    text = next;
  }
  return { oldText: current, newText: text! };
}

function editsOf(inputs: readonly unknown[]): EditInput[] | undefined {
  const edits: EditInput[] = [];
  for (const raw of inputs) {
    const edit = raw as Record<string, unknown> | null;
    if (typeof edit?.old_string !== "string" || typeof edit.new_string !== "string") return;
    edits.push({
      oldString: edit.old_string,
      newString: edit.new_string,
      replaceAll: edit.replace_all === true,
    });
  }
  return edits;
}

/**
 * One edit as Claude Code applies it: an empty `old_string` creates the file (or fills an
 * empty one); otherwise `old_string` must occur once unless `replace_all`, and the new
 * string is literal text (no `$&` patterns).
 */
function applyEdit(text: string | null, edit: EditInput): string | { noPreview: NoPreviewReason } {
  if (edit.oldString === "") {
    if (text === null || text === "") return edit.newString;
    return { noPreview: "file-exists" };
  }
  if (text === null) return { noPreview: "missing-file" };
  const count = text.split(edit.oldString).length - 1;
  if (count === 0) return { noPreview: "no-match" };
  if (count > 1 && !edit.replaceAll) return { noPreview: "ambiguous-match" };
  // Claude Code: an empty `new_string` also takes the line break after `old_string`, when
  // `old_string` does not end with one and the file holds `old_string` + "\n" (anywhere:
  // Claude Code checks `includes`, then replaces the first such occurrence).
  const search =
    edit.newString === "" && !edit.oldString.endsWith("\n") && text.includes(`${edit.oldString}\n`)
      ? `${edit.oldString}\n`
      : edit.oldString;
  return edit.replaceAll
    ? text.split(search).join(edit.newString)
    : text.replace(search, () => edit.newString);
}
