import { managedEnvApplied } from "../sdk/managed-env.js";
import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import type {
  PromptResponse,
  SessionConfigOption,
  SessionModeState,
} from "@agentclientprotocol/sdk/unstable";
import { storedRunState, storedTitle } from "../sdk/transcripts/current-title.js";
import { StartAnswerCache } from "../sdk/start-cache/start-answer-cache.js";
import type { ClientPort } from "../client/client-port.js";
import type { ClientProfile } from "../profile/client-profile.js";
import type { ClaudeInit } from "../sdk/claude-query.js";
import type { ClaudeUserBlock } from "../translation/prompt.js";
import { log } from "../util/log.js";
import { asyncTasksFor, type AsyncTasks, type StopTaskResponse } from "./subagents/async-tasks.js";
import type { ChildRoute } from "./subagents/child-route.js";
import { childRouteFor } from "./subagents/subagent-router.js";
import { Conversation } from "./turn/conversation.js";
import { describedCommands } from "./options/described-commands.js";
import { GoalControl } from "./options/goal-control.js";
import { IdleCompaction } from "./taps/idle-compaction.js";
import { Lifecycle } from "./lifecycle.js";
import { McpSignIn } from "./mcp/sign-in.js";
import type { MessageTap } from "./taps/message-tap.js";
import { messageTaps, tapsObserve, tapsRouted } from "./taps/message-taps.js";
import { Outbox } from "./outbox.js";
import { handOffPlan, type PlanHandoffParts } from "./turn/plan-handoff.js";
import { QuerySlot } from "./start/query-slot.js";
import { QueryStarter, type QueryStarterParts } from "./start/query-starter.js";
import { translatorFor, type SessionSetup } from "./start/query-setup.js";
import { restartQuery, type RestartParts } from "./turn/restart.js";
import { SessionRewind } from "./history/rewind.js";
import { configFor } from "./options/session-config.js";
import { SessionCommands } from "./options/session-commands.js";
import { SessionOptions } from "./options/session-options.js";
import {
  planSessionStart,
  startClaude,
  type SpawnPlan,
  type StartPlan,
} from "./start/session-start.js";
import { announceStart } from "./start/start-announcements.js";
import { PromptSuggestions } from "./taps/prompt-suggestions.js";
import { ClientNotifications } from "./client-notifications.js";
import { commandsBeforeAnswer, StartState } from "./start/start-state.js";
import { OpenAsks, Steering, type Steer } from "./turn/steering.js";
import { titlesFor, type SessionTitles } from "./taps/titles.js";
import { ActivityTap, type SessionActivity } from "./session-activity.js";
import { BackgroundWorkflows, stopsWorkflowsOnCancel } from "./subagents/background-workflows.js";
import { TurnRunner, type TurnRunnerParts } from "./turn/turn-runner.js";
import { turnReportsFor } from "./turn/turn-reports.js";

type SessionParts = TurnRunnerParts & RestartParts & PlanHandoffParts & QueryStarterParts;

/**
 * One ACP session ↔ one Claude Code query, as an actor: prompts queue and run one at a
 * time, in order (`TurnRunner`); cancel interrupts the running turn and ends the queued
 * ones. Where the session is in its life is one state (`Lifecycle`).
 *
 * After a cancel the session is quiet: nothing reaches the client for it until the next
 * prompt starts (no late text, title or command list after the cancelled response).
 */
export class Session {
  private readonly lifecycle = new Lifecycle();
  private readonly startState = new StartState();
  private readonly slot = new QuerySlot({
    message: (message) => this.onMessage(message),
    exited: (error) => {
      this.asyncTasks?.shutdown("failed");
      this.children?.queryExited?.();
      this.runner.queryExited(error);
    },
  });
  private readonly outbox: Outbox;
  /** Subagents off the root: native child sessions or Lody's subagent events. */
  readonly children: ChildRoute | undefined;
  private readonly options: SessionOptions;
  private readonly titles: SessionTitles;
  /** The session's parts, shared by its pieces; each names the ones it uses. */
  private readonly parts: SessionParts;
  private readonly queries: QueryStarter;
  private readonly runner: TurnRunner;
  /** The background tasks of an AIR `asyncTasks` or a Lody client (`async-tasks.ts`). */
  private readonly asyncTasks: AsyncTasks | undefined;
  private readonly commands: SessionCommands;
  /** Claude Code's start answers stored on disk, for the next session like this one. */
  private readonly cache: StartAnswerCache;
  private readonly steering: Steering;
  private readonly goals: GoalControl;
  /** Readers of every Claude Code message (`message-taps.ts`). */
  private readonly taps: readonly MessageTap[];
  private readonly suggestions: PromptSuggestions;
  private readonly notifications: ClientNotifications;
  private readonly idle: IdleCompaction;
  private readonly activityTap = new ActivityTap();
  /** Background workflows a cancel stops (Claude Code's interrupt spares them). */
  private readonly workflows: BackgroundWorkflows | undefined;
  readonly rewind: SessionRewind; // session/rewind, session/edit_prompt

