import type { ExtensionHooks } from "../../profile/hooks.js";
import { UPSTREAM_CONTRACT, type ToolCallContract } from "../../translation/tool-calls/contract.js";
import { childConfigTap, replayedChildUpdates } from "./child-config-tap.js";
import { filePatchDecorator } from "./file-patch-decorator.js";
import type { V2Profile } from "./profile.js";

/**
 * A v2 client's tool call contract: upstream's, but an edit shows the whole file's diff
 * (its exact `patch` rides on it, `filePatchDecorator`), not upstream's hunks, and a
 * command's output follows its description instead of replacing it.
 */
const V2_CONTRACT: ToolCallContract = Object.freeze({
  ...UPSTREAM_CONTRACT,
  outputReplacesDescription: false,
  editHunks: false,
});

/** What a draft ACP v2 client gets at the core's hook points. */
export function v2Hooks(v2: V2Profile): Partial<ExtensionHooks> {
  if (!v2.filePatches) return {};
  return {
    toolCallDecorators: [filePatchDecorator()],
    previewsFileChanges: true,
    toolCallContract: V2_CONTRACT,
    // v2's setup answers carry the commands (`availableCommands`).
    commandsInSetupAnswer: true,
    // A v2 upsert carries no v1 `toolResponse`.
    omitsChildResponses: true,
    // A subagent's child session shows its mode, model, effort and agent type.
    messageTaps: [childConfigTap],
    replayedChild: replayedChildUpdates,
  };
}
