import type { ClientProfile } from "../../profile/client-profile.js";
import type { ClaudeAccount } from "../../translation/auth.js";
import type { QuotaBook } from "../../translation/quota/book.js";
import type { SessionQueryConfig } from "../../sdk/query-options.js";
import {
  canUseToolFor,
  hooksFor,
  onElicitationFor,
  onUserDialogFor,
  type ToolEvents,
} from "../../sdk/tool-callbacks.js";
import { SdkMessageTranslator } from "../../translation/sdk-message-translator.js";
import { SUPPORTED_DIALOG_KINDS } from "../../translation/user-dialog.js";
import { subagentMode, subagentsOffRoot } from "../../translation/subagents/child-session.js";
import { redacted } from "../../util/user-text.js";
import { isRegularFile } from "../dialogs/regular-file.js";
import type { SessionConfig } from "../options/session-config.js";
import type { SpawnPlan } from "./session-start.js";

/**
 * What a session needs to (re)start its Claude Code query. An extension that keeps
 * connection-wide state its sessions use (Lody's rate-limit book) adds its member by
 * module augmentation beside its use.
 */

declare module "../../profile/hooks.js" {
  interface ExtensionHooks {
    /**
     * The client gets no `_meta.claudeCode.toolResponse` of a subagent's tool call (AIR's
     * contract, v2's upserts), so the PostToolUse hook stays on the file tools: no round
     * trip per tool call for a response nobody is sent.
     */
    readonly omitsChildResponses?: boolean;
  }
}

/**
 * Whether a subagent's tool calls report their full response (spec "Claude tools and ACP
 * fields": the PostToolUse hook sends it for every tool), unless the client's extension
 * carries none for a child (`omitsChildResponses`).
 */
export function childResponsesShown(profile: ClientProfile): boolean {
  return profile.hooks.omitsChildResponses !== true;
}

export interface SessionSetup extends Omit<
  SessionQueryConfig,
  | "start"
  | "abortController"
  | "canUseTool"
  | "onElicitation"
  | "onUserDialog"
  | "supportedDialogKinds"
  | "hooks"
  | "permissionMode"
  | "allowBypass"
  | "model"
  | "effort"
> {
  /** `_meta.claudeCode.emitRawSDKMessages`: every SDK message also goes to the client as is. */
  readonly rawSdkMessages?: boolean;
  /** The connection's account quota (`quota-tap.ts`, `quota/read`). */
  readonly quota?: QuotaBook;
  /** Told the login Claude Code read as it started (the connection's `AuthTracker`). */
  readonly accountSeen?: (account: ClaudeAccount | undefined) => void;
}

/**
 * Whether subagent traffic goes to the root transcript (the flat transcript): for a
 * client that asked for it, and for every client without a subagent signal of its own
 * (seed 000 "Native subagent sessions": without one, "child interactions stay on the
 * root session"; "Claude tools and ACP fields": a subagent's streamed text goes out on the
 * root session for every client that is not AIR). An AIR client gets it only on request,
 * and a Lody client keeps its task cards (lody-contract.md §7.6, "legacy clients retain
 * their existing path"); a client with native child sessions or Lody's subagent events
 * gets the child's traffic off the root (`subagentsOffRoot`).
 */
export function flatSubagents(
  profile: ClientProfile,
  passThrough: Readonly<Record<string, unknown>>,
): boolean {
  if (profile.hooks.subagentsOnRoot || passThrough.forwardSubagentText === true) return true;
  return profile.hooks.subagentsOnRootOnRequest !== true && !subagentsOffRoot(profile);
}

declare module "../../profile/hooks.js" {
  interface ExtensionHooks {
    /** The client declared the flat transcript (Zed's `subagent-transcript`). */
    readonly subagentsOnRoot?: boolean;
    /**
     * Claude Code predicts the next prompt for the client unless it passes
     * `promptSuggestions: false` (AIR shows the predictions, as the reference does).
     */
    readonly promptSuggestionsByDefault?: boolean;
    /**
     * A subagent's work reaches the root session only when the client asks for the flat
     * transcript (AIR: subagent text on request; Lody: its task cards instead).
     */
    readonly subagentsOnRootOnRequest?: boolean;
  }
}

/**
 * Whether the translators pass subagent traffic on: for the flat transcript, or for
 * native child sessions and Lody's subagent events (where the session routes it).
 */
export function subagentTrafficShown(
  profile: ClientProfile,
  passThrough: Readonly<Record<string, unknown>>,
): boolean {
  return flatSubagents(profile, passThrough) || subagentsOffRoot(profile);
}

/** The translator of a live session's Claude Code messages, for its client. */
export function translatorFor(
  profile: ClientProfile,
  passThrough: Readonly<Record<string, unknown>>,
  cwd: string,
): SdkMessageTranslator {
  return new SdkMessageTranslator(
    profile,
    subagentTrafficShown(profile, passThrough),
    isRegularFile,
    redacted,
    cwd,
  );
}

/**
 * Whether a load replays the subagents' stored traffic: not for an extension's own route
 * (Lody's subagent events), whose client keeps the child history itself (lody-contract.md §4).
 */
