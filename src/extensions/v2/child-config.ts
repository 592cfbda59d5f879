import type { SessionConfigOption } from "@agentclientprotocol/sdk/unstable";

/**
 * A subagent's child session's config options (upstream 0.101.0's v2 surface): what
 * Claude Code reported of the subagent, each option with its one value, for the client
 * cannot change a running subagent's mode, model, effort or agent type. A child gets an
 * option once Claude Code has told it: its agent type when it starts, its model with its
 * first response, its mode and effort with its first hook (its first tool use).
 */
export class ChildConfig {
  private readonly options = new Map<string, SessionConfigOption>();
  private published: string | undefined;

  /** Records an option (a later report of the same id replaces it). */
  set(option: SessionConfigOption): void {
    this.options.set(option.id, option);
  }

  /**
   * The full set to publish (a `config_option_update` replaces the client's set), in
   * the order the root session shows its own (mode, model, effort, then the agent);
   * undefined when the client has it already.
   */
  publish(): SessionConfigOption[] | undefined {
    const options = [...this.options.values()].sort((a, b) => rank(a) - rank(b));
    const snapshot = JSON.stringify(options);
    if (options.length === 0 || snapshot === this.published) return undefined;
    this.published = snapshot;
    return options;
  }
}

const ORDER = ["mode", "model", "thought_level"];

function rank(option: SessionConfigOption): number {
  const index = ORDER.indexOf(option.category ?? "");
  return index < 0 ? ORDER.length : index;
}

/** One value of a child's option, as the root's option names it when it offers it. */
export interface Entry {
  readonly value: string;
  readonly name: string;
  readonly description?: string;
}

function select(
  head: Pick<SessionConfigOption, "id" | "name" | "description" | "category">,
  entry: Entry,
): SessionConfigOption {
  return { ...head, type: "select", currentValue: entry.value, options: [{ ...entry }] };
}

/** The permission mode the subagent runs in. */
export function childModeOption(entry: Entry): SessionConfigOption {
  const head = { id: "mode", name: "Mode", description: "Session permission mode" };
  return select({ ...head, category: "mode" }, entry);
}

/** The model of the subagent's responses (the root's row that runs it, else its id). */
export function childModelOption(entry: Entry): SessionConfigOption {
  return select({ id: "model", name: "Model", category: "model" }, entry);
}

/** The reasoning effort of the subagent's current turn. */
export function childEffortOption(entry: Entry): SessionConfigOption {
  const head = { id: "effort", name: "Effort", description: "Current reasoning effort" };
  return select({ ...head, category: "thought_level" }, entry);
}

/** The subagent's type (`subagent_type`: "general-purpose", "Explore"). */
export function childAgentOption(agentType: string): SessionConfigOption {
  const head = { id: "agent", name: "Agent", description: "Subagent type" };
  return select(head, { value: agentType, name: agentType });
}

/**
 * What a load's replay gives a child (`ChildConfig` as its replay left it): its model as
 * its stored responses name it, the model's id (the replay maps no model list; the next
 * prompt does, `child-config-tap.ts`). Not its agent type, its mode or its effort: live,
 * those come from Claude Code's hooks, which a replay does not run, and upstream's v2
 * replay (0.101.0, measured) gives the model alone, at the next prompt too.
 */
export function replayedChildConfig(model: string | undefined): ChildConfig {
  const config = new ChildConfig();
  if (model) config.set(childModelOption({ value: model, name: model }));
  return config;
}
