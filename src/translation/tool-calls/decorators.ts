import { backgroundedDecorator } from "../../extensions/air/async-tasks/backgrounded-decorator.js";
import { diffPatchDecorator } from "../../extensions/air/diff-patch-decorator.js";
import { airToolCallDecorator } from "../../extensions/air/tool-call-decorator.js";
import { lodyToolNameDecorator } from "../../extensions/lody/tool-name-decorator.js";
import { filePatchDecorator } from "../../extensions/v2/file-patch-decorator.js";
import { terminalDecorator } from "../../extensions/zed/terminal-decorator.js";
import type { ClientProfile } from "../../profile/client-profile.js";
import type { ToolCallDecorator } from "./decorator.js";

/** The tool call decorators of the extensions `profile` negotiated, in order. */
export function decoratorsFor(profile: ClientProfile): readonly ToolCallDecorator[] {
  const decorators: ToolCallDecorator[] = [];
  if (profile.zed.terminalOutput)
    decorators.push(terminalDecorator(profile.zed.terminalOutputDelta));
  if (profile.air.client) decorators.push(airToolCallDecorator());
  if (profile.air.diffPatch) decorators.push(diffPatchDecorator());
  if (profile.air.asyncTasks) decorators.push(backgroundedDecorator());
  if (profile.lody.client) decorators.push(lodyToolNameDecorator());
  if (profile.v2.filePatches) decorators.push(filePatchDecorator());
  return decorators;
}

/**
 * Whether the session reads an edited file before its approval, for a decorator that
 * shows a preview of the change (AIR `diffPatch`, a v2 diff's `patch`).
 */
export function previewsFileChanges(profile: ClientProfile): boolean {
  return profile.air.diffPatch || profile.v2.filePatches;
}
