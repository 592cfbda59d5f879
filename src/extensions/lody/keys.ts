/**
 * The Lody extension's wire names (lody-contract.md). Only this folder spells them: the
 * `_lody/...` methods and notifications, the keys under `_meta.lody`, and the agent and
 * client capability keys of the negotiation.
 */

/** The namespace: `clientCapabilities._meta.lody`, `agentCapabilities._meta.lody`, `_meta.lody.*`. */
export const LODY = "lody";

/** Requests a Lody client sends (contract §2.1). */
export const LODY_METHODS = {
  steer: "_lody/session/steer",
  // Rate limits (§7.3)
  rateLimitsGet: "_lody/rate_limits/get",
  // Goals (§7.1)
  goal: "_lody/session/goal",
} as const;

/** Notifications the agent sends a Lody client (contract §2.2). */
export const LODY_NOTIFICATIONS = {
  steerApplied: "_lody/session/steer_applied",
  subagentEvent: "_lody/subagents/event",
  // Usage accounting (§5)
  usageUpdate: "_lody/session/usage_update",
  // Rate limits (§7.3)
  rateLimitsUpdate: "_lody/rate_limits/update",
} as const;

/**
 * The agent capability keys this adapter advertises (contract §1.1). Lody's `steering`
 * is spelt like the JetBrains shared key of the steering folder: a word each contract
 * owns (both folders list it).
 */
export const LODY_AGENT_KEYS = {
  steering: "steering",
  subagentEvents: "subagentEvents",
  // Usage accounting (§5)
  usage: "usage",
  // Rate limits (§7.3)
  rateLimits: "rateLimits",
  // Titles (§7.2), forkAtTurn / turnId (§7.9), goals (§7.1)
  sessionTitle: "sessionTitle",
  forkAtTurn: "forkAtTurn",
  goal: "goal",
  compaction: "compaction",
  tasks: "tasks",
  subagents: "subagents",
} as const;

/** Keys under `_meta.lody` on standard messages (contract §3). */
export const LODY_META_KEYS = {
  /** `session_info_update`: where its `title` came from. */
  titleSource: "titleSource",
  /** `session_info_update` after a top-level assistant message: its SDK uuid. */
  turnId: "turnId",
  /** `session/fork`: `{version: 1, turnId?}`, the message the fork ends at. */
  forkAtTurn: "forkAtTurn",
  /** `session_info_update`: the session's `GoalSnapshot`, or `null`. */
  goal: "goal",
  /** `session/prompt`: the goal action the prompt runs (`{version: 1, action, objective?}`). */
  goalControl: "goalControl",
  /** Usage accounting (§5): the scope a usage update's totals belong to. */
  usageScopeId: "usageScopeId",
  /** `tool_call` / `tool_call_update`: the tool's stable name (§3), for the tools Lody names. */
  toolName: "toolName",
} as const;

/**
 * The stable `toolName` values (contract §3) that name a tool of Claude Code's own, by
 * that tool's Claude Code name. Lody's `ImageGeneration` has no Claude Code tool; the
 * cron tools and `ScheduleWakeup` are spelt the same on both sides.
 */
export const LODY_TOOL_NAMES: ReadonlyMap<string, string> = new Map([
  ["CronCreate", "CronCreate"],
  ["CronDelete", "CronDelete"],
  ["CronList", "CronList"],
  ["ScheduleWakeup", "ScheduleWakeup"],
]);

/** `titleSource` values this adapter sends (contract §7.2; `unset` never). */
export const TITLE_SOURCES = {
  /** The user's stored name for the session: never overwritten. */
  explicit: "explicit",
  /** The one title the model generated for the session. */
  generated: "generated",
  /** Claude Code's stored summary: a preview until a better title exists. */
  fallback: "fallback",
} as const;

/** The goal actions a Lody client may request (contract §7.1: Claude offers these two). */
export const LODY_GOAL_ACTIONS = { set: "set", clear: "clear" } as const;

/** The client capability keys (contract §1.2). */
export const LODY_CLIENT_KEYS = {
  subagentEvents: "subagentEvents",
  elicitation: "elicitation",
  answerNotes: "answerNotes",
} as const;

/** The `_lody/session/steer` outcome of a steer that was accepted. */
export const STEER_INJECTED = "injected";

/** `steering` capability values (contract §6). */
export const STEERING_TRANSPORT = "request";
export const STEERING_UPSTREAM_TURN = "same";
export const STEERING_CONFIG_POLICY = "apply";

// Subagent events (contract §4).

/** `_meta.lody` keys of a child's tool call mirrored on the root for its permission request. */
export const LODY_MIRROR_KEYS = {
  runId: "subagentRunId",
  toolCallId: "subagentToolCallId",
} as const;

/** The root toolCallId of a mirrored child tool call: `subagent:<runId>:<toolCallId>`. */
export const MIRROR_ID_PREFIX = "subagent:";
/** The Lody version every capability object and `_meta.lody` payload carries. */
export const LODY_VERSION = 1;

// Answer notes on AskUserQuestion (contract §7.4).

/** `_meta.lody.elicitation` on the request, on a property and on an enum option. */
export const ELICITATION = "elicitation";
/** Property keys: the field replaces (`customAnswerFor`) or annotates (`noteFor`) a question. */
export const CUSTOM_ANSWER_FOR = "customAnswerFor";
export const NOTE_FOR = "noteFor";

// Compaction activity (contract §7.5).

/** `_meta.lody.activity` on the synthetic compaction tool call. */
export const ACTIVITY = "activity";
export const CONTEXT_COMPACTION_ACTIVITY = "context_compaction";
/** The activity of Claude Code trying a failed model call again (its `api_retry`). */
export const RETRY_ACTIVITY = "retry";
/** The tool call id of a turn's retry activity: `retry:<turnId>`. */
export const RETRY_TOOL_CALL_PREFIX = "retry:";
/** The activity's facts at the end of a compaction. */
export const ACTIVITY_FACTS = {
  usedTokensBefore: "usedTokensBefore",
  usedTokensAfter: "usedTokensAfter",
  failureReason: "failureReason",
} as const;

// Background tasks (contract §7.6).

/** `_meta.lody.task` on a task's tool call; the tool call's id is `task:<taskId>`. */
export const TASK = "task";
export const TASK_TOOL_CALL_PREFIX = "task:";
export const BACKGROUND_TASK_KIND = "background";
/**
 * A subagent's task card (the fallback of `subagents {lifecycle: true}`, §1.1). Spelt
 * like AIR's tool call key `subagent`: a word each contract owns (both folders list it).
 */
export const SUBAGENT_TASK_KIND = "subagent";

/** What `test/architecture.test.ts` looks for outside this folder. */
export const LODY_WIRE_STRINGS: readonly string[] = [
  LODY,
  ...Object.values(LODY_METHODS),
  ...Object.values(LODY_NOTIFICATIONS),
  LODY_CLIENT_KEYS.subagentEvents,
  LODY_CLIENT_KEYS.answerNotes,
  ...Object.values(LODY_MIRROR_KEYS),
  LODY_META_KEYS.usageScopeId,
  LODY_AGENT_KEYS.rateLimits,
  LODY_AGENT_KEYS.sessionTitle,
  LODY_META_KEYS.titleSource,
  LODY_META_KEYS.forkAtTurn,
  LODY_META_KEYS.goalControl,
  CUSTOM_ANSWER_FOR,
  NOTE_FOR,
  CONTEXT_COMPACTION_ACTIVITY,
  ...Object.values(ACTIVITY_FACTS),
  LODY_AGENT_KEYS.steering,
  SUBAGENT_TASK_KIND,
];
