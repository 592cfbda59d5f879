import { airMeta } from "./air-meta.js";
import { KIND, MODE_KINDS, type ModeKind } from "./keys.js";

/** The presentation kind of each Claude permission mode ("Presentation hints"). */
const KINDS: Readonly<Record<string, ModeKind>> = {
  default: MODE_KINDS.standard,
  acceptEdits: MODE_KINDS.standard,
  plan: MODE_KINDS.plan,
  auto: MODE_KINDS.autoReview,
  bypassPermissions: MODE_KINDS.fullAccess,
};

/**
 * `_meta` of a session mode or a mode option value for an AIR client:
 * `{jetbrains: {air: {version: 1, kind}}}`; undefined for a mode the table does not
 * name (`dontAsk`, offered by no one, only current from settings).
 */
export function modeKindMeta(modeId: string): Record<string, unknown> | undefined {
  const kind = Object.hasOwn(KINDS, modeId) ? KINDS[modeId] : undefined;
  return kind ? airMeta({ [KIND]: kind }) : undefined;
}
