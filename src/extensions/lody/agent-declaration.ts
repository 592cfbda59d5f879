import {
  LODY,
  LODY_AGENT_KEYS,
  LODY_GOAL_ACTIONS,
  STEERING_CONFIG_POLICY,
  STEERING_TRANSPORT,
  STEERING_UPSTREAM_TURN,
} from "./keys.js";

/**
 * The Lody features this adapter serves end to end, each as its agent capability
 * (lody-contract.md §1.1). A feature is listed here only once it works; the contract's
 * list of what the Claude adapter advertises (§1.3) is the target.
 */
function advertised(): Record<string, Record<string, unknown>> {
  return {
    [LODY_AGENT_KEYS.steering]: {
      version: 1,
      transport: STEERING_TRANSPORT,
      upstreamTurn: STEERING_UPSTREAM_TURN,
      configPolicy: STEERING_CONFIG_POLICY,
    },
    // With the client's own `subagentEvents`: `_lody/subagents/event` (contract §4).
    [LODY_AGENT_KEYS.subagentEvents]: { version: 1 },
    [LODY_AGENT_KEYS.usage]: { version: 1 },
    [LODY_AGENT_KEYS.rateLimits]: { version: 1, query: true },
    [LODY_AGENT_KEYS.sessionTitle]: { version: 1 },
    [LODY_AGENT_KEYS.forkAtTurn]: { version: 1 },
    [LODY_AGENT_KEYS.goal]: {
      version: 1,
      actions: [LODY_GOAL_ACTIONS.set, LODY_GOAL_ACTIONS.clear],
    },
  };
}

/**
 * `agentCapabilities._meta` of a Lody client: `{lody: {...}}`. Only a client that
 * declared `_meta.lody` gets it, as only an AIR client gets the AIR declaration.
 */
export function lodyAgentDeclaration(): Record<string, unknown> {
  return { [LODY]: advertised() };
}