  private constructor(
    private readonly setup: SessionSetup,
    private readonly client: ClientPort,
    private readonly profile: ClientProfile,
  ) {
    const conversation = new Conversation(setup.sessionId);
    const asks = new OpenAsks();
    this.steering = new Steering({
      lifecycle: this.lifecycle,
      slot: this.slot,
      conversation,
      asks,
      release: (turn) => this.runner.release(turn),
    });
    this.cache = new StartAnswerCache(setup);
    this.children = childRouteFor(profile, setup, {
      send: (update, sessionId, loud) =>
        loud ? this.outbox.sendLoud(update, sessionId) : this.outbox.send(update, sessionId),
      notify: (method, params, loud) => this.outbox.notify(method, params, loud),
      stopTask: (taskId) => this.slot.current?.stopTask(taskId),
    });
    this.outbox = new Outbox(
      setup.sessionId,
      client,
      this.children ? (target, update) => this.children!.sessionOf(target, update) : undefined,
    );
    this.commands = new SessionCommands(profile, setup, this.outbox);
    this.titles = titlesFor(profile, {
      ...setup,
      outbox: this.outbox,
      query: () => this.slot.current,
    });
    this.options = new SessionOptions(
      this.outbox,
      () => this.startState.started,
      () => this.slot.current,
    );
    this.parts = {
      sessionId: setup.sessionId,
      cwd: setup.cwd,
      setup,
      profile,
      client,
      lifecycle: this.lifecycle,
      startState: this.startState,
      outbox: this.outbox,
      subagents: this.children,
      translator: translatorFor(profile, setup.passThrough, setup.cwd),
      options: this.options,
      slot: this.slot,
      conversation,
      steering: this.steering,
      mcpSignIn: McpSignIn.for(setup, client, profile, () => this.slot.current),
      asks,
      titles: this.titles,
      reports: turnReportsFor(profile, { setup, slot: this.slot, outbox: this.outbox }),
      queryStarted: (start, claudeSessionId, query) => {
        // The tasks of the Claude Code before (a plan handoff) ended with it.
        this.asyncTasks?.shutdown("stopped");
        this.runner.queryStarted(query);
        for (const tap of this.taps) tap.queryStarted?.(start, claudeSessionId);
      },
      handOffPlan: (...handoff) => handOffPlan(this.parts, ...handoff),
      startQuery: (start) => this.queries.replace(start),
      restart: () => void restartQuery(this.parts),
      pump: () => this.runner.pump(),
    };
    this.children?.attach(this.parts.translator);
    this.queries = new QueryStarter(this.parts);
    this.runner = new TurnRunner(this.parts);
    this.goals = new GoalControl({ ...this.parts, prompt: (c) => this.runner.prompt(c) });
    this.asyncTasks = asyncTasksFor(profile, this.parts);
    this.idle = new IdleCompaction({ ...this.parts, runner: this.runner });
    this.workflows = stopsWorkflowsOnCancel(profile, setup.passThrough, client.task !== undefined)
      ? new BackgroundWorkflows(setup.sessionId, (taskId) => this.slot.current?.stopTask(taskId))
      : undefined;
    const titles = this.titles.tap;
    const own = this.workflows ? [this.workflows] : [];
    this.taps = [...messageTaps({ ...this.parts, titles }), this.idle, this.activityTap, ...own];
    this.suggestions = PromptSuggestions.for(profile, setup.passThrough, this.outbox);
    this.rewind = new SessionRewind({ ...this.parts, cancel: () => this.cancel() });
    this.notifications = ClientNotifications.for(setup, client, profile);
  }

