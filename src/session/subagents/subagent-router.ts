import { watchToolCalls } from "./subagent-calls.js";
import { flatSubagents } from "../start/query-setup.js";
import { RootSubagentRoute } from "./root-subagent-route.js";
import { notifiedAnswer } from "../../translation/subagents/child-answer.js";
import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import type { ClientProfile } from "../../profile/client-profile.js";
import type { RoutedUpdate } from "../../translation/routed-update.js";
import type { SdkMessageTranslator } from "../../translation/sdk-message-translator.js";
import {
  announcerFor,
  childPrompt,
  childSessionId,
  describeChild,
  idle,
  REQUIRES_ACTION,
  RUNNING,
  taskEndState,
  type ChildWorkState,
  type SubagentAnnouncer,
} from "../../translation/subagents/child-session.js";
import { log } from "../../util/log.js";
import type { ChildRoute, ChildRouteOutput, ChildRouteRoot } from "./child-route.js";
import { ChildReports } from "./child-reports.js";
import {
  adoptedChild,
  type Child,
  type ReplayedChild,
  type SubagentCall,
} from "./subagent-child.js";

/**
 * A session's subagents as native child sessions (ACP subagents RFD, AIR's bridge):
 * learns the Agent / Task calls and their tasks from Claude Code's messages, announces
 * each child on its immediate parent before any of its traffic (parents first), names
 * the session a subagent's updates go to, and reports the child's work state.
 *
 * A subagent whose call was never seen has no known parent: its traffic is dropped,
 * never shown under a guessed parent (the RFD forbids guessing).
 */
export class SubagentRouter implements ChildRoute {
  private readonly calls = new Map<string, SubagentCall>();
  private readonly children = new Map<string, Child>();
  private readonly bySession = new Map<string, Child>();
  /** The children a SendMessage runs again, by that SendMessage's tool use id. */
  private readonly runs = new Map<string, Child>();
  /** SubagentStart's folders of tasks not started yet, by task id. */
  private readonly pendingCwds = new Map<string, string>();
  readonly reports = new ChildReports();

  constructor(
    private readonly rootSessionId: string,
    private readonly announcer: SubagentAnnouncer,
    /**
     * Sends an update to a session, in the session's order (`Outbox.send`); `loud`
     * for a background child's, which a quiet parent still sends (`Outbox.sendLoud`).
     */
    private readonly send: (update: SessionUpdate, sessionId: string, loud: boolean) => void,
    /** Stops one of Claude Code's tasks (`Query.stopTask`), if a query runs. */
    private readonly stopTask: (taskId: string) => Promise<void> | undefined = () => undefined,
    /** The root session's folder, which a child inherits unless it runs elsewhere. */
    private readonly rootCwd?: string,
  ) {}

  /**
   * Tells the session's translator about the children: a background child's work
   * outlives the parent's turn, and a subagent call without a child is a tool call.
   */
  attach(translator: SdkMessageTranslator): void {
    translator.keepAcrossTurns((parent) => this.inBackground(parent));
    translator.tools.knowChildSessions((toolUseId) => this.announced(toolUseId));
  }

  /**
   * The children a load's replay announced: a SendMessage that runs one again after the
   * load goes to it as to a child seen live. A child already known (seen live on this
   * connection) stays as it is; parents come before their children.
   */
  adoptReplayed(children: readonly ReplayedChild[]): void {
    for (const replayed of children) {
      const { toolUseId, sessionId } = replayed.session;
      if (this.children.has(toolUseId)) continue;
      const parent = this.bySession.get(replayed.parentSessionId)?.session.toolUseId ?? null;
      const child = adoptedChild(replayed, parent);
      this.calls.set(toolUseId, child.call);
      this.children.set(toolUseId, child);
      this.bySession.set(sessionId, child);
    }
    this.reports.adopted(children);
  }

