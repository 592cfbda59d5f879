import type { SessionConfigOption } from "@agentclientprotocol/sdk/unstable";
import { invalidInput } from "../../util/adapter-error.js";
import {
  agentOption,
  customAgents,
  DEFAULT_AGENT,
  type AgentFacts,
} from "../../translation/agent-option.js";

/** An agent switch the session must apply to Claude Code (`applyFlagSettings`). */
export interface AgentChange {
  readonly kind: "agent";
  /** null: Claude Code's own main thread. */
  readonly agent: string | null;
}

/**
 * The agent a session's main thread runs as (features 1g `agent`): Claude Code's own, or
 * one of the user's custom agents. The client's `_meta.claudeCode.options.agent` is the
 * start value when it names one of them.
 */
export class AgentChoice {
  private readonly agents: AgentFacts[];
  private current: string;

  constructor(listed: readonly AgentFacts[], startAgent: string | undefined) {
    this.agents = customAgents(listed);
    this.current = this.offers(startAgent) ? startAgent! : DEFAULT_AGENT;
  }

  /** The agent to start a query with (a restart keeps the choice); undefined: none. */
  get agent(): string | undefined {
    return this.current === DEFAULT_AGENT ? undefined : this.current;
  }

  option(): SessionConfigOption | undefined {
    return agentOption(this.agents, this.current);
  }

  /** `session/set_config_option` of `agent`; undefined when nothing changes. */
  set(value: unknown): AgentChange | undefined {
    if (this.agents.length === 0)
      throw invalidInput(`unknown config option "agent"`, { configId: "agent" });
    if (value !== DEFAULT_AGENT && !this.offers(value))
      throw invalidInput(`unknown agent ${JSON.stringify(value)}`, { value });
    if (value === this.current) return undefined;
    this.current = value as string;
    return { kind: "agent", agent: this.agent ?? null };
  }

  private offers(name: unknown): name is string {
    return typeof name === "string" && this.agents.some((agent) => agent.name === name);
  }
}
