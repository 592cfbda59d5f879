import type { ToolCallContent } from "@agentclientprotocol/sdk/unstable";
import type { ToolCallDecorator } from "../../translation/tool-calls/decorator.js";
import type { FileBeforeApproval } from "../../translation/tool-calls/facts.js";
import type { ToolCallState } from "../../translation/tool-calls/tool-call-state.js";
import { previewFileTool } from "../../translation/patches/edit-preview.js";
import { createdFile, patchableFinal } from "../../translation/patches/final-diff.js";
import { decodeFileText, gitPatch } from "../../translation/patches/git-patch.js";
import { diffBlock, patchDiffBlock } from "./diff-patch.js";

/** What a Write approval shows when the file it overwrites cannot be read as text. */
export const UNSHOWN_OVERWRITE_NOTICE = "Overwrites an existing file that cannot be shown.";

/**
 * AIR `diffPatch` (air-extensions.md "Diff patch"): the diff blocks of an Edit, MultiEdit
 * or Write become exact Git patches. Before the approval the tool call shows the input
 * as Claude reports it (an Edit's snippet; a Write no diff, since its input does not tell
 * whether the file exists); with the file read for the approval, the preview; after the
 * write, the patch of Claude's `originalFile` against the file on disk. Each patch is
 * computed once per tool call and source (the renderer runs for every report).
 */
export function diffPatchDecorator(): ToolCallDecorator {
  const previews = new WeakMap<FileBeforeApproval, readonly ToolCallContent[] | null>();
  const finals = new WeakMap<readonly ToolCallContent[], readonly ToolCallContent[]>();
  return {
    appendedKeys: [],
    decorate() {},
    content(picked, from, state) {
      if (from === "final") {
        let patched = finals.get(picked);
        if (!patched) {
          const created = createdFile(state);
          patched =
            state.replayed && state.toolName === "Write"
              ? picked.map(withoutOldText)
              : picked.map((block) => finalBlock(block, created));
          finals.set(picked, patched);
        }
        return patched;
      }
      const file = state.fileBeforeApproval;
      if (file) {
        let preview = previews.get(file);
        if (preview === undefined) previews.set(file, (preview = previewContent(state, file)));
        if (preview) return preview;
      }
      return state.toolName === "Write" ? picked.filter((block) => block.type !== "diff") : picked;
    },
  };
}

/** A final diff as a patch; a block no exact patch can be made of keeps the standard diff. */
function finalBlock(block: ToolCallContent, created: boolean): ToolCallContent {
  const diff = patchableFinal(block, created);
  return diff ? diffBlock(diff.path, diff.oldText, diff.newText) : block;
}

/**
 * A loaded history's Write ("Claude behavior"): the standard diff without old text. It
 * had no preview and no hook, and the disk shows a later state than the history.
 */
function withoutOldText(block: ToolCallContent): ToolCallContent {
  return block.type === "diff"
    ? { type: "diff", path: block.path, oldText: null, newText: block.newText }
    : block;
}

/**
 * The approval's view of the change ("Claude behavior"), or null to keep what the input
 * shows: a Write gets the patch, the standard diff of a text without an exact patch, or
 * a notice for a file it cannot show; an Edit gets the patch or keeps its snippet.
 */
function previewContent(
  state: ToolCallState,
  file: FileBeforeApproval,
): readonly ToolCallContent[] | null {
  const path = state.input.file_path;
  if (typeof path !== "string") return null;
  const decoded = "bytes" in file ? decodeFileText(file.bytes) : undefined;
  const write = state.toolName === "Write";
  if ("unreadable" in file || (decoded && "noPatch" in decoded))
    return write ? [notice(UNSHOWN_OVERWRITE_NOTICE)] : null;
  const current = decoded && "text" in decoded ? decoded.text : null;
  const preview = previewFileTool(state.toolName, state.input, current);
  if ("noPreview" in preview) return null;
  if (write) return [diffBlock(path, preview.oldText, preview.newText)];
  const patch = gitPatch(path, preview.oldText, preview.newText);
  return "patch" in patch ? [patchDiffBlock(path, patch.patch)] : null;
}

function notice(text: string): ToolCallContent {
  return { type: "content", content: { type: "text", text } };
}
