import type { ModelInfo, PermissionMode } from "@anthropic-ai/claude-agent-sdk";
import type { SessionConfigOption, SessionModeState } from "@agentclientprotocol/sdk/unstable";
import type { ClaudeQuery } from "../../sdk/claude-query.js";
import { invalidInput } from "../../util/adapter-error.js";
import { log } from "../../util/log.js";
import {
  availableModes,
  modeOption,
  modeState,
  type ModeAvailability,
} from "../../translation/modes.js";
import { offeredModels } from "../../translation/listed-models.js";
import {
  effortLevels,
  effortOption,
  modelOption,
  namedModelRow,
  startModelRow,
} from "../../translation/model-options.js";
import {
  DEFAULT_MODEL,
  recommendedEffort,
  recommendedModel,
} from "../../translation/recommended-values.js";
import type { StartPlan } from "../start/session-start.js";
import { isSwitch, ModelSwitches, type SwitchChange, type SwitchFacts } from "./model-switches.js";
import type { ClientProfile } from "../../profile/client-profile.js";
import { PLAIN, presentationFor, type ConfigPresentation } from "./config-presentation.js";
import type { MainAgent } from "../../sdk/claude-query.js";
import { AgentChoice, type AgentChange } from "./agent-choice.js";

/** A change the session must apply to its Claude Code query. */
export type ConfigChange =
  | { readonly kind: "mode"; readonly mode: PermissionMode }
  | { readonly kind: "model"; readonly model: string; readonly effort: string | undefined }
  | { readonly kind: "effort"; readonly effort: string | undefined }
  | SwitchChange
  | AgentChange;

/** Efforts a session starts with besides the picker (AIR `recommendedValue` reads them). */
export interface StartEfforts {
  /** The client's explicit SDK `options.effort`: pinned like a picker choice. */
  readonly pinned?: string;
  /** The settings' `effortLevel`: used where the model offers it. */
  readonly settings?: string;
}

/**
 * What the user chose for the session besides the prompt: permission mode, model and
 * effort. Validates each change against what is offered; an unknown value is
 * `invalidInput` and changes nothing.
 *
 * With AIR `recommendedValue` (air-extensions.md "Recommended config values") the
 * `default` rows give way to concrete values: the model Claude's `default` resolves to
 * (shown as current while the session uses the SDK default), and an effort that is
 * always a level of the model (the pinned one, else the settings', else the
 * recommendation), which the session applies to Claude Code so what is shown is what
 * runs.
 */
export class SessionConfig {
  private mode: string;
  /** "default" means: Claude Code's own model. */
  private model: string;
  /** "default" means: Claude Code's own effort for the model (or, with recommendations, nothing pinned). */
  private effort: string;
  /** The effort selector is hidden: a model switch could not apply its effort. */
  private effortHidden = false;
  /** The effort Claude Code last took, known only with recommendations. */
  private appliedEffort: string | undefined;
  /** Fast mode and ultracode. */
  private readonly switches: ModelSwitches;
  /** The start model is not offered: the first row is shown instead (`startModel`). */
  private readonly startModelUnoffered: boolean;

  constructor(
    private readonly availability: ModeAvailability,
    readonly models: readonly ModelInfo[],
    startMode: string,
    startModel: string | undefined,
    private readonly presentation: ConfigPresentation = PLAIN,
    private readonly efforts: StartEfforts = {},
    switchFacts: SwitchFacts = {},
    /** The agent the main thread runs as. */
    readonly agents: AgentChoice = new AgentChoice([], undefined),
  ) {
    this.switches = new ModelSwitches(switchFacts, presentation.booleans);
    this.mode = startMode;
    // A start model may be an alias ("sonnet") or a resolved id (a resumed session's).
    const known =
      models.find((m) => m.value === startModel) ??
      models.find((m) => m.resolvedModel === startModel && m.value !== DEFAULT_MODEL);
    this.model = known?.value ?? models[0]?.value ?? DEFAULT_MODEL;
    this.startModelUnoffered = !known;
    this.effort = presentation.recommendedValues && efforts.pinned ? efforts.pinned : "default";
  }

  get currentMode(): string {
    return this.mode;
  }

  get currentModel(): string {
    return this.model;
  }

  /** The shown model Claude Code must switch to: it runs one not offered (a gateway's list). */
  startModel(): string | undefined {
    return this.startModelUnoffered && this.model !== DEFAULT_MODEL ? this.model : undefined;
  }

