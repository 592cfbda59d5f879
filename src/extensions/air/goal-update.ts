import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import type { GoalSnapshot } from "../../translation/goal-state.js";
import { airMeta } from "./air-meta.js";
import { GOAL, GOAL_METHOD } from "./keys.js";

/**
 * The `session_info_update` that publishes `goal` (`null`: no goal) in
 * `_meta.jetbrains.air.goal` (air-extensions.md "Session state"): the neutral snapshot
 * with the method that controls it (`controlMethod`).
 */
export function goalUpdate(goal: GoalSnapshot | null): SessionUpdate {
  const snapshot = goal === null ? null : { ...goal, controlMethod: GOAL_METHOD };
  return { sessionUpdate: "session_info_update", _meta: airMeta({ [GOAL]: snapshot }) };
}
