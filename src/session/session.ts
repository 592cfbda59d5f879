import { randomUUID } from "node:crypto";
import type { SDKMessage, SDKResultMessage } from "@anthropic-ai/claude-agent-sdk";
import type {
  SessionUpdate,
  PromptResponse,
  SessionConfigOption,
  SessionModeState,
} from "@agentclientprotocol/sdk/unstable";
import { currentTitle, storedRunState } from "../agent/history/current-title.js";
import { StartAnswerCache } from "../agent/start-answer-cache.js";
import type { ClientPort } from "../client/client-port.js";
import type { ClientProfile } from "../profile/client-profile.js";
import { authRequired, turnFailed } from "../util/adapter-error.js";
import { redacted } from "../util/user-text.js";
import { ClaudeQuery, transcriptExists, type ClaudeInit } from "../sdk/claude-query.js";
import { commandsUpdate, type ClaudeCommand } from "../translation/commands.js";
import { parseMcpCommand } from "../translation/mcp-command.js";
import { promptText, type ClaudeUserBlock } from "../translation/prompt.js";
import { SdkMessageTranslator } from "../translation/sdk-message-translator.js";
import { turnEnd } from "../translation/turn-end.js";
import type { ModelUsageTable } from "../translation/usage.js";
import { log } from "../util/log.js";
import { Outbox } from "./outbox.js";
import { QuerySlot } from "./query-slot.js";
import { StartState } from "./start-state.js";
import { TitleTracker } from "./title-tracker.js";
import { configFor } from "./session-config.js";
import { SessionOptions } from "./session-options.js";
import {
  planSessionStart,
  spawnFor,
  startClaude,
  type SpawnPlan,
  type StartPlan,
} from "./session-start.js";
import type { PlanHandoff } from "./permission-flow.js";
import { runMcpCommand } from "./mcp-commands.js";
import { flatSubagents, queryConfigFor, type SessionSetup } from "./query-setup.js";
import { earlyAnnouncements, mcpFailureNotices, upAnnouncements } from "./start-announcements.js";
import { toolEventsFor } from "./tool-events.js";
import { Turn, type PendingPrompt } from "./turn.js";

/**
 * How long an interrupted turn may take to wind down before the query is replaced.
 * Claude Code answers an interrupt with the turn's `result`; a wedged process must not
 * block the session's next prompt.
 */
const INTERRUPT_GRACE_MS = 10_000;

const cancelled: PromptResponse = { stopReason: "cancelled" };

/**
 * One ACP session ↔ one Claude Code query, as an actor: prompts queue and run one at a
 * time, in order; cancel interrupts the running turn and ends the queued ones.
 *
 * After a cancel the session is quiet: nothing reaches the client for it until the next
 * prompt starts (no late text, title or command list after the cancelled response).
 */
export class Session {
  private readonly slot = new QuerySlot({
    message: (message) => this.onMessage(message),
    exited: (error) => this.onQueryExited(error),
  });
  private readonly queue: PendingPrompt[] = [];
  private turn: Turn | undefined;
  /** An interrupted turn whose `result` has not arrived yet. */
  private draining: NodeJS.Timeout | undefined;
  private closed = false;
  /** A replacement query is being prepared (after Claude Code exited). */
  private restarting = false;
  private modelUsage: ModelUsageTable = {};
  private readonly outbox: Outbox;
  private readonly translator: SdkMessageTranslator;
  private readonly options: SessionOptions;
  private readonly titles: TitleTracker;
  /** Claude Code's slash commands, as last reported. */
  private commands: readonly ClaudeCommand[] = [];
  /** Claude Code's session id: the ACP id, until a plan continues in a new conversation. */
  private claudeSessionId: string;
  /** What the settings say about the start (read while the first query starts). */
  private plan!: StartPlan;
  /** How the next query starts (before the settings are read: how the first one did). */
  private spawn!: SpawnPlan;
  private readonly startState = new StartState();
  /** Claude Code's start answers stored on disk, for the next session like this one. */
  private readonly cache: StartAnswerCache;

  private constructor(
    private readonly setup: SessionSetup,
    private readonly client: ClientPort,
    private readonly profile: ClientProfile,
  ) {
    this.claudeSessionId = setup.sessionId;
    this.titles = new TitleTracker(setup.cwd);
    this.cache = new StartAnswerCache(setup);
    this.outbox = new Outbox(setup.sessionId, client);
    this.options = new SessionOptions(
      this.outbox,
      () => this.startState.started,
      () => this.query,
    );
    this.translator = new SdkMessageTranslator(profile, flatSubagents(profile, setup.passThrough));
  }

