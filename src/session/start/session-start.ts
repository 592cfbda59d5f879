import type { PermissionMode } from "@anthropic-ai/claude-agent-sdk";
import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import type { ClientProfile } from "../../profile/client-profile.js";
import type { StoredRunState } from "../../sdk/transcripts/current-title.js";
import type { WarningNotice } from "../../translation/warning-notice.js";
import { clientEnv } from "../../sdk/query-options.js";
import {
  isPermissionMode,
  readStartSettings,
  rootRefusesBypass,
} from "../../sdk/session-settings.js";
import { startKey } from "../../sdk/start-key.js";
import { managedEnvApplied } from "../../sdk/managed-env.js";
import { currentRoute } from "../../sdk/provider-routing.js";

/** How a session starts: its mode, which modes it may offer, and what to tell the user. */
export interface StartPlan {
  readonly mode: PermissionMode;
  readonly bypassAvailable: boolean;
  readonly autoDisabled: boolean;
  /**
   * The model the session starts with: the client's option, else the stored one, else
   * `ANTHROPIC_MODEL`, else the settings' one.
   */
  readonly model: string | undefined;
  /** A resumed session's own model, which its query must be started with. */
  readonly restoredModel: string | undefined;
  /** The model the client asked for (`_meta.claudeCode.options.model`), to be checked. */
  readonly clientModel: string | undefined;
  /** The agent the client starts the main thread as (`_meta.claudeCode.options.agent`). */
  readonly agent?: string;
  /** The effort the client pinned (`_meta.claudeCode.options.effort`). */
  readonly effort?: string;
  /** The effort the settings name (`effortLevel`). */
  readonly settingsEffort?: string;
  /** A notice for the user, sent right after the session is set up. */
  readonly notice: { readonly title: string; readonly description: string } | undefined;
  /** What Claude Code's start answer depends on (the key of its cached model list). */
  readonly startKey: string;
  /** The models the endpoint the client routed to lists (`narrowToListed`). */
  readonly listedModels?: readonly string[];
}

/**
 * How a Claude Code query is started before (or without) the settings: its mode
 * (`undefined`: the one Claude Code's own settings name), whether it may bypass
 * permissions, and a resumed session's own model.
 */
export interface SpawnPlan {
  readonly mode: PermissionMode | undefined;
  readonly allowBypass: boolean;
  readonly restoredModel: string | undefined;
}

/**
 * The first start of a session without waiting for the settings, which are then read
 * while Claude Code starts: reading them costs the SDK's settings engine tens of
 * milliseconds, all of it on the way to the `session/new` answer otherwise (bench
 * workload 1). Claude Code applies its settings' mode itself; bypass stays allowed as
 * far as the client and the root rule go, and Claude Code enforces a settings ban itself.
 *
 * Undefined when the start depends on the settings: a stored bypass session may have to
 * start in another mode.
 */
export function spawnBeforeSettings(
  passThrough: Readonly<Record<string, unknown>>,
  stored?: StoredRunState,
): SpawnPlan | undefined {
  const storedMode = isPermissionMode(stored?.permissionMode) ? stored.permissionMode : undefined;
  if (storedMode === "bypassPermissions") return undefined;
  const clientModel = typeof passThrough.model === "string" ? passThrough.model : undefined;
  return {
    mode: storedMode,
    allowBypass:
      passThrough.allowDangerouslySkipPermissions !== false &&
      !rootRefusesBypass(clientEnv(passThrough)),
    restoredModel: clientModel ? undefined : stored?.model,
  };
}

/** How a session whose settings are known starts (and restarts) Claude Code. */
export function spawnFor(plan: StartPlan): SpawnPlan {
  return { mode: plan.mode, allowBypass: plan.bypassAvailable, restoredModel: plan.restoredModel };
}

/**
 * Whether a query started per `spawn` runs as `plan` says. It does not when the settings
 * ask for bypass where Claude Code refuses it (as root it then exits at start): the
 * session must start again in `plan.mode`.
 */
export function spawnKeepsPlan(spawn: SpawnPlan, plan: StartPlan): boolean {
  return spawn.mode !== undefined || plan.notice === undefined;
}

/**
 * The start mode is the one the user's settings name. Bypass is offered only where
 * Claude Code will accept it; a session whose settings ask for bypass or auto where it
 * is not accepted starts in `default` with a notice instead of failing.
 */
export async function planSessionStart(
  cwd: string,
  passThrough: Readonly<Record<string, unknown>>,
  stored?: StoredRunState,
): Promise<StartPlan> {
  await managedEnvApplied();
  const settings = await readStartSettings(cwd);
  const refusedAsRoot = rootRefusesBypass(clientEnv(passThrough));
  const bypassAvailable =
    !settings.bypassDisabled &&
    passThrough.allowDangerouslySkipPermissions !== false &&
    !refusedAsRoot;
  // A resumed session keeps the mode and model it last ran with (features: resume).
  const storedMode = isPermissionMode(stored?.permissionMode) ? stored.permissionMode : undefined;
  const wanted = storedMode ?? settings.defaultMode ?? "default";
  const clientModel = typeof passThrough.model === "string" ? passThrough.model : undefined;
  const restoredModel = clientModel ? undefined : stored?.model;
  // Claude Code's own order: the start option, then ANTHROPIC_MODEL, then the settings.
  const envModel = clientEnv(passThrough).ANTHROPIC_MODEL || undefined;
  const model = clientModel ?? restoredModel ?? envModel ?? settings.model;
  const key = startKey({ passThrough, settings: settings.merged });
  const efforts = {
    ...(typeof passThrough.agent === "string" ? { agent: passThrough.agent } : {}),
    ...(typeof passThrough.effort === "string" ? { effort: passThrough.effort } : {}),
    ...(settings.effortLevel ? { settingsEffort: settings.effortLevel } : {}),
  };
  const refused = refusedStartMode(wanted, {
    bypassAvailable,
    refusedAsRoot,
    autoDisabled: settings.autoDisabled,
  });
  return {
    mode: refused ? "default" : wanted,
    bypassAvailable,
    autoDisabled: settings.autoDisabled,
    model,
    restoredModel,
    clientModel,
    notice: refused,
    startKey: key,
    ...efforts,
    ...listedModels(),
  };
}

