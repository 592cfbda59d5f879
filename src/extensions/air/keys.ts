/**
 * AIR's wire names (air-extensions.md "Negotiation", "AIR metadata keys"). Only this
 * folder spells them: the rest of the adapter reads the named booleans of `AirProfile`
 * and asks this folder's parsers and decorators for the keys.
 */

import { ASYNC_TASK_WIRE_STRINGS } from "./async-tasks/keys.js";

/** `_meta.jetbrains.air`: the namespace of every AIR payload. */
export const JETBRAINS = "jetbrains";
export const AIR = "air";

/** The capabilities a client may declare in `_meta.jetbrains.air.capabilities`. */
export const AIR_CAPABILITIES = {
  diffPatch: "diffPatch",
  sessionFailure: "sessionFailure",
  recommendedValue: "recommendedValue",
  asyncTasks: "asyncTasks",
  agentFileChangeReport: "agentFileChangeReport",
  nativeSubagentSessions: "nativeSubagentSessions",
  planFile: "planFile",
  rawInputRendering: "rawInputRendering",
  customInstructions: "customInstructions",
  loadReplayEnd: "loadReplayEnd",
  sessionIndex: "sessionIndex",
  backgroundSubagents: "backgroundSubagents",
} as const;

export type AirCapability = keyof typeof AIR_CAPABILITIES;

/**
 * Session lifecycle request `_meta.jetbrains.air.customInstructions`: text the user wants
 * after Claude Code's instructions (features 1b, 1l; the reference's AIR capability).
 */
export const CUSTOM_INSTRUCTIONS = AIR_CAPABILITIES.customInstructions;

/**
 * `session_info_update._meta.jetbrains.air.loadReplayEnd: true`: a `session/load`'s
 * replay is over (the reference's AIR capability, declared by the client).
 */
export const LOAD_REPLAY_END = AIR_CAPABILITIES.loadReplayEnd;

/**
 * The session index requests of a client declaring `sessionIndex` (the reference's AIR
 * extension, not S000).
 */
export const SESSION_INDEX_METHODS = {
  rename: "_session/rename",
  archive: "_session/archive",
  unarchive: "_session/unarchive",
  batchGet: "_session/batch_get",
  listSubscribe: "_session/list/subscribe",
  listUnsubscribe: "_session/list/unsubscribe",
} as const;

/** The notification a list subscription sends: `{subscriptionId, sessions, removed}`. */
export const LIST_CHANGES_METHOD = "_session/list/changes";

/**
 * The agent's companions of `sessionIndex` (the reference's): advertised with it, to a
 * client that declared it; a client never declares them.
 */
export const SESSION_INDEX_AGENT_CAPABILITIES = {
  batchGet: "sessionBatchGet",
  archive: "sessionArchive",
  rename: "sessionRename",
  listSubscribe: "sessionListSubscribe",
  worktrees: "sessionWorktrees",
} as const;

/**
 * `session/list` request `_meta.jetbrains.air.list`: `{limit?, archived?,
 * includeWorktrees?}` of a `sessionIndex` client. A generic word, so not in the wire list.
 */
export const LIST_OPTIONS = "list";
/** The `archived` filter values of `list` (omitted or null: `unarchived`). */
export const ARCHIVED_FILTERS = ["unarchived", "archived", "all"] as const;
export type ArchivedFilter = (typeof ARCHIVED_FILTERS)[number];
/**
 * Session index row `_meta.jetbrains.air.agentWorktree: true`: the session runs in a
 * linked git worktree that Claude Code made for it (`sessionWorktrees`).
 */
export const AGENT_WORKTREE = "agentWorktree";
/**
 * `session_info_update._meta.jetbrains.air.archived`: the session's archive state. A
 * generic word, so not in the wire list below.
 */
export const ARCHIVED = "archived";
/**
 * The other fields of a session index row's `_meta.jetbrains.air` (the reference's flat
 * row fields of the session list RFDs), each left out when unknown. `model`, `state` and
 * `cost` are generic words and `forkedFrom` is also Claude Code's own transcript key, so
 * only the others are in the wire list below.
 */
export const ROW_FIELDS = {
  lastPromptAt: "lastPromptAt",
  model: "model",
  forkedFrom: "forkedFrom",
  state: "state",
  lastTurnEndedAt: "lastTurnEndedAt",
  cost: "cost",
} as const;

/** `session/fork` request `_meta.jetbrains.air.fork`: AIR's fork point. */
export const FORK = "fork";

/** `diff` content block `_meta.jetbrains.air.diffPatch`: the exact Git patch of the block. */
export const DIFF_PATCH = AIR_CAPABILITIES.diffPatch;
/** `diffPatch.format`: the one patch format of version 1 (ACP's own word, shared with v2). */
export { GIT_PATCH_FORMAT } from "../../translation/patches/git-patch.js";

