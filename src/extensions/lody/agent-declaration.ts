import {
  LODY,
  LODY_AGENT_KEYS,
  LODY_VERSION,
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
    // The activity goes only to a client without ACP `session.compaction` (§7.5).
    [LODY_AGENT_KEYS.compaction]: { version: LODY_VERSION },
    // Backgrounded Bash commands as `_meta.lody.task` tool calls (§7.6); no scheduled tasks.
    [LODY_AGENT_KEYS.tasks]: { version: LODY_VERSION, background: true },
  };
}

/**
 * `agentCapabilities._meta` of a Lody client: `{lody: {...}}`. Only a client that
 * declared `_meta.lody` gets it, as only an AIR client gets the AIR declaration.
 */
export function lodyAgentDeclaration(): Record<string, unknown> {
  return { [LODY]: advertised() };
}