/** What the start of a session's Claude Code needs: its inputs, and the session's hands. */
/** The models of the route the client set (a gateway's listing), when it lists them. */
function listedModels(): { listedModels?: readonly string[] } {
  const listed = currentRoute()?.listedModels;
  return listed ? { listedModels: listed } : {};
}

export interface StartSteps<Init, Cached> {
  readonly passThrough: Readonly<Record<string, unknown>>;
  readonly stored: StoredRunState | undefined;
  /** A load's replay: with a cached start answer, Claude Code is launched after it. */
  readonly startAfter?: Promise<unknown>;
  /** Reads the settings (`planSessionStart`). */
  plan(): Promise<StartPlan>;
  /** Claude Code's start answer from an earlier start with this key, if there is one. */
  cached(startKey: string): Cached | undefined;
  /** Starts Claude Code as `spawn` says; resolves with its answer once it is up. */
  launch(spawn: SpawnPlan): Promise<Init>;
  /** Stops the Claude Code `launch` started. */
  stop(): void;
}

/** A session's Claude Code on its way up. */
export interface ClaudeStart<Init, Cached> {
  readonly plan: StartPlan;
  /** The cached answer the session can be described with before Claude Code is up. */
  readonly cached: Cached | undefined;
  /** Claude Code's own answer, once it is up. */
  readonly up: Promise<Init>;
}

/**
 * The order of a session's start. Claude Code is launched before the settings are read
 * when its start does not depend on them (`spawnBeforeSettings`), and launched again in
 * the settings' mode when it turns out it did. A load (`startAfter`) reads the settings
 * first: with a cached answer its Claude Code waits for the replay (on two cores, its
 * start alongside the replay doubles the replay's time); without, it starts at once.
 */
export async function startClaude<Init, Cached>(
  steps: StartSteps<Init, Cached>,
): Promise<ClaudeStart<Init, Cached>> {
  const early = steps.startAfter ? undefined : spawnBeforeSettings(steps.passThrough, steps.stored);
  let launched = early ? steps.launch(early) : undefined;
  const plan = await steps.plan();
  if (launched && early && !spawnKeepsPlan(early, plan)) {
    // The settings ask for a mode Claude Code must not start in: start it again.
    launched.catch(() => undefined);
    steps.stop();
    launched = undefined;
  }
  const cached = steps.cached(plan.startKey);
  const launch = () => steps.launch(spawnFor(plan));
  const after = cached === undefined ? undefined : steps.startAfter;
  return { plan, cached, up: launched ?? (after ? after.then(launch, launch) : launch()) };
}

/**
 * The notice of a start in `default` because the mode asked for (by the settings or the
 * resumed session) may not run: bypass where Claude Code refuses it, or auto where the
 * settings turn auto mode off (Claude Code would silently run in `default` while the
 * client showed Auto). Undefined when `wanted` may run.
 */
export function refusedStartMode(
  wanted: PermissionMode,
  can: { bypassAvailable: boolean; refusedAsRoot: boolean; autoDisabled: boolean },
): StartPlan["notice"] {
  if (wanted === "bypassPermissions" && !can.bypassAvailable) {
    const why = can.refusedAsRoot
      ? "Claude Code refuses to bypass permissions as root unless IS_SANDBOX=1 is set."
      : "Bypass permissions is turned off for this session.";
    return {
      title: "Started in Manual mode",
      description: `Bypass permissions was asked for. ${why}`,
    };
  }
  if (wanted === "auto" && can.autoDisabled) {
    return {
      title: "Started in Manual mode",
      description: "Auto mode was asked for. Auto mode is turned off for this session.",
    };
  }
  return undefined;
}

/**
 * A notice as the client can show it: `notice` where declared, else a message line
 * (`**title:** description`, or the notice's own `line` with its `_meta`).
 */
export function noticeUpdate(profile: ClientProfile, notice: WarningNotice): SessionUpdate {
  if (profile.session.notices) {
    return {
      sessionUpdate: "notice",
      severity: "warning",
      title: notice.title,
      ...(notice.description ? { description: notice.description } : {}),
    };
  }
  const { line } = notice;
  return {
    sessionUpdate: "agent_message_chunk",
    content: {
      type: "text",
      text: line?.text ?? [`**${notice.title}:**`, notice.description].filter(Boolean).join(" "),
    },
    ...(line ? { _meta: line.meta } : {}),
  };
}