  get id(): string {
    return this.setup.sessionId;
  }

  /**
   * Starts Claude Code for a session. Resolves as soon as the session can be described:
   * from Claude Code's cached start answer (`sdk/start-cache/`) when there is one, else once
   * it is up; then prompts and option changes wait for Claude Code, and `announce()` tells
   * the client what its real answer changes. A load passes its `replay`: answered from the
   * cache only when the commands are cached too, Claude Code starting after the replay.
   */
  static async start(
    setup: SessionSetup,
    client: ClientPort,
    profile: ClientProfile,
    start: "new" | "resume" = "new",
    replay?: Promise<unknown>,
  ): Promise<Session> {
    const stored =
      start === "resume" ? await storedRunState(setup.sessionId, setup.cwd) : undefined;
    const session = new Session(setup, client, profile);
    session.parts.conversation.resumeAt = stored?.resumeAt; // a rewind not yet followed
    try {
      const claude = await startClaude({
        passThrough: setup.passThrough,
        stored,
        startAfter: replay,
        plan: () => planSessionStart(setup.cwd, setup.passThrough, stored),
        cached: (key) => session.cache.read(key, commandsBeforeAnswer(profile, !!replay)),
        launch: (spawn) => session.launch(start, spawn),
        stop: () => session.slot.stop(),
      });
      session.startState.planned(claude.plan);
      const started = claude.up.then((init) => session.onStarted(init, claude.plan));
      // A stored session's title is known: only a change is news to the client.
      const title = start === "resume" ? storedTitle(setup.sessionId, setup.cwd) : undefined;
      if (claude.cached) {
        session.options.set(
          configFor(claude.plan, claude.cached.models, profile, claude.cached.switches),
        );
        const cachedCommands = claude.cached.commands;
        session.startState.answeredEarly(
          session.configOptions(),
          cachedCommands && describedCommands(cachedCommands, profile, setup),
          started.catch((error: unknown) => session.onStartFailed(error)),
        );
      } else {
        await started;
      }
      session.titles.know(await title);
    } catch (error) {
      session.close();
      throw error;
    }
    return session;
  }

  /** Starts this session's Claude Code; resolves with what it offers once it is up. */
  private async launch(start: "new" | "resume", spawn: SpawnPlan): Promise<ClaudeInit> {
    if (this.lifecycle.closed) throw new Error("the session was closed before Claude Code started");
    await managedEnvApplied();
    return await this.queries.start(start, spawn).ready();
  }

  /** Claude Code has started: its own model list and commands replace any cached ones. */
  private async onStarted(init: ClaudeInit, plan: StartPlan): Promise<void> {
    this.setup.accountSeen?.(init.account);
    this.commands.started(init.commands);
    this.options.set(configFor(plan, init.models, this.profile, init.switches, init.agents));
    // The shown effort must be the one that runs, before any prompt (AIR recommendedValue).
    await this.options.applyStartEffort();
    this.startState.up(this.configOptions(), this.commands.current);
    this.lifecycle.started();
    this.runner.pump();
    // Written synchronously (3–5 ms): after the waiting prompt went to Claude Code.
    setImmediate(() => this.cache.write(plan.startKey, init));
  }

  /** Claude Code did not start after a cached answer: the next prompt starts one (or fails). */
  private onStartFailed(error: unknown): void {
    if (!this.lifecycle.closed)
      log.warn("Claude Code did not start", { sessionId: this.id, message: String(error) });
    this.startState.down();
    this.lifecycle.started();
    this.runner.pump();
  }

  /** Claude Code's state, last turn end and cost, for a session list row. */
  activity = (): SessionActivity => this.activityTap.current;
  /** Settles once this session's Claude Code is up, or failed to start. */
  get up(): Promise<void> {
    return this.startState.started;
  }
  /** The session's modes, for the `session/new` answer. */
  modes = (): SessionModeState => this.options.modes();
  configOptions = (): SessionConfigOption[] => this.options.options();

  /** The commands of the setup answer (`StartState.setupCommands`). */
  setupCommands = (): StartState["setupCommands"] => this.startState.setupCommands;

  /** Tells the client what it needs once the session is set up (`announceStart`). */
  announce(): Promise<void> {
    return announceStart({
      profile: this.profile,
      state: this.startState,
      hasMcpServers: this.setup.mcpServers.length > 0,
      mcpSignIn: this.parts.mcpSignIn,
      commands: () => this.commands.current,
      configOptions: () => this.configOptions(),
      query: () => this.slot.current,
      announce: (updates) => this.outbox.announce(updates),
    });
  }

