import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import { isArchivedTitle, visibleTitle } from "../../sdk/transcripts/archive-title.js";
import { airMeta } from "./air-meta.js";
import { ARCHIVED } from "./keys.js";

/**
 * The `session_info_update` a client declaring `sessionIndex` gets for its live session
 * when a rename or an archive changed it: the visible title and the archive state (the
 * archive store is the core's, `sdk/transcripts/archive-title.ts`).
 */
export function titleStateUpdate(storedTitle: string): SessionUpdate {
  return {
    sessionUpdate: "session_info_update",
    title: visibleTitle(storedTitle),
    _meta: airMeta({ [ARCHIVED]: isArchivedTitle(storedTitle) }),
  };
}
