import type { AgentDeclaration } from "../../profile/agent-declaration.js";
import {
  LODY,
  LODY_AGENT_KEYS,
  LODY_GOAL_ACTIONS,
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
      version: LODY_VERSION,
      transport: STEERING_TRANSPORT,
      upstreamTurn: STEERING_UPSTREAM_TURN,
      configPolicy: STEERING_CONFIG_POLICY,
    },
    // With the client's own `subagentEvents`: `_lody/subagents/event` (contract §4).
    [LODY_AGENT_KEYS.subagentEvents]: { version: LODY_VERSION },
    [LODY_AGENT_KEYS.usage]: { version: LODY_VERSION },
    [LODY_AGENT_KEYS.rateLimits]: { version: LODY_VERSION, query: true },
    [LODY_AGENT_KEYS.sessionTitle]: { version: LODY_VERSION },
    [LODY_AGENT_KEYS.forkAtTurn]: { version: LODY_VERSION },
    [LODY_AGENT_KEYS.goal]: {
      version: LODY_VERSION,
      actions: [LODY_GOAL_ACTIONS.set, LODY_GOAL_ACTIONS.clear],
    },
    // The activity goes only to a client without ACP `session.compaction` (§7.5).
    [LODY_AGENT_KEYS.compaction]: { version: LODY_VERSION },
    // Backgrounded Bash commands as `_meta.lody.task` tool calls (§7.6); no scheduled tasks.
    [LODY_AGENT_KEYS.tasks]: { version: LODY_VERSION, background: true },
    // Subagents as `_meta.lody.task` tool calls of kind `subagent` (§7.6), the fallback
    // for a client without `subagentEvents` or native child sessions; no list/cancel/output.
    [LODY_AGENT_KEYS.subagents]: { version: LODY_VERSION, lifecycle: true },
  };
}

/**
 * `agentCapabilities._meta` of a Lody client: `{lody: {...}}`. Only a client that
 * declared `_meta.lody` gets it, as only an AIR client gets the AIR declaration.
 */
export function lodyAgentDeclaration(): Record<string, unknown> {
  return { [LODY]: advertised() };
}

/** Lody's part of the `initialize` answer: `agentCapabilities._meta.lody`, to a Lody client. */
export const lodyInitializeDeclaration: AgentDeclaration = (profile) =>
  profile.lody.client ? { capabilitiesMeta: lodyAgentDeclaration() } : {};