  get offeredModes(): ReadonlySet<string> {
    return new Set(availableModes(this.availability).map((m) => m.id));
  }

  modes(): SessionModeState {
    return modeState(this.mode, this.shownModes());
  }

  configOptions(): SessionConfigOption[] {
    const options = [modeOption(this.mode, this.shownModes())];
    const recommended = this.recommendedModel();
    const meta = this.presentation.recommendedMeta;
    if (this.models.length > 0)
      options.push(modelOption(this.models, this.shownModel(), recommended, meta));
    const levels = this.effortLevels();
    if (levels.length > 0 && !this.effortHidden)
      options.push(effortOption(levels, this.shownEffort(), this.recommendedEffort(), meta));
    options.push(...this.switches.options(this.modelInfo()));
    const agent = this.agents.option();
    if (agent) options.push(agent);
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

  /**
   * Records a model Claude Code switched to without the picker (`/model x` typed as a
   * prompt, a fallback): the row asked for (an alias such as "sonnet"), else the row of
   * the resolved id, else `default` for a switch back to the default. False when the
   * picker shows it already or offers no such row.
   */
  observeModel(requested: string | null, resolved: string): boolean {
    const row =
      (requested === null ? this.models.find((m) => m.value === DEFAULT_MODEL) : undefined) ??
      this.models.find((m) => m.value === requested) ??
      this.models.find((m) => m.value !== DEFAULT_MODEL && m.resolvedModel === resolved);
    if (!row || row.value === this.model) return false;
    this.model = row.value;
    this.dropUnofferedEffort();
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
      case "agent":
        return this.agents.set(value);
      default:
        if (isSwitch(configId)) return this.switches.set(configId, value, this.modelInfo());
        throw invalidInput(`unknown config option ${JSON.stringify(configId)}`, { configId });
    }
  }

  setModel(value: unknown): ConfigChange | undefined {
    const recommended = this.recommendedModel();
    const offered = (m: ModelInfo) =>
      m.value === value && !(recommended && m.value === DEFAULT_MODEL);
    if (typeof value !== "string" || !this.models.some(offered)) {
      throw unknownModel(value);
    }
    if (value === this.shownModel()) return undefined;
    this.model = value;
    // Effort stays while the new model supports it, and goes back to default when not.
    const effortBefore = this.effort;
    this.dropUnofferedEffort();
    return {
      kind: "model",
      model: value,
      effort: this.effort !== effortBefore ? undefined : this.effortValue(),
    };
  }

  setEffort(value: unknown): ConfigChange | undefined {
    const levels = this.effortLevels();
    const offered = this.presentation.recommendedValues ? levels : ["default", ...levels];
    if (typeof value !== "string" || !offered.includes(value) || levels.length === 0) {
      throw invalidInput(`unknown effort ${JSON.stringify(value)}`, { value });
    }
    if (value === this.shownEffort() && !this.effortHidden) return undefined;
    this.effort = value;
    return { kind: "effort", effort: this.effortValue() };
  }

  /**
   * The effort to hand Claude Code: undefined for its own default. With recommendations,
   * the shown level of a model with effort, and undefined (no override) for one without.
   */
  effortValue(): string | undefined {
    if (this.presentation.recommendedValues)
      return this.effortLevels().length > 0 ? this.shownEffort() : undefined;
    return this.effort === "default" ? undefined : this.effort;
  }

  /** Fast mode and ultracode as they are on, for a Claude Code that replaces the session's. */
  switchSettings(): { fastMode?: true; ultracode?: true } {
    return this.switches.startSettings(this.modelInfo());
  }

  /** The client asked for concrete model and effort rows (AIR `recommendedValue`). */
  get recommends(): boolean {
    return this.presentation.recommendedValues;
  }

  /** The effort to apply when Claude Code starts: the shown one, with recommendations only. */
  startEffort(): string | undefined {
    return this.presentation.recommendedValues ? this.effortValue() : undefined;
  }

  /** Claude Code took `effort`: the selector shows again. */
  effortApplied(effort: string | undefined): void {
    this.appliedEffort = effort;
    this.effortHidden = false;
  }

  /**
   * A model switch went through but its effort did not: never show the unapplied
   * effort. The last applied one stays when the new model offers it; else the selector
   * is hidden until a later switch succeeds.
   */
  effortFailed(): void {
    const applied = this.appliedEffort;
    if (applied !== undefined && this.effortLevels().includes(applied)) this.effort = applied;
    else this.effortHidden = true;
  }

