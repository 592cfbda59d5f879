import type { ToolCallContent } from "@agentclientprotocol/sdk/unstable";
import { previewFileTool } from "../../translation/patches/edit-preview.js";
import { createdFile, patchableFinal } from "../../translation/patches/final-diff.js";
import { decodeFileText, gitPatch } from "../../translation/patches/git-patch.js";
import type { ToolCallDecorator } from "../../translation/tool-calls/decorator.js";
import type { FileBeforeApproval } from "../../translation/tool-calls/facts.js";
import type { ToolCallState } from "../../translation/tool-calls/tool-call-state.js";
import { V2_PATCH_META } from "./keys.js";

/**
 * The `patch` of a v2 `diff` (the v2 schema: the agent SHOULD provide it whenever
 * feasible): the Git patch of an Edit, MultiEdit or Write, as the preview of its approval
 * (the file read before it, the input applied in memory) and after the write (Claude's
 * `originalFile` against the file on disk). It rides in the v1 diff block's `_meta`
 * (`V2_PATCH_META`) to the mapping, which makes it the v2 `patch`. A diff without an
 * exact patch (an Edit's snippet before its approval, a binary or CR file, a text over
 * 1 MiB) goes without one: its `changes` still name the file.
 */
export function filePatchDecorator(): ToolCallDecorator {
  const previews = new WeakMap<FileBeforeApproval, readonly ToolCallContent[] | null>();
  const finals = new WeakMap<readonly ToolCallContent[], readonly ToolCallContent[]>();
  return {
    appendedKeys: [],
    decorate() {},
    content(picked, from, state) {
      if (from === "final") {
        // A loaded history's Write: the disk shows a later state than the history.
        if (state.replayed && state.toolName === "Write") return picked;
        let patched = finals.get(picked);
        if (!patched) {
          const created = createdFile(state);
          finals.set(picked, (patched = picked.map((block) => finalBlock(block, created))));
        }
        return patched;
      }
      const file = state.fileBeforeApproval;
      if (!file) return picked;
      let preview = previews.get(file);
      if (preview === undefined) previews.set(file, (preview = previewContent(state, file)));
      return preview ?? picked;
    },
  };
}

/** A final diff with its patch, when an exact one can be made of it. */
function finalBlock(block: ToolCallContent, created: boolean): ToolCallContent {
  const diff = patchableFinal(block, created);
  return diff ? withPatch({ type: "diff", ...diff }) : block;
}

/**
 * The approval's view of the change: the whole file before and after, with its patch;
 * null (keep what the input shows) when there is no exact one.
 */
function previewContent(
  state: ToolCallState,
  file: FileBeforeApproval,
): readonly ToolCallContent[] | null {
  const path = state.input.file_path;
  if (typeof path !== "string" || "unreadable" in file) return null;
  const decoded = "bytes" in file ? decodeFileText(file.bytes) : undefined;
  if (decoded && "noPatch" in decoded) return null;
  const current = decoded ? decoded.text : null;
  const preview = previewFileTool(state.toolName, state.input, current);
  if ("noPreview" in preview) return null;
  const block = withPatch({ type: "diff", path, ...preview });
  return block._meta ? [block] : null;
}

/** `block` with its Git patch in `_meta` when an exact one exists. */
function withPatch(
  block: ToolCallContent & { type: "diff"; oldText: string | null },
): ToolCallContent {
  const patch = gitPatch(block.path, block.oldText, block.newText);
  return "patch" in patch ? { ...block, _meta: { [V2_PATCH_META]: patch.patch } } : block;
}
