import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import type { SessionUpdate, ToolCallUpdate } from "@agentclientprotocol/sdk/unstable";
import type { ClientProfile } from "../profile/client-profile.js";
import type { ReplayedChild } from "./subagent-child.js";
import type { RoutedUpdate } from "../translation/routed-update.js";
import type { SdkMessageTranslator } from "../translation/sdk-message-translator.js";
import { LodySubagentRoute } from "./lody-subagent-route.js";
import { flatSubagents } from "./query-setup.js";
import { RootSubagentRoute } from "./root-subagent-route.js";
import { subagentRouterFor } from "./subagent-router.js";

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

/**
 * The route of a session's subagents: Lody's subagent events for a client that
 * negotiated them (they replace the native child sessions, contract §4), else native
 * child sessions for a client that takes them, else the root session for a client whose
 * subagents' work goes there (`flatSubagents`); undefined: the child's work is not shown.
 */
export function childRouteFor(
  profile: ClientProfile,
  /** The root session, its folder (a child placed elsewhere reports its own), its options. */
  root: {
    readonly sessionId: string;
    readonly cwd?: string;
    readonly passThrough: Readonly<Record<string, unknown>>;
  },
  output: ChildRouteOutput,
): ChildRoute | undefined {
  const rootSessionId = root.sessionId;
  if (profile.lody.subagentEvents) {
    return new LodySubagentRoute(rootSessionId, {
      notify: (method, params, loud) => output.notify(method, params, loud),
      sendRoot: (update) => output.send(update, rootSessionId, false),
    });
  }
  const router = subagentRouterFor(profile, rootSessionId, output.send, output.stopTask, root.cwd);
  if (router || !flatSubagents(profile, root.passThrough)) return router;
  return new RootSubagentRoute(rootSessionId, (update, sessionId) =>
    output.send(update, sessionId, false),
  );
}