  /**
   * The child session Claude Code's task `taskId` runs, once known: the run of a
   * SendMessage (a new tool use id, the same task id) is the child's its launch announced.
   */
  childOfTask(taskId: string): string | undefined {
    return this.childByTask(taskId)?.session.sessionId;
  }

  /** `session/cancel` on a child: stops that subagent alone (its parent's turn goes on). */
  cancel(sessionId: string): void {
    const taskId = this.cancelChild(sessionId);
    if (taskId === undefined) return;
    this.stopTask(taskId)?.catch((error: unknown) => {
      log.warn("stopping a subagent failed", { sessionId, message: String(error) });
    });
  }

  /**
   * Learns from one of Claude Code's messages, before it is translated. True when the
   * message is a background child's work (`carriesBackgroundWork`).
   */
  observe(message: SDKMessage): boolean {
    watchToolCalls(message, {
      sawCall: (id, parent) => this.sawCall(id, parent),
      sawResult: (id, isError, answer) => this.sawResult(id, isError, answer),
    });
    if (message.type === "system") {
      if (message.subtype === "task_started") this.taskStarted(message);
      else if (message.subtype === "task_notification" && message.tool_use_id)
        this.taskEnded(message.tool_use_id, message.status, message.summary);
    }
    return this.carriesBackgroundWork(message);
  }

  /**
   * The SubagentStart hook: the child of task `agentId` runs in `cwd` (a worktree of its
   * own, or back in its parent's folder). Kept for `task_started` when it comes first.
   */
  subagentStarted(agentId: string, cwd: string): void {
    const child = this.childByTask(agentId);
    if (!child) {
      this.pendingCwds.set(agentId, cwd);
      return;
    }
    const next = cwd === this.cwdOf(child.parentSessionId) ? undefined : cwd;
    if (next === child.cwd) return;
    child.cwd = next;
    for (const update of this.announcer.placed(child.session, next ?? null))
      this.send(update, child.parentSessionId, child.call.background === true);
  }

  /** The session a subagent's updates go to, announcing it first; undefined: dropped. */
  sessionOf(toolUseId: string): string | undefined {
    return this.announce(toolUseId)?.session.sessionId;
  }

  /** A permission request of `target`'s work opens: the child requires action. */
  requestOpened(target: string | null): void {
    const child = target === null ? undefined : this.children.get(target);
    if (!child || child.state.state === "idle") return;
    child.openRequests++;
    if (child.openRequests === 1) this.report(child, REQUIRES_ACTION);
  }

  /** The request was answered (or withdrawn): the child runs again. */
  requestClosed(target: string | null): void {
    const child = target === null ? undefined : this.children.get(target);
    if (!child || child.openRequests === 0) return;
    child.openRequests--;
    if (child.openRequests === 0 && child.state.state === "requires_action")
      this.report(child, RUNNING);
  }

  /**
   * The parent's turn was cancelled: Claude Code's interrupt stops the foreground
   * children the turn waits on (background ones keep running, `perTaskStopAffordance`).
   * Reported now, while the parent may still speak.
   */
  parentCancelled(): void {
    for (const child of this.children.values()) {
      if (child.call.background !== true) this.end(child.session.toolUseId, idle("cancelled"));
    }
  }

  /** Whether the subagent call `toolUseId` got its child session (announced). */
  announced(toolUseId: string): boolean {
    return this.children.has(toolUseId);
  }

  /** Whether the child of `toolUseId` runs in the background (not the turn's work). */
  inBackground(toolUseId: string): boolean {
    return this.children.get(toolUseId)?.call.background === true;
  }

  /**
   * Whether `message` is the work of a background child: not the parent turn's, it goes
   * on between the parent's turns and after a cancel of the parent.
   */
  carriesBackgroundWork(message: SDKMessage): boolean {
    const parent = (message as { parent_tool_use_id?: unknown }).parent_tool_use_id;
    return typeof parent === "string" && this.inBackground(parent);
  }

