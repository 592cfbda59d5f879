import { createHash } from "node:crypto";
import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import type { ClientProfile } from "../../profile/client-profile.js";

/** Tools that run a subagent (Claude Code 2.1.318 names it Agent; Task before). */
export const SUBAGENT_TOOLS: ReadonlySet<string> = new Set(["Agent", "Task"]);

/** The tool a parent sends a subagent a message with (and runs an idle one again). */
export const SEND_MESSAGE = "SendMessage";

declare module "../../profile/hooks.js" {
  interface ExtensionHooks {
    /**
     * An extension's bridge form of native child sessions, for a client whose ACP SDK
     * strips the draft `clientCapabilities.subagents` (AIR's `nativeSubagentSessions`).
     */
    readonly subagentBridge?: SubagentAnnouncer;
    /**
     * An extension's own route of subagents off the root session, which replaces the
     * native child sessions (Lody's subagent events, lody-contract.md §4).
     */
    readonly subagentsReplaced?: boolean;
  }
}

/**
 * How a client takes subagents as native child sessions: the ACP subagents RFD
 * (`clientCapabilities.subagents: {}`, `subagent_update`), or an extension's bridge for
 * ACP SDKs that strip that draft field (`ExtensionHooks.subagentBridge`). The canonical
 * field wins (air-extensions.md "Native subagent sessions"); undefined: no child sessions
 * (Agent and Task stay tool calls).
 */
export type SubagentMode = "rfd" | "bridge";

export function subagentMode(profile: ClientProfile): SubagentMode | undefined {
  if (profile.hooks.subagentsReplaced) return undefined;
  if (profile.subagents) return "rfd";
  if (profile.hooks.subagentBridge) return "bridge";
  return undefined;
}

/**
 * Whether subagents leave the root session's tool calls and transcript: as native child
 * sessions, or by an extension's own route (`ExtensionHooks.subagentsReplaced`).
 */
export function subagentsOffRoot(profile: ClientProfile): boolean {
  return profile.hooks.subagentsReplaced === true || subagentMode(profile) !== undefined;
}

/**
 * The child's session id: derived from the root session and the subagent's tool use id,
 * so a live run and the replay of its stored transcript name the same child (the tool
 * use id is stored with the conversation). Opaque to the client, and never a stored
 * session's id (those are UUIDs).
 */
export function childSessionId(rootSessionId: string, toolUseId: string): string {
  const digest = createHash("sha256").update(rootSessionId).update("\0").update(toolUseId);
  return `subagent-${digest.digest("hex").slice(0, 32)}`;
}

/** Why a child's foreground work stopped (the RFD's `idle` stop reasons we report). */
export type ChildStopReason = "end_turn" | "cancelled" | "error";

/** The child's current work (the RFD's `StateUpdate`). */
export type ChildWorkState =
  | { readonly state: "running" }
  | { readonly state: "requires_action" }
  | { readonly state: "idle"; readonly stopReason: ChildStopReason };

export const RUNNING: ChildWorkState = { state: "running" };
export const REQUIRES_ACTION: ChildWorkState = { state: "requires_action" };

export function idle(stopReason: ChildStopReason): ChildWorkState {
  return { state: "idle", stopReason };
}

/** A `task_notification`'s status → the child's end (a stopped task was cancelled). */
export function taskEndState(status: string): ChildWorkState {
  if (status === "completed") return idle("end_turn");
  if (status === "stopped") return idle("cancelled");
  return idle("error");
}

/** What a parent shows of a child: from the Agent / Task input and `task_started`. */
export interface ChildSession {
  readonly sessionId: string;
  /** The tool use id of the Agent / Task call that runs the child. */
  readonly toolUseId: string;
  /** The input `description` ("Explore the code"). */
  readonly title: string | undefined;
  /** The input `subagent_type` ("general-purpose"). */
  readonly agentType: string | undefined;
  /** The exact prompt the child got, never truncated. */
  readonly prompt: string | undefined;
  /** Where Claude Code placed the child when not in its parent's folder (a worktree). */
  readonly cwd?: string;
}

/**
 * The child's prompt (air-extensions.md "Native subagent sessions"): the `task_started`
 * prompt, else the Agent / Task input `prompt`, else a resumed generation's SendMessage
 * `message`; undefined when there is none.
 */
export function childPrompt(
  taskStartedPrompt: unknown,
  input: Readonly<Record<string, unknown>>,
): string | undefined {
  if (typeof taskStartedPrompt === "string" && taskStartedPrompt) return taskStartedPrompt;
  if (typeof input.prompt === "string" && input.prompt) return input.prompt;
  if (typeof input.message === "string" && input.message) return input.message;
  return undefined;
}

/** The child as the Agent / Task input describes it (the prompt from `childPrompt`). */
export function describeChild(
  sessionId: string,
  toolUseId: string,
  input: Readonly<Record<string, unknown>>,
  prompt: string | undefined,
): ChildSession {
  return {
    sessionId,
    toolUseId,
    title: nonEmpty(input.description),
    agentType: nonEmpty(input.subagent_type),
    prompt,
  };
}

/** `value` when it is a string with more than blanks. */
export function nonEmpty(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() ? value : undefined;
}

/**
 * The updates on the parent session that announce a child and report its work: one
 * form per `SubagentMode`. `spawned` goes out before any traffic of the child.
 */
