import type { SessionConfigOption } from "@agentclientprotocol/sdk/unstable";

/** An agent Claude Code can run the main thread as (SDK `AgentInfo`). */
export interface AgentFacts {
  readonly name: string;
  readonly description: string;
}

/** The `agent` option's value for Claude Code's own main thread (no agent). */
export const DEFAULT_AGENT = "default";

/**
 * Claude Code's built-in agents (0.3.318 `supportedAgents()` lists them in every
 * project). They are for delegation, not personas for the main thread, so they are no
 * choice of the `agent` option.
 */
const BUILT_IN_AGENTS: ReadonlySet<string> = new Set([
  "claude",
  "general-purpose",
  "Explore",
  "Plan",
  "statusline-setup",
]);

/**
 * The user's own agents (`.claude/agents/*.md` of the project or the user, plugins):
 * what the `agent` option offers. A custom agent named `default` would take the place of
 * Claude Code's own, so it is left out; so is a second agent of the same name.
 */
export function customAgents(agents: readonly AgentFacts[]): AgentFacts[] {
  const seen = new Set<string>();
  return agents.filter((agent) => {
    if (BUILT_IN_AGENTS.has(agent.name) || agent.name === DEFAULT_AGENT || seen.has(agent.name))
      return false;
    seen.add(agent.name);
    return true;
  });
}

/**
 * The `agent` select option (features 1g): Claude Code's own main thread, then each
 * custom agent. Undefined when there are no custom agents: one row is no choice.
 */
export function agentOption(
  agents: readonly AgentFacts[],
  current: string,
): SessionConfigOption | undefined {
  if (agents.length === 0) return undefined;
  return {
    id: "agent",
    name: "Agent",
    description: "The agent Claude runs the session as",
    type: "select",
    currentValue: current,
    options: [
      { value: DEFAULT_AGENT, name: "Default", description: "Claude Code's own instructions" },
      ...agents.map((agent) => ({
        value: agent.name,
        name: agent.name,
        ...(agent.description ? { description: agent.description } : {}),
      })),
    ],
  };
}