  /**
   * Sends a background child's translated work to its child session: also between the
   * parent's turns and while a cancelled parent is quiet.
   */
  sendWork(routed: readonly RoutedUpdate[]): void {
    for (let i = 0; i < routed.length; i++) {
      const { target, update } = routed[i]!;
      const sessionId = target === null ? undefined : this.sessionOf(target);
      if (sessionId !== undefined) this.send(update, sessionId, true);
    }
  }

  /** Whether `sessionId` is a child of this session. */
  owns(sessionId: string): boolean {
    return this.bySession.has(sessionId);
  }

  /**
   * `session/cancel` on a child: the Claude Code task to stop (`stopTask`), or undefined
   * when the child is not running (or its task is not known yet).
   */
  cancelChild(sessionId: string): string | undefined {
    const child = this.bySession.get(sessionId);
    if (!child || child.state.state === "idle") return undefined;
    child.cancelled = true;
    return child.call.taskId;
  }

  private sawCall(id: string, parent: string | null): SubagentCall {
    let call = this.calls.get(id);
    if (!call) this.calls.set(id, (call = { parent, input: {} }));
    return call;
  }

  private taskStarted(message: Extract<SDKMessage, { subtype: "task_started" }>): void {
    const call = message.tool_use_id ? this.calls.get(message.tool_use_id) : undefined;
    if (!call) return this.resumed(message);
    call.taskId = message.task_id;
    call.cwd = this.pendingCwds.get(message.task_id) ?? call.cwd;
    this.pendingCwds.delete(message.task_id);
    if (typeof message.prompt === "string") call.prompt = message.prompt;
    call.background = message.is_backgrounded === true;
    this.announce(message.tool_use_id!);
  }

  /**
   * A SendMessage runs an idle child again (Claude Code 2.1.318 resumes its task, under
   * the same task id, in the background, named by the SendMessage's tool use id): the
   * message goes from the parent to the child, which runs until that run's task ends.
   */
  private resumed(message: Extract<SDKMessage, { subtype: "task_started" }>): void {
    const child = this.childByTask(message.task_id);
    const run = message.tool_use_id;
    if (!child || !run || child.state.state !== "idle") return;
    this.runs.set(run, child);
    child.call.background = message.is_backgrounded === true;
    child.cancelled = false;
    this.report(child, RUNNING);
    if (typeof message.prompt !== "string" || !message.prompt) return;
    const views = this.announcer.messaged(
      child.session,
      child.parentSessionId,
      message.prompt,
      run,
    );
    this.sendViews(child, views, "parent");
  }

  /** The child whose Claude Code task is `taskId`. */
  private childByTask(taskId: string): Child | undefined {
    for (const child of this.children.values()) if (child.call.taskId === taskId) return child;
    return undefined;
  }

  /**
   * Sends a message's two views, the sender's first: the parent's on the parent, the
   * child's on the child.
   */
  private sendViews(
    child: Child,
    views: { parent: SessionUpdate[]; child: SessionUpdate[] },
    sender: "parent" | "child",
  ): void {
    const loud = child.call.background === true;
    const parent = (): void => {
      for (const update of views.parent) this.send(update, child.parentSessionId, loud);
    };
    if (sender === "parent") parent();
    for (const update of views.child) this.send(update, child.session.sessionId, loud);
    if (sender === "child") parent();
  }

  /** A foreground child goes idle with its call's result, which holds its answer. */
  private sawResult(toolUseId: string, isError: boolean, answer: () => string | undefined): void {
    const child = this.children.get(toolUseId);
    if (child && child.call.background !== true)
      this.end(
        toolUseId,
        idle(isError ? "error" : "end_turn"),
        isError ? undefined : (answer() ?? child.summary),
      );
  }

