import { structuredPatch, type StructuredPatchHunk } from "diff";
import { changedWindow } from "./changed-window.js";
import { patchName, quoteGitPath } from "./git-path.js";

/**
 * The exact Git patch of one file change (air-extensions.md "Diff patch", the ACP v2
 * `diff`'s `patch`): the headers of `git diff` written here, the hunks (3 lines of
 * context) from the `diff` package. Shared by the extensions that send patches.
 */

/** The patch format: ACP v2's `Diff.patch.format` and AIR's `diffPatch.format`. */
export const GIT_PATCH_FORMAT = "git_patch";

/** A file or a new text larger than this gets the standard diff ("Claude behavior"). */
export const MAX_PATCH_TEXT_BYTES = 1024 * 1024;

/**
 * Beyond this many changed lines the line diff (Myers, which costs about lines × changes:
 * ~0.2 s on the event loop at 1,000 changes in 12,000 lines) gives way to one hunk that
 * replaces everything between the common first and last lines (`wholeChangeHunk`):
 * exact too, computed in one pass, and hardly larger than a minimal patch of so many
 * changes.
 */
const MAX_EDIT_LENGTH = 500;

/** Why a change has no exact patch; the block then carries the standard diff. */
export type NoPatchReason =
  | "too-large"
  | "binary"
  | "not-utf8"
  | "carriage-return"
  | "byte-order-mark"
  | "unchanged"
  | "empty-new-file";

export type GitPatch = { readonly patch: string } | { readonly noPatch: NoPatchReason };

/**
 * Why `text` cannot be a side of an exact patch, or undefined when it can: over 1 MiB of
 * UTF-8, a NUL (binary), a CR (a patch never holds one), or a leading byte order mark
 * (Claude's `originalFile` and the disk may disagree on it).
 */
export function unpatchableText(text: string): NoPatchReason | undefined {
  if (text.length > MAX_PATCH_TEXT_BYTES || Buffer.byteLength(text, "utf8") > MAX_PATCH_TEXT_BYTES)
    return "too-large";
  if (text.includes("\0")) return "binary";
  if (text.includes("\r")) return "carriage-return";
  if (text.startsWith("\uFEFF")) return "byte-order-mark";
  return undefined;
}

/**
 * A file's bytes as text, when a diff can show them: at most 1 MiB of valid UTF-8 without
 * a NUL. The byte order mark stays in the text, so `gitPatch` sees it; a CR stays too, for
 * the standard diff.
 */
export function decodeFileText(
  bytes: Uint8Array,
): { readonly text: string } | { readonly noPatch: "too-large" | "binary" | "not-utf8" } {
  if (bytes.length > MAX_PATCH_TEXT_BYTES) return { noPatch: "too-large" };
  if (bytes.includes(0)) return { noPatch: "binary" };
  try {
    return { text: new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes) };
  } catch {
    return { noPatch: "not-utf8" };
  }
}

/**
 * The Git patch that turns `oldText` (null: the file does not exist yet) into `newText`
 * at `path`, or why there is none. `git apply` of the patch to the old file gives
 * `newText` byte for byte; `diff-patch.corpus.test.ts` beside this file proves it.
 */
export function gitPatch(
  path: string,
  oldText: string | null,
  newText: string,
  maxEditLength = MAX_EDIT_LENGTH,
): GitPatch {
  const reason =
    (oldText === null ? undefined : unpatchableText(oldText)) ?? unpatchableText(newText);
  if (reason) return { noPatch: reason };
  if (oldText === newText) return { noPatch: "unchanged" };
  // A created empty file has no hunk, and the spec wants at least one.
  if (oldText === null && newText === "") return { noPatch: "empty-new-file" };
  const name = patchName(path);
  const hunks = lineDiffHunks(oldText ?? "", newText, maxEditLength) ?? [
    wholeChangeHunk(oldText ?? "", newText),
  ];
  if (hunks.length === 0) return { noPatch: "unchanged" };
  return { patch: header(name, oldText === null) + hunks.map(hunkText).join("") };
}

/** Lines of context around a change, as `git diff` writes them. */
const CONTEXT = 3;

/**
 * The line diff's hunks of the change (undefined beyond `maxEditLength`), computed over
 * its `changedWindow` only and numbered as lines of the whole texts. The line diff follows
 * the common start first, so the first hunk always has its leading context in the window;
 * among equally short diffs it may place a change in repeated lines at the window's end,
 * short of trailing context, and the window then grows until the last hunk has its full
 * context or the window reaches the texts' end.
 */