  private shownModes() {
    return availableModes(this.availability, this.presentation.modeMeta);
  }

  private recommendedModel(): string | undefined {
    return this.presentation.recommendedValues ? recommendedModel(this.models) : undefined;
  }

  /** The model row shown as current: the recommendation while the SDK default runs. */
  private shownModel(): string {
    const recommended = this.recommendedModel();
    return recommended && this.model === DEFAULT_MODEL ? recommended : this.model;
  }

  private recommendedEffort(): string | undefined {
    return this.presentation.recommendedValues ? recommendedEffort(this.effortLevels()) : undefined;
  }

  /** With recommendations, always a level of the model: pinned, else settings', else recommended. */
  private shownEffort(): string {
    if (!this.presentation.recommendedValues) return this.effort;
    const levels = this.effortLevels();
    if (levels.includes(this.effort)) return this.effort;
    const settings = this.efforts.settings;
    if (settings !== undefined && levels.includes(settings)) return settings;
    return recommendedEffort(levels) ?? this.effort;
  }

  private effortLevels(): string[] {
    return effortLevels(this.modelInfo());
  }

  /** The model changed: an effort it does not offer goes back to Claude Code's default. */
  private dropUnofferedEffort(): void {
    if (this.effort !== "default" && !this.effortLevels().includes(this.effort))
      this.effort = "default";
  }

  private modelInfo(): ModelInfo | undefined {
    return this.models.find((m) => m.value === this.model);
  }
}

/**
 * A session's options from Claude Code's model list (its start answer, or the cached
 * one): Auto is offered where a model supports it and the settings allow it. They are
 * shown as the client's `profile` negotiated (plain without one).
 */
export function configFor(
  plan: StartPlan,
  listed: readonly ModelInfo[],
  profile?: ClientProfile,
  switchFacts?: SwitchFacts,
  agents: readonly MainAgent[] = [],
): SessionConfig {
  const models = offeredModels(listed, plan.clientModel, plan.listedModels);
  // The client's model (`_meta.claudeCode.options.model`) is checked like a later
  // `session/set_model`: one Claude Code does not offer never reaches the API. (Where
  // Claude Code lists no models, e.g. behind some gateways, there is nothing to check.)
  if (plan.clientModel !== undefined && models.length > 0 && !offers(models, plan.clientModel)) {
    throw unknownModel(plan.clientModel);
  }
  const auto = !plan.autoDisabled && models.some((m) => m.supportsAutoMode);
  return new SessionConfig(
    { auto, bypass: plan.bypassAvailable },
    models,
    plan.mode,
    startModelRow(models, plan.model, plan.restoredModel),
    profile ? presentationFor(profile) : PLAIN,
    {
      ...(plan.effort ? { pinned: plan.effort } : {}),
      ...(plan.settingsEffort ? { settings: plan.settingsEffort } : {}),
    },
    switchFacts,
    new AgentChoice(agents, plan.agent),
  );
}

/** The one answer to a model Claude Code does not offer, whichever way it was asked for. */
export function unknownModel(value: unknown): Error {
  return invalidInput(`unknown model ${JSON.stringify(value)}`, { value });
}

/** Whether Claude Code offers `model`, as an alias ("sonnet") or a resolved id. */
function offers(models: readonly ModelInfo[], model: string): boolean {
  return models.some((m) => m.value === model) || namedModelRow(models, model) !== undefined;
}

/**
 * Applies a change to the running Claude Code query. With recommendations, an effort
 * that fails after a model switch went through leaves the new model reported and the
 * unapplied effort unshown (`effortFailed`).
 */
export async function applyToQuery(
  query: ClaudeQuery,
  change: ConfigChange,
  config: SessionConfig,
): Promise<void> {
  if (change.kind === "switch") await query.setSwitch(change.id, change.on);
  if (change.kind === "agent") await query.setAgent(change.agent);
  if (change.kind === "mode") await query.setPermissionMode(change.mode);
  if (change.kind === "model") await query.setModel(change.model);
  if (change.kind === "effort" || change.kind === "model") {
    const effort = config.effortValue();
    try {
      await query.setEffort(effort);
      config.effortApplied(effort);
    } catch (error) {
      if (change.kind !== "model" || !config.recommends) throw error;
      log.warn("effort not applied after a model switch", { message: String(error) });
      config.effortFailed();
    }
  }
}
