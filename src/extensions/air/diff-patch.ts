import type { ToolCallContent } from "@agentclientprotocol/sdk/unstable";
import { gitPatch } from "../../translation/patches/git-patch.js";
import { AIR, DIFF_PATCH, GIT_PATCH_FORMAT, JETBRAINS } from "./keys.js";

/**
 * AIR's diff patch (air-extensions.md "Diff patch"): the payload and the diff blocks of
 * patch mode; the patch itself is `translation/patches/git-patch.ts`.
 */

/** `_meta.jetbrains.air.diffPatch` of a diff block. */
export interface DiffPatchPayload {
  readonly version: 1;
  readonly format: typeof GIT_PATCH_FORMAT;
  readonly text: string;
}

export function diffPatchPayload(text: string): DiffPatchPayload {
  return { version: 1, format: GIT_PATCH_FORMAT, text };
}

/**
 * A diff block of patch mode: `oldText: null` and `newText: ""` are placeholders that
 * satisfy the ACP schema; the change is the patch ("Diff content").
 */
export function patchDiffBlock(path: string, patch: string): ToolCallContent {
  return {
    type: "diff",
    path,
    oldText: null,
    newText: "",
    _meta: { [JETBRAINS]: { [AIR]: { version: 1, [DIFF_PATCH]: diffPatchPayload(patch) } } },
  };
}

/**
 * The content of an AIR permission request's tool call ("Tool call of the request"): the
 * client has the tool call already, so the request repeats only an exact preview patch;
 * undefined when `content` is anything else.
 */
export function requestPreview(
  content: readonly ToolCallContent[] | undefined,
): ToolCallContent[] | undefined {
  if (!content || content.length === 0) return undefined;
  for (let i = 0; i < content.length; i++) if (!isPatchBlock(content[i]!)) return undefined;
  return content.slice();
}

function isPatchBlock(block: ToolCallContent): boolean {
  if (block.type !== "diff") return false;
  const air = (block._meta?.[JETBRAINS] as Record<string, unknown> | undefined)?.[AIR];
  return (air as Record<string, unknown> | undefined)?.[DIFF_PATCH] !== undefined;
}

/**
 * The diff block of a change for a `diffPatch` client: the patch when an exact one
 * exists, else the standard diff with the real texts ("Fallback").
 */
export function diffBlock(path: string, oldText: string | null, newText: string): ToolCallContent {
  const result = gitPatch(path, oldText, newText);
  return "patch" in result
    ? patchDiffBlock(path, result.patch)
    : { type: "diff", path, oldText, newText };
}