  get id(): string {
    return this.setup.sessionId;
  }

  /**
   * Starts Claude Code for a session. Resolves as soon as the session can be described:
   * from Claude Code's cached start answer (`agent/start-answer-cache.ts`) when there is
   * one, else once Claude Code is up. After a cached answer, prompts and option changes
   * wait for Claude Code, and `announce()` tells the client what its real answer
   * changes. A load passes its `replay`: its answer must leave nothing to follow it, so it
   * is answered from the cache only when the commands are cached too, and then Claude
   * Code starts after the replay (see `startClaude`).
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
    try {
      const claude = await startClaude({
        passThrough: setup.passThrough,
        stored,
        startAfter: replay,
        plan: () => planSessionStart(setup.cwd, setup.passThrough, stored),
        cached: (startKey) => session.cache.read(startKey, replay !== undefined),
        launch: (spawn) => session.launch(start, spawn),
        stop: () => session.slot.stop(),
      });
      session.plan = claude.plan;
      session.spawn = spawnFor(claude.plan);
      const started = claude.up.then((init) => session.onStarted(init));
      // A stored session's title is known: only a change is news to the client.
      const storedTitle = start === "resume" ? currentTitle(setup.sessionId, setup.cwd) : undefined;
      if (claude.cached) {
        session.options.set(configFor(claude.plan, claude.cached.models));
        session.startState.answeredEarly(
          session.configOptions(),
          claude.cached.commands,
          started.catch((error: unknown) => session.onStartFailed(error)),
        );
      } else {
        await started;
      }
      session.titles.know(await storedTitle);
    } catch (error) {
      session.close();
      throw error;
    }
    return session;
  }

  /** Starts this session's Claude Code; resolves with what it offers once it is up. */
  private async launch(start: "new" | "resume", spawn: SpawnPlan): Promise<ClaudeInit> {
    if (this.closed) throw new Error("the session was closed before Claude Code started");
    this.spawn = spawn;
    return await this.startQuery(start).ready();
  }

  /** Claude Code has started: its own model list and commands replace any cached ones. */
  private onStarted(init: ClaudeInit): void {
    this.commands = init.commands;
    this.options.set(configFor(this.plan, init.models));
    this.startState.up(this.configOptions(), init.commands);
    this.cache.write(this.plan.startKey, init);
    this.pump();
  }

  /**
   * Claude Code did not start after the session was answered from the cache: as with a
   * Claude Code that exits, the next prompt starts a new one (or fails with the reason).
   */
  private onStartFailed(error: unknown): void {
    if (!this.closed)
      log.warn("Claude Code did not start", { sessionId: this.id, message: String(error) });
    this.startState.down();
    this.pump();
  }

  /** Settles once this session's Claude Code is up, or failed to start. */
  get up(): Promise<void> {
    return this.startState.started;
  }

  /** The session's modes, for the `session/new` answer. */
  modes(): SessionModeState {
    return this.options.modes();
  }

  configOptions(): SessionConfigOption[] {
    return this.options.options();
  }

  /**
   * Tells the client what it needs once the session is set up: the commands, and notices
   * (a mode fallback, MCP servers that failed to start). Resolves once what can be told
   * now was handed over: at once when the commands came from the cache (what Claude Code
   * changes follows when it is up), else once Claude Code is up and all of it was.
   */
  async announce(): Promise<void> {
    const early = earlyAnnouncements(this.profile, this.plan, this.startState);
    if (early) this.outbox.announce(early);
    const up = this.startState.started.then(async () => {
      const { startState: state, profile, plan, commands } = this;
      const session = { profile, plan, state, commands, configOptions: this.configOptions() };
      this.outbox.announce(upAnnouncements(session, early !== undefined));
      const query = this.query;
      if (query && !state.failed && this.setup.mcpServers.length > 0) {
        this.outbox.announce(await mcpFailureNotices(query, profile));
      }
    });
    if (!early) await up;
  }

  /**
   * A load was answered: nothing for the session may follow it until the client prompts
   * again. What Claude Code still has to tell (its commands once up, a correction) is
   * held until then.
   */
  quietUntilPrompt(): void {
    if (!this.turn && this.queue.length === 0) this.outbox.hush();
  }

  /** `session/set_mode` (once Claude Code is up: checked against what it offers). */
  setMode(modeId: unknown): Promise<void> {
    return this.options.setMode(modeId);
  }

