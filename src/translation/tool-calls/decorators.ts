import type { ClientProfile } from "../../profile/client-profile.js";
import type { ToolCallDecorator } from "./decorator.js";

declare module "../../profile/hooks.js" {
  interface ExtensionHooks {
    /** The negotiated extensions' tool call decorators, in the order they add `_meta`. */
    readonly toolCallDecorators?: readonly ToolCallDecorator[];
    /**
     * The session reads an edited file before its approval, for a decorator that shows a
     * preview of the change (AIR `diffPatch`, a v2 diff's `patch`).
     */
    readonly previewsFileChanges?: boolean;
  }
}

/** The tool call decorators of the extensions `profile` negotiated, in order. */
export function decoratorsFor(profile: ClientProfile): readonly ToolCallDecorator[] {
  return profile.hooks.toolCallDecorators ?? [];
}

/** Whether the session reads an edited file before its approval (a decorator's preview). */
export function previewsFileChanges(profile: ClientProfile): boolean {
  return profile.hooks.previewsFileChanges === true;
}
