import type { ModelInfo } from "@anthropic-ai/claude-agent-sdk";
import type { SessionConfigOption } from "@agentclientprotocol/sdk/unstable";
import { invalidInput } from "../../util/adapter-error.js";
import {
  fastUnavailable,
  switchOption,
  switchValue,
  type SwitchId,
} from "../../translation/switch-options.js";
import type { SwitchFacts } from "../../sdk/claude-query.js";

export type { SwitchFacts };

/** A switch the session must apply to Claude Code (`applyFlagSettings`). */
export interface SwitchChange {
  readonly kind: "switch";
  readonly id: SwitchId;
  readonly on: boolean;
}

/**
 * Fast mode and ultracode of one session (features 1g). Fast mode is offered for a model
 * that `supportsFastMode`; ultracode while Claude Code says it is available and the model
 * has the `xhigh` effort. Each is off until the user turns it on (the Agent SDK starts
 * every session with fast mode off: turning it on is the SDK's opt-in).
 */
export class ModelSwitches {
  private fast: boolean;
  private ultracode: boolean;

  constructor(
    private readonly facts: SwitchFacts,
    private readonly booleans: boolean,
  ) {
    this.fast = facts.fastOn === true;
    this.ultracode = facts.ultracodeOn === true;
  }

  /** The options the model offers, in the order fast, ultracode. */
  options(model: ModelInfo | undefined): SessionConfigOption[] {
    const options: SessionConfigOption[] = [];
    if (this.offers("fast", model)) {
      const unavailable = fastUnavailable(this.facts.fastDisabledReason);
      options.push(switchOption("fast", this.fast, this.booleans, unavailable));
    }
    if (this.offers("ultracode", model))
      options.push(switchOption("ultracode", this.ultracode, this.booleans));
    return options;
  }

  /** `session/set_config_option` of a switch; undefined when nothing changes. */
  set(id: SwitchId, value: unknown, model: ModelInfo | undefined): SwitchChange | undefined {
    if (!this.offers(id, model))
      throw invalidInput(`unknown config option ${JSON.stringify(id)}`, { configId: id });
    const on = switchValue(value, this.booleans);
    if (on === undefined)
      throw invalidInput(`invalid value ${JSON.stringify(value)} for ${id}`, {
        configId: id,
        value,
      });
    if (on === this[id]) return undefined;
    this[id] = on;
    return { kind: "switch", id, on };
  }

  /**
   * The switches that are on (and offered for `model`) as Claude Code's flag settings: a
   * Claude Code that replaces the session's (a restart, a plan handoff) starts with them,
   * as the first one was switched.
   */
  startSettings(model: ModelInfo | undefined): { fastMode?: true; ultracode?: true } {
    const settings: { fastMode?: true; ultracode?: true } = {};
    if (this.fast && this.offers("fast", model)) settings.fastMode = true;
    if (this.ultracode && this.offers("ultracode", model)) settings.ultracode = true;
    return settings;
  }

  private offers(id: SwitchId, model: ModelInfo | undefined): boolean {
    if (id === "fast") return model?.supportsFastMode === true;
    return (
      this.facts.ultracodeAvailable === true &&
      model?.supportedEffortLevels?.includes("xhigh") === true
    );
  }
}

/** Whether a config id names a switch. */
export function isSwitch(configId: unknown): configId is SwitchId {
  return configId === "fast" || configId === "ultracode";
}