  /** `session/set_config_option`: answers the full option list. */
  setConfigOption(configId: unknown, value: unknown): Promise<SessionConfigOption[]> {
    return this.options.setOption(configId, value);
  }

  /** Queues a prompt; resolves when its turn ends. */
  prompt(content: ClaudeUserBlock[]): Promise<PromptResponse> {
    return new Promise<PromptResponse>((resolve, reject) => {
      if (this.closed) return resolve(cancelled);
      this.queue.push({ content, resolve, reject });
      this.pump();
    });
  }

  /** Cancels the running turn and every queued prompt of this session. */
  cancel(): void {
    const queued = this.queue.splice(0);
    // Nothing for the session follows a cancelled answer, also when only queued prompts
    // were cancelled (e.g. before Claude Code was up: its commands wait for the next one).
    if (queued.length > 0 || this.turn) this.outbox.hush();
    for (const pending of queued) pending.resolve(cancelled);
    const turn = this.turn;
    if (!turn) return;
    this.turn = undefined;
    turn.abort.abort();
    this.outbox.after(() => turn.prompt.resolve(cancelled));
    const query = this.query;
    this.draining = setTimeout(() => {
      log.warn("interrupted turn did not end; replacing the Claude Code query", {
        sessionId: this.id,
      });
      if (query) this.slot.stop(query);
      this.endDrain();
    }, INTERRUPT_GRACE_MS);
    query?.interrupt().catch((error: unknown) => {
      log.warn("interrupt failed", { sessionId: this.id, message: String(error) });
    });
  }

  /** Ends the session: its query stops and waiting prompts answer `cancelled`. */
  close(): void {
    if (this.closed) return;
    this.cancel();
    this.closed = true;
    this.outbox.closed = true;
    if (this.draining) clearTimeout(this.draining);
    this.draining = undefined;
    this.slot.stop();
  }

  private startQuery(start: "new" | "resume"): ClaudeQuery {
    const events = toolEventsFor({
      sessionId: this.id,
      client: this.client,
      outbox: this.outbox,
      translator: this.translator,
      turnSignal: () => this.turn?.abort.signal,
      offeredModes: () => this.options.current?.offeredModes ?? new Set(),
      handOffPlan: (handoff, toolUseId) => setImmediate(() => this.handOffPlan(handoff, toolUseId)),
    });
    const query = new ClaudeQuery(
      queryConfigFor({
        setup: this.setup,
        profile: this.profile,
        spawn: this.spawn,
        config: this.options.current,
        claudeSessionId: this.claudeSessionId,
        start,
        events,
      }),
    );
    // modelUsage is cumulative per query; a new query starts a new reading.
    this.modelUsage = {};
    return this.slot.take(query);
  }

  private get query(): ClaudeQuery | undefined {
    return this.slot.current;
  }

  private onMessage(message: SDKMessage): void {
    if (message.type === "result") {
      this.modelUsage = message.modelUsage ?? this.modelUsage;
      if (this.draining) return this.endDrain();
      return this.finishTurn(message);
    }
    if (message.type === "system" && message.subtype === "session_state_changed") {
      return this.onSessionState(message.state);
    }
    if (message.type === "system" && message.subtype === "commands_changed") {
      this.commands = message.commands;
      this.outbox.announce([commandsUpdate(this.commands)]);
      return;
    }
    if (message.type === "system" && message.subtype === "status" && message.permissionMode) {
      // Claude Code switched modes by itself (plan mode entered, a plan approved).
      this.options.observeMode(message.permissionMode);
    }
    const turn = this.turn;
    if (!turn) return;
    turn.observe(message);
    this.outbox.route(this.translator.translate(message));
  }

  /**
   * Claude Code went idle. A turn that saw Claude Code run and ended without a `result`
   * (a local command such as /compact) ends here; an interrupted turn's drain ends too.
   */
  private onSessionState(state: string): void {
    const turn = this.turn;
    if (state === "running") {
      if (turn) turn.sawRunning = true;
      return;
    }
    if (state !== "idle") return;
    if (this.draining) return this.endDrain();
    if (!turn?.sawRunning) return;
    this.endTurn(turn, { response: { stopReason: "end_turn" } });
  }

  /**
   * Ends `turn`: its last updates and a changed title go out, then its answer (or its
   * error); the next queued prompt starts.
   */
  private endTurn(
    turn: Turn,
    end: { response: PromptResponse; updates?: readonly SessionUpdate[] } | { error: unknown },
  ): void {
    if (this.turn === turn) this.turn = undefined;
    if ("error" in end) {
      this.outbox.after(() => turn.prompt.reject(end.error));
    } else {
      this.outbox.sendAll(end.updates ?? []);
      this.outbox.sendWhenReady(this.titleUpdate(turn));
      this.outbox.after(() => turn.prompt.resolve(end.response));
    }
    this.pump();
  }

