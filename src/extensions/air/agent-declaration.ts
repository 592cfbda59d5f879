import { airMeta } from "./air-meta.js";
import { AIR_CAPABILITIES, GOAL, GOAL_ACTIONS, GOAL_METHOD } from "./keys.js";

/**
 * The AIR capabilities this adapter serves end to end, advertised to an AIR client
 * whatever it declared ("Agent declaration": the agent list does not depend on the
 * client's). A capability joins this list only once it works on the wire: the AIR II
 * capabilities are not built yet. `loadReplayEnd` is the client's to declare, not
 * advertised (the reference's contract); `sessionIndex` is not served whole yet (no list
 * subscription, no row metadata), so neither it nor its `session*` companions are listed.
 */
export const ADVERTISED_AIR_CAPABILITIES: readonly string[] = [
  AIR_CAPABILITIES.sessionFailure,
  AIR_CAPABILITIES.recommendedValue,
  AIR_CAPABILITIES.diffPatch,
  AIR_CAPABILITIES.planFile,
  AIR_CAPABILITIES.agentFileChangeReport,
  AIR_CAPABILITIES.nativeSubagentSessions,
  AIR_CAPABILITIES.asyncTasks,
  AIR_CAPABILITIES.customInstructions,
];

/**
 * `initialize` response `_meta` for an AIR client: `{jetbrains: {air: {version,
 * capabilities, goal}}}`. The goal object has no client capability: the client uses the
 * control method when it wants to ("Goal", "Capability"); `actions` names only what the
 * adapter serves.
 */
export function airAgentDeclaration(): Record<string, unknown> {
  return airMeta({
    capabilities: [...ADVERTISED_AIR_CAPABILITIES],
    [GOAL]: {
      version: 1,
      controlMethod: GOAL_METHOD,
      actions: [GOAL_ACTIONS.set, GOAL_ACTIONS.clear],
    },
  });
}