function lineDiffHunks(
  oldText: string,
  newText: string,
  maxEditLength: number,
): StructuredPatchHunk[] | undefined {
  for (let after = CONTEXT; ; after *= 8) {
    const window = changedWindow(oldText, newText, CONTEXT, after);
    const hunks = structuredPatch(
      "",
      "",
      oldText.slice(window.start, window.oldEnd),
      newText.slice(window.start, window.newEnd),
      undefined,
      undefined,
      { context: CONTEXT, maxEditLength },
    )?.hunks;
    if (!hunks) return undefined;
    const last = hunks[hunks.length - 1];
    if (window.oldEnd < oldText.length && last && trailingContext(last) < CONTEXT) continue;
    for (const hunk of hunks) {
      hunk.oldStart += window.linesBefore;
      hunk.newStart += window.linesBefore;
    }
    return hunks;
  }
}

/** The context lines that end a hunk (a hunk always holds a change). */
function trailingContext(hunk: StructuredPatchHunk): number {
  return hunk.lines.length - 1 - hunk.lines.findLastIndex((line) => !line.startsWith(" "));
}

const NO_NEWLINE = "\\ No newline at end of file";

/**
 * One hunk that removes every line between the common first and last lines of the two
 * texts and adds the new ones, with `CONTEXT` lines around it; in the `diff` package's
 * form (each line with its ` `/`-`/`+`, and the no-newline marker after a file's last
 * line when it has no line break). Lines are compared with their line break, so a last
 * line that gains or loses one counts as changed. The texts differ.
 */
export function wholeChangeHunk(oldText: string, newText: string): StructuredPatchHunk {
  const before = rawLines(oldText);
  const after = rawLines(newText);
  let prefix = 0;
  while (prefix < before.length && prefix < after.length && before[prefix] === after[prefix])
    prefix++;
  let suffix = 0;
  while (
    suffix < before.length - prefix &&
    suffix < after.length - prefix &&
    before[before.length - 1 - suffix] === after[after.length - 1 - suffix]
  )
    suffix++;
  const start = Math.max(0, prefix - CONTEXT);
  const tail = Math.min(suffix, CONTEXT);
  const lines: string[] = [];
  const add = (sign: string, raw: string) => {
    const ends = raw.endsWith("\n");
    lines.push(sign + (ends ? raw.slice(0, -1) : raw));
    if (!ends) lines.push(NO_NEWLINE);
  };
  for (let i = start; i < prefix; i++) add(" ", before[i]!);
  for (let i = prefix; i < before.length - suffix; i++) add("-", before[i]!);
  for (let i = prefix; i < after.length - suffix; i++) add("+", after[i]!);
  for (let i = before.length - suffix; i < before.length - suffix + tail; i++) add(" ", before[i]!);
  const context = prefix - start + tail;
  return {
    oldStart: start + 1,
    oldLines: before.length - prefix - suffix + context,
    newStart: start + 1,
    newLines: after.length - prefix - suffix + context,
    lines,
  };
}

/** A text's lines, each with its line break (the last one may have none). */
function rawLines(text: string): string[] {
  const lines: string[] = [];
  let from = 0;
  while (from < text.length) {
    const end = text.indexOf("\n", from);
    const to = end === -1 ? text.length : end + 1;
    lines.push(text.slice(from, to));
    from = to;
  }
  return lines;
}

/**
 * `git diff`'s headers: each name quoted with its prefix (`quote_two`), `/dev/null` for a
 * created file, and a tab after a `---`/`+++` name that holds a space, so that a reader
 * does not take the rest of the line for a timestamp.
 */
function header(name: string, created: boolean): string {
  const a = quoteGitPath(`a/${name}`);
  const b = quoteGitPath(`b/${name}`);
  const label = (text: string) => (text.includes(" ") ? `${text}\t` : text);
  let text = `diff --git ${a} ${b}\n`;
  if (created) text += "new file mode 100644\n";
  return `${text}--- ${created ? "/dev/null" : label(a)}\n+++ ${label(b)}\n`;
}

function hunkText(hunk: StructuredPatchHunk): string {
  let text = `@@ -${range(hunk.oldStart, hunk.oldLines)} +${range(hunk.newStart, hunk.newLines)} @@\n`;
  // Each line already carries its ` `/`-`/`+` or is the `\ No newline at end of file` marker.
  for (let i = 0; i < hunk.lines.length; i++) text += `${hunk.lines[i]}\n`;
  return text;
}

/** A hunk range as Git writes it: no count when it is 1; an empty range names the line before. */
function range(start: number, count: number): string {
  if (count === 1) return `${start}`;
  return `${count === 0 ? start - 1 : start},${count}`;
}