  /** `session_info_update` when the turn changed the session's title. */
  private titleUpdate(turn: Turn): Promise<SessionUpdate[]> {
    return this.titles.update(this.claudeSessionId, promptText(turn.prompt.content));
  }

  private finishTurn(result: SDKResultMessage): void {
    const turn = this.turn;
    if (!turn) return;
    const end = turnEnd(result, turn);
    if (end.kind === "error") {
      this.endTurn(turn, { error: end.auth ? authRequired(end.text) : turnFailed(end.text) });
    } else {
      this.endTurn(turn, { response: end.response, updates: end.updates });
    }
  }

  private onQueryExited(error: unknown): void {
    if (this.closed) return;
    log.warn("Claude Code exited", {
      sessionId: this.id,
      message: error ? String(error) : undefined,
    });
    if (this.draining) this.endDrain();
    const turn = this.turn;
    this.turn = undefined;
    if (turn) {
      const reason = error instanceof Error ? ` (${error.message.split("\n")[0]})` : "";
      const failure = turnFailed(
        `Claude Code exited unexpectedly${reason}. Send the prompt again to continue.`,
      );
      this.outbox.after(() => turn.prompt.reject(failure));
    }
    this.pump();
  }

  /**
   * The user approved a plan with a clear context: the old query stops (its rejection is
   * never shown), a new conversation starts under the same ACP session in the chosen
   * mode, and the same turn goes on with the plan (S000 "Permission modes").
   */
  private handOffPlan(handoff: PlanHandoff, toolUseId: string): void {
    const turn = this.turn;
    if (!turn || this.closed) return;
    this.outbox.route(
      this.translator.tools.result(
        { tool_use_id: toolUseId, content: "", is_error: false },
        undefined,
      ),
    );
    turn.carryOver();
    this.slot.stop();
    this.options.observeMode(handoff.mode);
    this.claudeSessionId = randomUUID();
    const query = this.startQuery("new");
    turn.sawRunning = false;
    query.send({
      type: "user",
      message: {
        role: "user",
        content: [{ type: "text", text: `Implement the following plan:\n\n${handoff.plan}` }],
      },
      parent_tool_use_id: null,
      uuid: randomUUID(),
      session_id: this.claudeSessionId,
    });
  }

  private endDrain(): void {
    if (this.draining) clearTimeout(this.draining);
    this.draining = undefined;
    this.pump();
  }

  /** Starts the next queued prompt when the session is free. */
  private pump(): void {
    if (this.closed || !this.startState.ready || this.turn || this.draining || this.restarting)
      return;
    if (this.queue.length === 0) return;
    const query = this.query;
    if (!query) return void this.restart();
    const next = this.queue.shift()!;
    this.outbox.wake();
    this.translator.endTurn();
    this.turn = new Turn(next, this.modelUsage);
    const mcp = parseMcpCommand(promptText(next.content));
    if (mcp) return void this.runLocal(this.turn, () => runMcpCommand(query, mcp));
    query.send({
      type: "user",
      message: { role: "user", content: next.content },
      parent_tool_use_id: null,
      uuid: randomUUID(),
      session_id: this.claudeSessionId,
    });
  }

  /**
   * A command the adapter answers itself (`/mcp`): its markdown answer is the turn.
   */
  private async runLocal(turn: Turn, run: () => Promise<string>): Promise<void> {
    let text: string;
    try {
      text = await run();
    } catch (error) {
      text = `The command failed: ${redacted(error instanceof Error ? error.message : String(error))}`;
    }
    if (this.turn !== turn) return; // cancelled meanwhile
    this.endTurn(turn, {
      response: { stopReason: "end_turn" },
      updates: [{ sessionUpdate: "agent_message_chunk", content: { type: "text", text } }],
    });
  }

  /**
   * Replaces a query whose Claude Code exited. Each replacement carries the next queued
   * prompt, so a Claude Code that cannot start fails prompts one by one, never in a loop.
   */
  private async restart(): Promise<void> {
    this.restarting = true;
    try {
      const stored = await transcriptExists(this.claudeSessionId, this.setup.cwd);
      if (!this.closed) this.startQuery(stored ? "resume" : "new");
    } finally {
      this.restarting = false;
      this.pump();
    }
  }
}
