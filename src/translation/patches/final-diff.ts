import type { ToolCallContent } from "@agentclientprotocol/sdk/unstable";
import type { ToolCallState } from "../tool-calls/tool-call-state.js";

/** The texts of a final diff that an exact patch can be made of. */
export interface PatchableDiff {
  readonly path: string;
  readonly oldText: string | null;
  readonly newText: string;
}

/**
 * Whether the tool created its file. Claude's `originalFile` is null also when the old
 * file was too large to include (0.3.318 `FileWriteOutput`), so only a Write that says
 * `type: "create"` counts as a creation.
 */
export function createdFile(state: ToolCallState): boolean {
  const response = state.toolResponse as { type?: unknown } | null | undefined;
  return state.toolName === "Write" && response?.type === "create";
}

/**
 * The texts of a final diff block when an exact patch can be made of them; undefined for
 * another block, a diff without old text of a file that was not `created`, or a text read
 * as lossy UTF-8 (`sdk/tool-callbacks.ts`: a U+FFFD may stand for bytes that are not UTF-8).
 * AIR's diff patch and v2's file patch both build their final patch from it.
 */
export function patchableFinal(
  block: ToolCallContent,
  created: boolean,
): PatchableDiff | undefined {
  if (block.type !== "diff") return undefined;
  const oldText = block.oldText ?? null;
  if (oldText === null && !created) return undefined;
  if (block.newText.includes("\uFFFD") || oldText?.includes("\uFFFD")) return undefined;
  return { path: block.path, oldText, newText: block.newText };
}
