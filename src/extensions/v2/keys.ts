import { V1_TERMINAL_WORDS } from "./v1-terminal-keys.js";

/**
 * The draft ACP v2 words that v1 does not have (features.md 1o; the ACP SDK's
 * `/experimental/v2` schema). Only this folder spells them: the v2 surface is one
 * mapping over the v1 agent, not a second vocabulary spread through the tree.
 */

/** The protocol version a v2 client asks for and gets. */
export const PROTOCOL_V2 = 2;

/** Session update kinds only v2 sends. */
export const V2_UPDATES = {
  stateUpdate: "state_update",
  userMessage: "user_message",
  agentMessage: "agent_message",
  agentThought: "agent_thought",
  planUpdate: "plan_update",
  planRemoved: "plan_removed",
} as const;

/** `state_update` states. */
export const V2_STATES = {
  running: "running",
  requiresAction: "requires_action",
  idle: "idle",
} as const;

/** `state_update` background work item types. */
export const V2_BACKGROUND = {
  /** A child session (the draft's `BackgroundSubagent`; also an AIR key's word). */
  subagent: "subagent",
  /** A task of Claude Code's the client tracks nothing else for (a monitor, a workflow). */
  claudeTask: "_claude/task",
} as const;

/**
 * The Git patch of a v1 diff block, in the block's `_meta` under this key, on its way to
 * v2's `patch` (the v2 file-patch decorator sets it, the mapping moves it; never on the wire).
 */
export const V2_PATCH_META = "_claude/v2Patch";

/** The one plan a session has: v1's `plan` replaces it whole, v2 names it. */
export const SESSION_PLAN_ID = "plan";

/**
 * What `test/architecture.test.ts` looks for outside this folder. Not `plan_update`: ACP
 * v1's unstable plan operations have it too (`clientCapabilities.plan`, sent by the
 * translation for the ExitPlanMode plan).
 */
export const V2_WIRE_STRINGS: readonly string[] = [
  V2_UPDATES.stateUpdate,
  V2_BACKGROUND.subagent,
  V2_BACKGROUND.claudeTask,
  V2_PATCH_META,
  ...V1_TERMINAL_WORDS,
];
