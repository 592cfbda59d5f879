import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import type { SessionUpdate, ToolCallUpdate } from "@agentclientprotocol/sdk/unstable";
import type { ReplayedChild } from "./subagent-child.js";
import type { ChildReports } from "./child-reports.js";
import type { RoutedUpdate } from "../../translation/routed-update.js";
import type { SdkMessageTranslator } from "../../translation/sdk-message-translator.js";

/**
 * Where a session's subagents go: native child sessions (`subagent-router.ts`: ACP
 * subagents RFD, AIR's bridge), Lody's subagent events (`lody-subagent-route.ts`), or the
 * root session (`root-subagent-route.ts`, the flat transcript). The session, its outbox
 * and its tool events speak to each through this.
 */
export interface ChildRoute {
  /** Tells the translator which subagent calls became children and which outlive a turn. */
  attach(translator: SdkMessageTranslator): void;
  /** Learns from a message before it is translated; true: a background child's work. */
  observe(message: SDKMessage): boolean;
  /** A background child's translated work, sent also between turns and while quiet. */
  sendWork(routed: readonly RoutedUpdate[]): void;
  /**
   * The session a child's update (or, without one, its permission request) goes to;
   * undefined: not a session's (dropped, or taken by the route).
   */
  sessionOf(target: string, update?: SessionUpdate): string | undefined;
  inBackground(toolUseId: string): boolean;
  requestOpened(target: string | null): void;
  requestClosed(target: string | null): void;
  /** The parent's turn was cancelled: its foreground children were stopped with it. */
  parentCancelled(): void;
  /** Whether `sessionId` is a child session of this route (for `session/cancel`). */
  owns(sessionId: string): boolean;
  cancel(sessionId: string): void;
  /**
   * The tool call a child's permission request shows on the root session, when the
   * route puts it there (Lody's mirror); undefined: the request shows `toolCall`.
   */
  mirrorRequest?(target: string, toolCall: ToolCallUpdate): ToolCallUpdate | undefined;
  /** Claude Code exited: what the route observed of its children is lost. */
  queryExited?(): void;
  /** A subagent (task `agentId`) starts or resumes in `cwd` (SubagentStart hook). */
  subagentStarted?(agentId: string, cwd: string): void;
  /** What Claude Code's hooks report of the children (native child sessions only). */
  readonly reports?: ChildReports;
  /** The child session that runs Claude Code's task `taskId`, known (native child sessions only). */
  childOfTask?(taskId: string): string | undefined;
  /** The child sessions a load's replay announced (native child sessions only). */
  adoptReplayed?(children: readonly ReplayedChild[]): void;
}

/** How a route sends: to a session in its order, an extension notification, a task stop. */
export interface ChildRouteOutput {
  /** `loud`: also while the session is quiet (a background child's, `Outbox.sendLoud`). */
  send(update: SessionUpdate, sessionId: string, loud: boolean): void;
  notify(method: string, params: unknown, loud: boolean): void;
  /** Stops one of Claude Code's tasks (`Query.stopTask`), if a query runs. */
  stopTask(taskId: string): Promise<void> | undefined;
}

/** The session a route belongs to, and its folder (a child placed elsewhere reports its own). */
export interface ChildRouteRoot {
  readonly sessionId: string;
  readonly cwd?: string;
  /** The session's own options (`_meta["subagent-transcript"]` asks for the root route). */
  readonly passThrough?: Readonly<Record<string, unknown>>;
}

declare module "../../profile/hooks.js" {
  interface ExtensionHooks {
    /**
     * An extension's own route of a session's subagents, which replaces the native child
     * sessions (Lody's subagent events, lody-contract.md §4).
     */
    readonly childRoute?: (root: ChildRouteRoot, output: ChildRouteOutput) => ChildRoute;
  }
}