export interface SubagentAnnouncer {
  /** The parent's updates that announce the child (and what it was sent). */
  spawned(child: ChildSession, state: ChildWorkState, parentSessionId: string): SessionUpdate[];
  /** The child session's first updates, right after its announcement. */
  opening(child: ChildSession, parentSessionId: string): SessionUpdate[];
  state(child: ChildSession, state: ChildWorkState): SessionUpdate[];
  /**
   * A later message from the parent that runs the child again (SendMessage): the
   * parent's outgoing view and the child's incoming one; `key` names that run.
   */
  messaged(
    child: ChildSession,
    parentSessionId: string,
    message: string,
    key: string,
  ): { parent: SessionUpdate[]; child: SessionUpdate[] };
  /**
   * The child's final answer of the run `key` (the launch's tool use id, or the
   * SendMessage's), handed back to its parent: the child's outgoing view and the
   * parent's incoming one. Sent before the child goes idle.
   */
  answered(
    child: ChildSession,
    parentSessionId: string,
    answer: string,
    key: string,
  ): { child: SessionUpdate[]; parent: SessionUpdate[] };
  /** The child runs in `cwd` now; null: back in its parent's folder. */
  placed(child: ChildSession, cwd: string | null): SessionUpdate[];
}

/** What an inter-session message is: a child's prompt (parent → child) or its answer. */
type MessageKind = "prompt" | "answer";

/**
 * The ids of a message's two views (RFD `session_message`): the sender's outgoing one and
 * the recipient's incoming one, from the tool use id of the run (so a replay has them).
 */
export function messageIds(key: string, kind: MessageKind): { outgoing: string; incoming: string } {
  return { outgoing: `${key}:${kind}`, incoming: `${key}:${kind}:received` };
}

/** One view of a message between a child and its parent (RFD `session_message`). */
function linkedMessage(
  child: ChildSession,
  parentSessionId: string,
  message: { key: string; kind: MessageKind; text: string | undefined },
  view: "outgoing" | "incoming",
): SessionUpdate {
  const ids = messageIds(message.key, message.kind);
  const toChild = message.kind === "prompt";
  const update: Record<string, unknown> = { sessionUpdate: "session_message" };
  update.messageId = ids[view];
  update.senderSessionId = toChild ? parentSessionId : child.sessionId;
  update.recipientSessionId = toChild ? child.sessionId : parentSessionId;
  if (view === "outgoing") update.recipientMessageId = ids.incoming;
  else update.senderMessageId = ids.outgoing;
  update.content = [{ type: "text", text: message.text }];
  return update as SessionUpdate;
}

/**
 * The RFD form (ACP SDK 2.4.0 `SubagentUpdate`): `subagent_update` with the child's
 * session id; the first one announces it, later ones patch its state. A child may be
 * cancelled on its own (`capabilities.cancel`). Its launch prompt is a `session_message`
 * sent by the parent (after the announcement, as the RFD orders) and received by the child;
 * its answer one sent by the child and received by the parent. `cwd` says where the child
 * runs when Claude Code placed it elsewhere than its parent (`isolation: "worktree"`);
 * unset, it inherits its parent's, and `null` sets it back to that.
 */
export const RFD_ANNOUNCER: SubagentAnnouncer = {
  spawned(child, state, parentSessionId) {
    const update: Record<string, unknown> = { sessionUpdate: "subagent_update" };
    update.sessionId = child.sessionId;
    if (child.title !== undefined) update.title = child.title;
    if (child.agentType !== undefined) update.description = child.agentType;
    update.capabilities = { cancel: {} };
    update.state = { ...state };
    if (child.cwd !== undefined) update.cwd = child.cwd;
    const updates = [update as SessionUpdate];
    if (child.prompt !== undefined)
      updates.push(linkedMessage(child, parentSessionId, launchPrompt(child), "outgoing"));
    return updates;
  },
  opening(child, parentSessionId) {
    if (child.prompt === undefined) return [];
    return [linkedMessage(child, parentSessionId, launchPrompt(child), "incoming")];
  },
  state(child, state) {
    return [{ sessionUpdate: "subagent_update", sessionId: child.sessionId, state: { ...state } }];
  },
  messaged(child, parentSessionId, text, key) {
    const message = { key, kind: "prompt" as const, text };
    return {
      parent: [linkedMessage(child, parentSessionId, message, "outgoing")],
      child: [linkedMessage(child, parentSessionId, message, "incoming")],
    };
  },
  answered(child, parentSessionId, text, key) {
    const message = { key, kind: "answer" as const, text };
    return {
      child: [linkedMessage(child, parentSessionId, message, "outgoing")],
      parent: [linkedMessage(child, parentSessionId, message, "incoming")],
    };
  },
  placed(child, cwd) {
    return [{ sessionUpdate: "subagent_update", sessionId: child.sessionId, cwd }];
  },
};

/** The launch prompt of a child, under its Agent / Task call's tool use id. */
function launchPrompt(child: ChildSession) {
  return { key: child.toolUseId, kind: "prompt" as const, text: child.prompt };
}

/** The announcer of the native child sessions `profile` takes; undefined: none. */
export function announcerFor(profile: ClientProfile): SubagentAnnouncer | undefined {
  const mode = subagentMode(profile);
  if (mode === "rfd") return RFD_ANNOUNCER;
  return mode === "bridge" ? profile.hooks.subagentBridge : undefined;
}
