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
import type { ClientProfile } from "../profile/client-profile.js";

/** How the client wants the options shown (what it negotiated). */
export interface ConfigPresentation {
  /** AIR's `kind` on each mode and mode option value ("Presentation hints"). */
  readonly modeKinds: boolean;
  /** AIR `recommendedValue`: concrete model and effort rows, no `default` row. */
  readonly recommendedValues: boolean;
}

const PLAIN: ConfigPresentation = { modeKinds: false, recommendedValues: false };

/** What the profile asks of the options: AIR hints for an AIR client only. */
export function presentationFor(profile: ClientProfile): ConfigPresentation {
  return { modeKinds: profile.air.client, recommendedValues: profile.air.recommendedValue };
}

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
    private readonly presentation: ConfigPresentation = PLAIN,
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
    return modeState(this.mode, this.shownModes());
  }

  configOptions(): SessionConfigOption[] {
    const options = [modeOption(this.mode, this.shownModes())];
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
      throw invalidInput(`unknown model ${JSON.stringify(value)}`, { value });
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

  private shownModes() {
    return availableModes(this.availability, this.presentation.modeKinds);
  }

  private effortLevels(): string[] {
    return effortLevels(this.models.find((m) => m.value === this.model));
  }
}

/**
 * A session's options from Claude Code's model list (its start answer, or the cached
 * one): Auto is offered where a model supports it and the settings allow it.
 */
export function configFor(
  plan: StartPlan,
  models: readonly ModelInfo[],
  profile: ClientProfile,
): SessionConfig {
  const auto = !plan.autoDisabled && models.some((m) => m.supportsAutoMode);
  return new SessionConfig(
    { auto, bypass: plan.bypassAvailable },
    models,
    plan.mode,
    plan.model,
    presentationFor(profile),
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
