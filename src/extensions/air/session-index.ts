import type { ExtensionHooks } from "../../profile/hooks.js";
import { titleStateUpdate } from "./archive-title.js";
import { LIST_CHANGES_METHOD } from "./keys.js";
import { SentRows } from "./list-changes.js";
import { indexRow, keptBy, parseListOptions } from "./session-index-rows.js";

/**
 * AIR's session index (`sessionIndex`, the reference's AIR extension) at the core's
 * `sessionIndex` hook (`agent/history/index-rows.ts`): the options of
 * `_meta.jetbrains.air.list`, the rows with `_meta.jetbrains.air`, the title update of a
 * live session, and `_session/list/changes`. The store, the transcripts' facts and the
 * watching of the project folders are the core's.
 */
export const AIR_SESSION_INDEX: NonNullable<ExtensionHooks["sessionIndex"]> = {
  listOptions(meta) {
    const { limit, archived, includeWorktrees } = parseListOptions(meta);
    return { limit, includeWorktrees, keep: (title) => keptBy(archived, title) };
  },
  row: indexRow,
  titleUpdate: titleStateUpdate,
  changesMethod: LIST_CHANGES_METHOD,
  changes: (subscriptionId) => new SentRows(subscriptionId),
};