  /**
   * A child's task ended. A foreground child that completed waits for its call's result,
   * which carries the answer the parent got; a background child's answer is the summary.
   */
  private taskEnded(toolUseId: string, status: string, summary: unknown): void {
    const child = this.children.get(toolUseId) ?? this.runs.get(toolUseId);
    const background = child?.call.background === true;
    if (child && !background && status === "completed") {
      // A nested child's result has no structured output: the summary is its answer.
      child.summary = notifiedAnswer(status, summary);
      return;
    }
    this.end(toolUseId, taskEndState(status), notifiedAnswer(status, summary));
  }

  /** The folder a session runs in as the client knows it: the root's, or a child's. */
  private cwdOf(sessionId: string): string | undefined {
    const child = this.bySession.get(sessionId);
    return child ? (child.cwd ?? this.cwdOf(child.parentSessionId)) : this.rootCwd;
  }

  /** The child of `toolUseId`, announced now if it was not yet (its parents first). */
  private announce(toolUseId: string): Child | undefined {
    const known = this.children.get(toolUseId);
    if (known) return known;
    const call = this.calls.get(toolUseId);
    if (!call) return undefined;
    const parentSessionId =
      call.parent === null ? this.rootSessionId : this.announce(call.parent)?.session.sessionId;
    if (parentSessionId === undefined) return undefined;
    const sessionId = childSessionId(this.rootSessionId, toolUseId);
    const prompt = childPrompt(call.prompt, call.input);
    const cwd = call.cwd === this.cwdOf(parentSessionId) ? undefined : call.cwd;
    const described = describeChild(sessionId, toolUseId, call.input, prompt);
    const session = cwd === undefined ? described : { ...described, cwd };
    const child: Child = {
      session,
      parentSessionId,
      call,
      state: RUNNING,
      openRequests: 0,
      cancelled: false,
      cwd,
    };
    this.children.set(toolUseId, child);
    this.bySession.set(sessionId, child);
    const loud = call.background === true;
    for (const update of this.announcer.spawned(session, RUNNING, parentSessionId))
      this.send(update, parentSessionId, loud);
    for (const update of this.announcer.opening(session, parentSessionId))
      this.send(update, sessionId, loud);
    return child;
  }

  /**
   * The run `toolUseId` of a child ended (its launch, or a SendMessage that resumed it):
   * its answer goes back to the parent, then its state.
   */
  private end(toolUseId: string, state: ChildWorkState, answer?: string): void {
    const child = this.children.get(toolUseId) ?? this.runs.get(toolUseId);
    if (!child || child.state.state === "idle") return;
    child.openRequests = 0;
    if (answer !== undefined && !child.cancelled) {
      const { session, parentSessionId } = child;
      const views = this.announcer.answered(session, parentSessionId, answer, toolUseId);
      this.sendViews(child, views, "child");
    }
    this.report(child, child.cancelled ? idle("cancelled") : state);
  }

  private report(child: Child, state: ChildWorkState): void {
    child.state = state;
    for (const update of this.announcer.state(child.session, state))
      this.send(update, child.parentSessionId, child.call.background === true);
  }
}

/**
 * The route of a session's subagents: an extension's own (Lody's subagent events replace
 * the native child sessions), else native child sessions for a client that takes them,
 * else the root session for a client whose subagents' work goes there (`flatSubagents`,
 * `root-subagent-route.ts`); undefined: the child's work is not shown.
 */
export function childRouteFor(
  profile: ClientProfile,
  root: ChildRouteRoot,
  output: ChildRouteOutput,
): ChildRoute | undefined {
  const own = profile.hooks.childRoute;
  if (own) return own(root, output);
  const announcer = announcerFor(profile);
  if (announcer)
    return new SubagentRouter(root.sessionId, announcer, output.send, output.stopTask, root.cwd);
  if (!flatSubagents(profile, root.passThrough ?? {})) return undefined;
  return new RootSubagentRoute(root.sessionId, (update, sessionId) =>
    output.send(update, sessionId, false),
  );
}