  /** A load was answered: what Claude Code still tells waits for the next prompt. */
  quietUntilPrompt(): void {
    this.runner.quietUntilPrompt();
  }

  /** `session/set_mode` (once Claude Code is up: checked against what it offers). */
  setMode(modeId: unknown): Promise<void> {
    return this.options.setMode(modeId);
  }

  /** `session/set_config_option`: answers the full option list. */
  setConfigOption(configId: unknown, value: unknown): Promise<SessionConfigOption[]> {
    return this.options.setOption(configId, value);
  }

  /** Queues a prompt; resolves when its turn ends. `meta`: its `_meta` (a report's request). */
  prompt(content: ClaudeUserBlock[], meta?: unknown): Promise<PromptResponse> {
    this.suggestions.spent();
    this.idle.disarm();
    const run = this.runner.prompt(content, this.parts.reports.accept(meta));
    return this.goals.prompt(content, run);
  }

  /** Pushes `content` into the running turn (`steering.ts`); undefined when none runs. */
  steer(content: ClaudeUserBlock[]): Steer | undefined {
    return this.steering.inject(content);
  }

  /** Lody's steer: the running turn, else the queued prompt's; false with no prompt unsettled. */
  acknowledgedSteer(content: ClaudeUserBlock[], onApplied: () => void): boolean {
    return (
      !!this.steering.inject(content, onApplied) || this.runner.steerQueued(content, onApplied)
    );
  }

  /** The session's goal: `/goal <objective>`, or `/goal clear` for `null`. */
  goal(objective: string | null): void {
    this.goals.submit(objective);
  }

  /** Cancels the running turn and every queued prompt of this session. */
  cancel(): void {
    if (this.lifecycle.turn) this.children?.parentCancelled();
    this.idle.disarm();
    this.runner.cancel();
    this.workflows?.cancelled();
  }

  /** `_session/async_task/stop`; `{stopped: false}` for a client without async tasks. */
  stopAsyncTask(taskId: string): Promise<StopTaskResponse> {
    return this.asyncTasks?.stop(taskId) ?? Promise.resolve({ stopped: false });
  }

  /** ACP v2 `tool_call/cancel`, `terminal/cancel`: stops the call's task (`ToolTasks`). */
  stopToolCall(toolCallId: string): void {
    this.slot.tasks.stop(toolCallId);
  }

  /** Ends the session: its query stops and waiting prompts answer `cancelled`. */
  close(): void {
    if (this.lifecycle.closed) return;
    // Before the cancel quiets the session: the client hears how its open tasks ended.
    this.asyncTasks?.close();
    this.idle.close();
    this.runner.cancel();
    this.lifecycle.close(); // also ends the wait of the turn cancel() left draining
    this.outbox.closed = true;
    this.parts.mcpSignIn.close();
    this.slot.stop();
  }

  private onMessage(message: SDKMessage): void {
    tapsObserve(this.taps, message);
    this.route(message);
    tapsRouted(this.taps, message);
  }

  private route(message: SDKMessage): void {
    if (this.notifications.observe(message) || this.commands.observe(message)) return;
    // Claude Code's internal frames (not in the SDK's message union) about queued
    // commands and the goal: read by their owners, never translated.
    if (this.steering.observe(message) || this.goals.observe(message)) return;
    if (this.suggestions.observe(message)) return;
    if (message.type === "result") {
      // A held task's spawn goes before the turn's answer.
      this.asyncTasks?.observe(message);
      return this.runner.result(message);
    }
    if (message.type === "system" && message.subtype === "session_state_changed") {
      return this.runner.sessionState(message.state);
    }
    if (message.type === "system" && message.subtype === "status" && message.permissionMode) {
      // Claude Code switched modes by itself (plan mode entered, a plan approved).
      this.options.observeMode(message.permissionMode);
    }
    // A background child's work is not the turn's: it goes on between the parent's turns.
    if (this.children?.observe(message))
      return this.children.sendWork(this.parts.translator.translate(message));
    this.runner.stream(message);
    // After the tool call's own update: a task's news follows the call that started it.
    this.asyncTasks?.observe(message);
  }
}