/** `_meta.jetbrains.air.version`: the version every AIR payload sits next to. */
export const AIR_VERSION_KEY = "version";
/** The version of every versioned AIR record (declaration, permission, diffPatch). */
export const AIR_VERSION = 1;

/** Tool call `_meta.jetbrains.air` keys ("AIR metadata keys"). */
export const TOOL_CALL_KEYS = {
  /** Bash and PowerShell: the `description` input string. */
  commandTitle: "commandTitle",
  /** Agent and Task: `true`. */
  subagent: "subagent",
  /** Skill: `{name, path?}`. */
  skill: "skill",
} as const;

/** Tool call `_meta.is_mcp_tool_call: true` ("JetBrains shared keys"), AIR only. */
export const IS_MCP_TOOL_CALL = "is_mcp_tool_call";

/**
 * Native subagent sessions, AIR's bridge form ("Native subagent sessions"): parent
 * session updates that announce a child (`subagent_spawned`) and report its work
 * (`subagent_state_update`), naming it by `subagentSessionId`.
 */
export const SUBAGENT_UPDATES = {
  spawned: "subagent_spawned",
  stateUpdate: "subagent_state_update",
  sessionId: "subagentSessionId",
} as const;

/** `session/request_permission` request `_meta.jetbrains.air.permission`: the presentation record. */
export const PERMISSION = "permission";

/** `session/prompt` request `_meta.jetbrains.air.agentFileChangeReportRequest` (client to agent). */
export const FILE_CHANGE_REPORT_REQUEST = "agentFileChangeReportRequest";
/** `session_info_update` `_meta.jetbrains.air.agentFileChangeReport`: the report of one turn. */
export const FILE_CHANGE_REPORT = AIR_CAPABILITIES.agentFileChangeReport;

/** `model` and effort config option `_meta.jetbrains.air.recommendedValue`. */
export const RECOMMENDED_VALUE = AIR_CAPABILITIES.recommendedValue;

/** Session mode and mode option value `_meta.jetbrains.air.kind` ("Presentation hints"). */
export const KIND = "kind";
/** Available command `_meta.jetbrains.air.kind` of a skill, with its `skillPath`. */
export const SKILL_KIND = "skill";
export const SKILL_PATH = "skillPath";
/** The presentation kinds of a permission mode. */
export const MODE_KINDS = {
  standard: "standard",
  plan: "plan",
  autoReview: "auto_review",
  fullAccess: "full_access",
} as const;
export type ModeKind = (typeof MODE_KINDS)[keyof typeof MODE_KINDS];

/** `_session/goal`: AIR's goal control method (air-extensions.md "Goal"). */
export const GOAL_METHOD = "_session/goal";
/**
 * `initialize` response and `session_info_update` `_meta.jetbrains.air.goal`. A generic
 * word (Lody has a goal of its own), so not in the wire list below.
 */
export const GOAL = "goal";
/** The `_session/goal` actions the adapter serves (`pause` and `resume` are not). */
export const GOAL_ACTIONS = { set: "set", clear: "clear" } as const;

/** Compaction tool call or `compaction_update` `_meta.jetbrains.air.contextCompaction`. */
export const CONTEXT_COMPACTION = "contextCompaction";

/** AskUserQuestion elicitation: the `Other` field's `_meta.jetbrains.air.customAnswer`. */
export const CUSTOM_ANSWER = "customAnswer";

/**
 * What `test/architecture.test.ts` looks for outside this folder: the names only AIR
 * uses. Generic words (`kind`, `plan`, `permission`) are spelled elsewhere for other
 * meanings, so only their constants here name the AIR keys.
 */
export const AIR_WIRE_STRINGS: readonly string[] = [
  JETBRAINS,
  ...Object.values(AIR_CAPABILITIES),
  ...Object.values(TOOL_CALL_KEYS),
  IS_MCP_TOOL_CALL,
  SKILL_PATH,
  FILE_CHANGE_REPORT_REQUEST,
  ...Object.values(SUBAGENT_UPDATES),
  MODE_KINDS.autoReview,
  MODE_KINDS.fullAccess,
  GOAL_METHOD,
  CONTEXT_COMPACTION,
  CUSTOM_ANSWER,
  ...Object.values(SESSION_INDEX_METHODS),
  LIST_CHANGES_METHOD,
  ...Object.values(SESSION_INDEX_AGENT_CAPABILITIES),
  AGENT_WORKTREE,
  ROW_FIELDS.lastPromptAt,
  ROW_FIELDS.lastTurnEndedAt,
  ...ASYNC_TASK_WIRE_STRINGS,
];
