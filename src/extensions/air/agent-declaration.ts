import type { AgentDeclaration } from "../../profile/agent-declaration.js";
import { airMeta } from "./air-meta.js";
import {
  AIR_CAPABILITIES,
  GOAL,
  GOAL_ACTIONS,
  GOAL_METHOD,
  SESSION_INDEX_AGENT_CAPABILITIES,
} from "./keys.js";

/**
 * The AIR capabilities this adapter serves end to end, advertised to every AIR client
 * ("Agent declaration"). A capability joins this list only once it works on the wire.
 * `loadReplayEnd` is the client's to declare, not advertised (the reference's contract).
 * `backgroundSubagents`: a turn ends at its result while its background subagents run
 * (the adapter never holds a turn for them); the declaration is ACP v1's only (v2 sends
 * no AIR declaration).
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
  AIR_CAPABILITIES.backgroundSubagents,
];

/**
 * The session index and its companions, advertised to every AIR client like the rest
 * (S000 "Agent declaration": the agent list does not depend on the capabilities that
 * AIR declares); as for every extension, only a client that declared `sessionIndex`
 * gets its list rows and methods.
 */
export const SESSION_INDEX_ADVERTISED: readonly string[] = [
  AIR_CAPABILITIES.sessionIndex,
  SESSION_INDEX_AGENT_CAPABILITIES.batchGet,
  SESSION_INDEX_AGENT_CAPABILITIES.archive,
  SESSION_INDEX_AGENT_CAPABILITIES.rename,
  SESSION_INDEX_AGENT_CAPABILITIES.listSubscribe,
  SESSION_INDEX_AGENT_CAPABILITIES.worktrees,
];

/**
 * `initialize` response `_meta` for an AIR client: `{jetbrains: {air: {version,
 * capabilities, goal}}}`, the same for every AIR client whatever it declared. The goal
 * object has no client capability: the client uses the control method when it wants to
 * ("Goal", "Capability"); `actions` names only what the adapter serves.
 */
export function airAgentDeclaration(): Record<string, unknown> {
  return airMeta({
    capabilities: [...ADVERTISED_AIR_CAPABILITIES, ...SESSION_INDEX_ADVERTISED],
    [GOAL]: {
      version: 1,
      controlMethod: GOAL_METHOD,
      actions: [GOAL_ACTIONS.set, GOAL_ACTIONS.clear],
    },
  });
}

/** AIR's part of the `initialize` answer: its declaration in `_meta`, to an AIR client only. */
export const airInitializeDeclaration: AgentDeclaration = (profile) =>
  profile.air.client ? { answerMeta: airAgentDeclaration() } : {};
