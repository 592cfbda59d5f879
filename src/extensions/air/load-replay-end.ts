import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import { airMeta } from "./air-meta.js";
import { LOAD_REPLAY_END } from "./keys.js";

/**
 * The `session_info_update` that tells an AIR client declaring `loadReplayEnd` that a
 * `session/load`'s replay is over: the client stops treating updates as history before
 * the load's answer arrives.
 */
export function loadReplayEndUpdate(): SessionUpdate {
  return { sessionUpdate: "session_info_update", _meta: airMeta({ [LOAD_REPLAY_END]: true }) };
}
