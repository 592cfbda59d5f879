import type { SessionConfigOption, SessionModeState } from "@agentclientprotocol/sdk/unstable";
import type { ClaudeQuery } from "../../sdk/claude-query.js";
import type { Outbox } from "../outbox.js";
import { log } from "../../util/log.js";
import { ModeEchoes } from "./mode-echoes.js";
import { clientChangeUpdates, configUpdates } from "./config-updates.js";
import { applyToQuery, type ConfigChange, type SessionConfig } from "./session-config.js";

/**
 * A session's modes and options (mode, model, effort) as the client sees them: built from
 * Claude Code's start answer (or the cached one), changed by the client (applied to
 * Claude Code first, then told), or by Claude Code itself (told).
 */
export class SessionOptions {
  private config: SessionConfig | undefined;
  /** Claude Code's reports of the modes the client chose, still to come. */
  private readonly echoes = new ModeEchoes();

  constructor(
    private readonly outbox: Outbox,
    /** Settles once Claude Code is up: a change is checked against what it offers. */
    private readonly started: () => Promise<void>,
    private readonly query: () => ClaudeQuery | undefined,
  ) {}

  /** The options from a start answer. */
  set(config: SessionConfig): void {
    this.config = config;
  }

  /** Undefined until a start answer arrived. */
  get current(): SessionConfig | undefined {
    return this.config;
  }

  modes(): SessionModeState {
    return this.required().modes();
  }

  options(): SessionConfigOption[] {
    return this.required().configOptions();
  }

  /** `session/set_mode`. */
  async setMode(modeId: unknown): Promise<void> {
    await this.started();
    await this.apply(this.required().setMode(modeId), "set_mode");
  }

  /** `session/set_config_option`: answers the full option list. */
  async setOption(configId: unknown, value: unknown): Promise<SessionConfigOption[]> {
    await this.started();
    await this.apply(this.required().setOption(configId, value), "set_config_option");
    return this.options();
  }

  /**
   * Applies the model and the effort the options show to a Claude Code that just
   * started, when they show one that Claude Code would not pick by itself (a model
   * behind a gateway that does not serve Claude Code's default; AIR `recommendedValue`).
   * A failure is logged: the session still starts.
   */
  async applyStartEffort(): Promise<void> {
    const config = this.config;
    const query = this.query();
    const model = config?.startModel();
    if (query && model) {
      await query
        .setModel(model)
        .catch((error: unknown) =>
          log.warn("could not apply the start model", { model, message: String(error) }),
        );
    }
    const effort = config?.startEffort();
    if (!config || !query || effort === undefined) return;
    try {
      await query.setEffort(effort);
      config.effortApplied(effort);
    } catch (error) {
      log.warn("could not apply the start effort", { effort, message: String(error) });
    }
  }

  /** Claude Code switched modes by itself (plan mode entered, a plan approved). */
  observeMode(mode: string): void {
    // The echo of a change the client made: the options show that change, or a newer one.
    if (this.echoes.echoed(mode)) return;
    // State the client needs even when it arrives after a cancel (held until it listens).
    if (this.config?.observeMode(mode)) this.outbox.announce(configUpdates(this.config, true));
  }

  /** Claude Code switched models by itself or by a typed `/model`: the picker follows. */
  observeModel(requested: string | null, model: string): void {
    if (this.config?.observeModel(requested, model))
      this.outbox.announce(configUpdates(this.config, false));
  }

  /** Applies a change to Claude Code, then tells the client what its answer does not. */
  private async apply(
    change: ConfigChange | undefined,
    via: "set_mode" | "set_config_option",
  ): Promise<void> {
    if (!change) return;
    const config = this.required();
    const query = this.query();
    if (query) {
      if (change.kind === "mode") this.echoes.asked(change.mode);
      try {
        await applyToQuery(query, change, config);
      } catch (error) {
        if (change.kind === "mode") this.echoes.refused(change.mode);
        throw error;
      }
    }
    this.outbox.sendAll(clientChangeUpdates(config, via, change.kind));
  }

  private required(): SessionConfig {
    if (!this.config) throw new Error("session not started");
    return this.config;
  }
}