export function subagentHistoryShown(
  profile: ClientProfile,
  passThrough: Readonly<Record<string, unknown>>,
): boolean {
  return profile.hooks.subagentsReplaced !== true && subagentTrafficShown(profile, passThrough);
}

/**
 * Whether Claude Code predicts the next prompt after each turn for this client
 * (`session_info_update._meta.promptSuggestions`): an extension's client that shows it
 * (`promptSuggestionsByDefault`: AIR, as the reference adapter does for AIR only); another
 * client that asks with `options.promptSuggestions: true` gets it too, and `false` turns
 * it off. No other client pays the prediction's request.
 */
export function promptSuggestionsShown(
  profile: ClientProfile,
  pass: Readonly<Record<string, unknown>>,
): boolean {
  const byDefault = profile.hooks.promptSuggestionsByDefault === true;
  return pass.promptSuggestions === true || (byDefault && pass.promptSuggestions !== false);
}

/**
 * The client's `settings` pass-through with `flags` added (the switches win: they are the
 * user's later choice). A settings file path is passed as the client gave it: the
 * switches are then left out (that Claude Code starts with them off).
 */
function withFlags(settings: unknown, flags: Record<string, unknown>): unknown {
  if (typeof settings === "string") return settings;
  const base =
    settings !== null && typeof settings === "object" && !Array.isArray(settings) ? settings : {};
  return { ...base, ...flags };
}

/**
 * The client's pass-through options plus what the negotiated client implies: the
 * subagents' text (flat transcript or child sessions), and no AskUserQuestion for a client without form elicitation.
 */
function passThroughFor(
  profile: ClientProfile,
  pass: Readonly<Record<string, unknown>>,
): Record<string, unknown> {
  const disallowed = Array.isArray(pass.disallowedTools) ? pass.disallowedTools : [];
  return {
    ...(promptSuggestionsShown(profile, pass) ? { promptSuggestions: true } : {}),
    ...pass,
    ...(subagentTrafficShown(profile, pass) ? { forwardSubagentText: true } : {}),
    // A child session can be stopped on its own: a parent's interrupt spares background ones.
    ...(subagentMode(profile) !== undefined ? { perTaskStopAffordance: true } : {}),
    ...(profile.elicitation.form ? {} : { disallowedTools: [...disallowed, "AskUserQuestion"] }),
  };
}

/**
 * The options of one Claude Code query of a session: a restart keeps the user's mode
 * and model; the first start takes the mode the settings name (or leaves it to Claude Code).
 */
export function queryConfigFor(input: {
  readonly setup: SessionSetup;
  readonly profile: ClientProfile;
  readonly spawn: SpawnPlan;
  readonly config: SessionConfig | undefined;
  readonly claudeSessionId: string;
  readonly start: "new" | "resume";
  /** With `resume`: the entry a rewind kept (`Conversation.resumeAt`). */
  readonly resumeAt?: string;
  readonly events: ToolEvents;
}): SessionQueryConfig {
  const { setup, profile, spawn, config, events } = input;
  // A restart keeps the user's choice; the first start of a resumed session its own model.
  const model = config
    ? config.currentModel !== "default"
      ? config.currentModel
      : undefined
    : spawn.restoredModel;
  // A Claude Code that replaces the session's (a restart, a plan handoff) runs with the
  // effort the options show (S000 "Permission modes": the handoff keeps the effort); the
  // first start applies a shown one once up (AIR recommendedValue).
  const effort = config?.effortValue();
  const passThrough = passThroughFor(profile, setup.passThrough);
  if (config) {
    // It runs the main thread as the agent the user picked (or as Claude Code's own), and
    // with Fast mode and ultracode as the user switched them.
    passThrough.agent = config.agents.agent;
    const switched = config.switchSettings();
    if (Object.keys(switched).length > 0)
      passThrough.settings = withFlags(passThrough.settings, switched);
  }
  return {
    ...setup,
    sessionId: input.claudeSessionId,
    passThrough,
    start: input.start,
    ...(input.start === "resume" && input.resumeAt ? { resumeAt: input.resumeAt } : {}),
    abortController: new AbortController(),
    permissionMode: (config?.currentMode ?? spawn.mode) as SpawnPlan["mode"],
    allowBypass: spawn.allowBypass,
    ...(model ? { model } : {}),
    ...(effort ? { effort } : {}),
    // Backups of the files Claude's tools change: AIR's file-change report reads them, and
    // a rewind may restore the files (`session/rewind` `_meta.claudeCode.restoreFiles`),
    // which only works for changes made while checkpointing was on.
    fileCheckpointing: true,
    canUseTool: canUseToolFor(events),
    // MCP servers ask the user through the client only where it can show a request.
    ...(profile.elicitation.form || profile.elicitation.url
      ? { onElicitation: onElicitationFor(events) }
      : {}),
    // Claude Code's dialogs (the refusal fallback) are forms: only for a client that shows
    // forms. Any other client keeps Claude Code's behaviour without a dialog.
    ...(profile.elicitation.form
      ? { onUserDialog: onUserDialogFor(events), supportedDialogKinds: SUPPORTED_DIALOG_KINDS }
      : {}),
    hooks: hooksFor(events, childResponsesShown(profile)),
  };
}
