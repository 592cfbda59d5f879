import type { ExtensionHooks } from "../../profile/hooks.js";
import { filePatchDecorator } from "./file-patch-decorator.js";
import type { V2Profile } from "./profile.js";

/** What a draft ACP v2 client gets at the core's hook points. */
export function v2Hooks(v2: V2Profile): Partial<ExtensionHooks> {
  if (!v2.filePatches) return {};
  return {
    toolCallDecorators: [filePatchDecorator()],
    previewsFileChanges: true,
    // v2's setup answers carry the commands (`availableCommands`).
    commandsInSetupAnswer: true,
  };
}
