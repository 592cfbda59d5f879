import type { ModelInfo, PermissionMode } from "@anthropic-ai/claude-agent-sdk";
import type {
  SessionConfigOption,
  SessionModeState,
  SessionUpdate,
} from "@agentclientprotocol/sdk/unstable";
import type { ClaudeQuery } from "../sdk/claude-query.js";
import { invalidInput } from "../util/adapter-error.js";
import {
  availableModes,
  modeOption,
  modeState,
  type ModeAvailability,
} from "../translation/modes.js";
import { effortLevels, effortOption, modelOption } from "../translation/model-options.js";
import type { StartPlan } from "./session-start.js";

/** A change the session must apply to its Claude Code query. */
export type ConfigChange =
  | { readonly kind: "mode"; readonly mode: PermissionMode }
  | { readonly kind: "model"; readonly model: string; readonly effort: string | undefined }
  | { readonly kind: "effort"; readonly effort: string | undefined };

/**
 * What the user chose for the session besides the prompt: permission mode, model and
 * effort. Validates each change against what is offered; an unknown value is
 * `invalidInput` and changes nothing.
 */
export class SessionConfig {
  private mode: string;
  private model: string;
  /** "default" means: Claude Code's own effort for the model. */
  private effort = "default";

  constructor(
    private readonly availability: ModeAvailability,
    private readonly models: readonly ModelInfo[],
    startMode: string,
    startModel: string | undefined,
  ) {
    this.mode = startMode;
    // A start model may be an alias ("sonnet") or a resolved id (a resumed session's).
    const known =
      models.find((m) => m.value === startModel) ??
      models.find((m) => m.resolvedModel === startModel && m.value !== "default");
    this.model = known?.value ?? models[0]?.value ?? "default";
  }

  get currentMode(): string {
    return this.mode;
  }

  get currentModel(): string {
    return this.model;
  }

  get offeredModes(): ReadonlySet<string> {
    return new Set(availableModes(this.availability).map((m) => m.id));
  }

  modes(): SessionModeState {
    return modeState(this.mode, availableModes(this.availability));
  }

  configOptions(): SessionConfigOption[] {
    const options = [modeOption(this.mode, availableModes(this.availability))];
    if (this.models.length > 0) options.push(modelOption(this.models, this.model));
    const levels = this.effortLevels();
    if (levels.length > 0) options.push(effortOption(levels, this.effort));
    return options;
  }

  setMode(modeId: unknown): ConfigChange | undefined {
    if (typeof modeId !== "string" || !this.offeredModes.has(modeId)) {
      throw invalidInput(`unknown mode ${JSON.stringify(modeId)}`, { modeId });
    }
    if (modeId === this.mode) return undefined;
    this.mode = modeId;
    return { kind: "mode", mode: modeId as PermissionMode };
  }

  /** Records a mode Claude Code switched to by itself (plan mode, an approved plan). */
  observeMode(mode: string): boolean {
    if (mode === this.mode) return false;
    this.mode = mode;
    return true;
  }

  /** `session/set_config_option`: mode, model or effort. */
  setOption(configId: unknown, value: unknown): ConfigChange | undefined {
    switch (configId) {
      case "mode":
        return this.setMode(value);
      case "model":
        return this.setModel(value);
      case "effort":
        return this.setEffort(value);
      default:
        throw invalidInput(`unknown config option ${JSON.stringify(configId)}`, { configId });
    }
  }

  setModel(value: unknown): ConfigChange | undefined {
    if (typeof value !== "string" || !this.models.some((m) => m.value === value)) {
      throw unknownModel(value);
    }
    if (value === this.model) return undefined;
    this.model = value;
    // Effort stays while the new model supports it, and goes back to default when not.
    const effortBefore = this.effort;
    if (this.effort !== "default" && !this.effortLevels().includes(this.effort))
      this.effort = "default";
    return {
      kind: "model",
      model: value,
      effort: this.effort !== effortBefore ? undefined : this.effortValue(),
    };
  }

  setEffort(value: unknown): ConfigChange | undefined {
    const levels = this.effortLevels();
    if (
      typeof value !== "string" ||
      (value !== "default" && !levels.includes(value)) ||
      levels.length === 0
    ) {
      throw invalidInput(`unknown effort ${JSON.stringify(value)}`, { value });
    }
    if (value === this.effort) return undefined;
    this.effort = value;
    return { kind: "effort", effort: this.effortValue() };
  }

  /** The effort to hand Claude Code: undefined for its own default. */
  effortValue(): string | undefined {
    return this.effort === "default" ? undefined : this.effort;
  }

  private effortLevels(): string[] {
    return effortLevels(this.models.find((m) => m.value === this.model));
  }
}

/**
 * A session's options from Claude Code's model list (its start answer, or the cached
 * one): Auto is offered where a model supports it and the settings allow it.
 */
export function configFor(plan: StartPlan, listed: readonly ModelInfo[]): SessionConfig {
  // Claude Code (0.3.318) lists the model it was started with as a "Custom model" entry
  // of its own when it knows no such model: that entry is not an offer.
  const models = listed.filter(
    (m) => !(m.value === plan.clientModel && m.description === STARTED_MODEL_ENTRY),
  );
  // The client's model (`_meta.claudeCode.options.model`) is checked like a later
  // `session/set_model`: one Claude Code does not offer never reaches the API. (Where
  // Claude Code lists no models, e.g. behind some gateways, there is nothing to check.)
  if (plan.clientModel !== undefined && models.length > 0 && !offers(models, plan.clientModel)) {
    throw unknownModel(plan.clientModel);
  }
  const auto = !plan.autoDisabled && models.some((m) => m.supportsAutoMode);
  return new SessionConfig({ auto, bypass: plan.bypassAvailable }, models, plan.mode, plan.model);
}

const STARTED_MODEL_ENTRY = "Custom model";

/** The one answer to a model Claude Code does not offer, whichever way it was asked for. */
export function unknownModel(value: unknown): Error {
  return invalidInput(`unknown model ${JSON.stringify(value)}`, { value });
}

/** Whether Claude Code offers `model`, as an alias ("sonnet") or a resolved id. */
function offers(models: readonly ModelInfo[], model: string): boolean {
  return models.some(
    (m) => m.value === model || (m.value !== "default" && m.resolvedModel === model),
  );
}

/** Applies a change to the running Claude Code query. */
export async function applyToQuery(
  query: ClaudeQuery,
  change: ConfigChange,
  config: SessionConfig,
): Promise<void> {
  if (change.kind === "mode") await query.setPermissionMode(change.mode);
  if (change.kind === "model") await query.setModel(change.model);
  if (change.kind === "effort" || change.kind === "model")
    await query.setEffort(config.effortValue());
}

/** What the client hears after a change: the mode (when it changed) and every option. */
export function configUpdates(config: SessionConfig, modeChanged: boolean): SessionUpdate[] {
  return [
    ...(modeChanged
      ? [{ sessionUpdate: "current_mode_update" as const, currentModeId: config.currentMode }]
      : []),
    { sessionUpdate: "config_option_update", configOptions: config.configOptions() },
  ];
}
