import { randomUUID } from "node:crypto";
import type { SDKMessage, SDKResultMessage } from "@anthropic-ai/claude-agent-sdk";
import type { PromptResponse, SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import type { PermissionResult } from "@anthropic-ai/claude-agent-sdk";
import type { ClientPort } from "../client/client-port.js";
import type { ClientProfile } from "../protocol/client-profile.js";
import {
  canUseToolFor,
  hooksFor,
  type PermissionAsk,
  type ToolEvents,
} from "../sdk/tool-callbacks.js";
import { SdkMessageTranslator } from "../translation/sdk-message-translator.js";
import { PermissionFlow, TOOL_USE_ABORTED } from "./permission-flow.js";
import { askQuestions } from "./question-flow.js";
import { authRequired, turnFailed } from "../protocol/errors.js";
import { ClaudeQuery, transcriptExists } from "../sdk/claude-query.js";
import type { SessionQueryConfig } from "../sdk/query-options.js";
import type { ClaudeUserBlock } from "../translation/prompt.js";
import { toTurnOutcome } from "../translation/turn-outcome.js";
import {
  quotaMeta,
  toAcpUsage,
  toUsageUpdate,
  type ModelUsageTable,
} from "../translation/usage.js";
import { log } from "../util/log.js";
import { Turn, type PendingPrompt } from "./turn.js";

/** What a session needs to (re)start its Claude Code query. */
export type SessionSetup = Omit<
  SessionQueryConfig,
  "start" | "abortController" | "canUseTool" | "hooks"
>;

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
  private query: ClaudeQuery | undefined;
  private readonly queue: PendingPrompt[] = [];
  private turn: Turn | undefined;
  /** An interrupted turn whose `result` has not arrived yet. */
  private draining: NodeJS.Timeout | undefined;
  private quiet = false;
  private closed = false;
  /** A replacement query is being prepared (after Claude Code exited). */
  private restarting = false;
  private modelUsage: ModelUsageTable = {};
  /** Updates go out strictly in order; a response waits for the updates before it. */
  private outbox: Promise<void> = Promise.resolve();

  private readonly permissions: PermissionFlow;
  private readonly translator: SdkMessageTranslator;

  private constructor(
    private readonly setup: SessionSetup,
    private readonly client: ClientPort,
    private readonly profile: ClientProfile,
  ) {
    this.permissions = new PermissionFlow(setup.sessionId, client);
    this.translator = new SdkMessageTranslator(profile, this.flatSubagents);
  }

  get id(): string {
    return this.setup.sessionId;
  }

  /** Starts Claude Code for a session and resolves once it is ready for prompts. */
  static async start(
    setup: SessionSetup,
    client: ClientPort,
    profile: ClientProfile,
    start: "new" | "resume" = "new",
  ): Promise<Session> {
    const session = new Session(setup, client, profile);
    const query = session.startQuery(start);
    try {
      await query.ready();
    } catch (error) {
      session.close();
      throw error;
    }
    return session;
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
    for (const pending of this.queue.splice(0)) pending.resolve(cancelled);
    const turn = this.turn;
    if (!turn) return;
    this.turn = undefined;
    this.quiet = true;
    turn.abort.abort();
    this.respondAfterUpdates(() => turn.prompt.resolve(cancelled));
    const query = this.query;
    this.draining = setTimeout(() => {
      log.warn("interrupted turn did not end; replacing the Claude Code query", {
        sessionId: this.id,
      });
      if (query) this.replaceQuery(query);
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
    if (this.draining) clearTimeout(this.draining);
    this.draining = undefined;
    this.query?.close();
    this.query = undefined;
  }

  private startQuery(start: "new" | "resume"): ClaudeQuery {
    const events: ToolEvents = {
      requestPermission: (ask) => this.requestPermission(ask),
      toolFinished: (toolUseId, toolResponse, fileAfter) => {
        if (!this.turn) return;
        const updates = this.translator.tools.postToolUse(toolUseId, { toolResponse, fileAfter });
        for (const update of updates) this.send(update);
      },
      compacted: (summary) => {
        for (const update of this.translator.compaction.summary(summary)) this.send(update);
      },
    };
    const query = new ClaudeQuery({
      ...this.setup,
      passThrough: this.queryPassThrough(),
      start,
      abortController: new AbortController(),
      canUseTool: canUseToolFor(events),
      hooks: hooksFor(events),
    });
    this.query = query;
    // modelUsage is cumulative per query; a new query starts a new reading.
    this.modelUsage = {};
    void this.consume(query);
    return query;
  }

  private async consume(query: ClaudeQuery): Promise<void> {
    try {
      for await (const message of query.messages()) this.onMessage(query, message);
      this.onQueryEnded(query, undefined);
    } catch (error) {
      this.onQueryEnded(query, error);
    }
  }

  private onMessage(query: ClaudeQuery, message: SDKMessage): void {
    if (query !== this.query) return;
    if (message.type === "result") {
      this.modelUsage = message.modelUsage ?? this.modelUsage;
      if (this.draining) return this.endDrain();
      return this.finishTurn(message);
    }
    if (message.type === "system" && message.subtype === "session_state_changed") {
      return this.onSessionState(message.state);
    }
    const turn = this.turn;
    if (!turn) return;
    turn.observe(message);
    for (const update of this.translator.translate(message)) this.send(update);
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
    this.turn = undefined;
    this.respondAfterUpdates(() => turn.prompt.resolve({ stopReason: "end_turn" }));
    this.pump();
  }

  private finishTurn(result: SDKResultMessage): void {
    const turn = this.turn;
    if (!turn) return;
    this.turn = undefined;
    const outcome = toTurnOutcome(result, turn.assistantError);
    if (outcome.kind === "error") {
      const error = outcome.auth ? authRequired(outcome.text) : turnFailed(outcome.text);
      this.respondAfterUpdates(() => turn.prompt.reject(error));
    } else {
      const contextWindow = Object.values(result.modelUsage ?? {})[0]?.contextWindow;
      const usageUpdate = toUsageUpdate(turn.lastCallUsage, contextWindow, result.total_cost_usd);
      if (usageUpdate) this.send(usageUpdate);
      const usage = toAcpUsage(result.usage);
      const response: PromptResponse = {
        stopReason: outcome.stopReason,
        usage,
        _meta: { quota: quotaMeta(usage, result.modelUsage ?? {}, turn.modelUsageBefore) },
      };
      this.respondAfterUpdates(() => turn.prompt.resolve(response));
    }
    this.pump();
  }

  private onQueryEnded(query: ClaudeQuery, error: unknown): void {
    if (query !== this.query) return;
    this.query = undefined;
    query.close();
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
      this.respondAfterUpdates(() => turn.prompt.reject(failure));
    }
    this.pump();
  }

  private replaceQuery(query: ClaudeQuery): void {
    if (this.query === query) this.query = undefined;
    query.close();
  }

  private endDrain(): void {
    if (this.draining) clearTimeout(this.draining);
    this.draining = undefined;
    this.pump();
  }

  /** Starts the next queued prompt when the session is free. */
  private pump(): void {
    if (this.closed || this.turn || this.draining || this.restarting) return;
    if (this.queue.length === 0) return;
    const query = this.query;
    if (!query) return void this.restart();
    const next = this.queue.shift()!;
    this.quiet = false;
    this.translator.endTurn();
    this.turn = new Turn(next, this.modelUsage);
    query.send({
      type: "user",
      message: { role: "user", content: next.content },
      parent_tool_use_id: null,
      uuid: randomUUID(),
      session_id: this.id,
    });
  }

  /**
   * Replaces a query whose Claude Code exited. Each replacement carries the next queued
   * prompt, so a Claude Code that cannot start fails prompts one by one, never in a loop.
   */
  private async restart(): Promise<void> {
    this.restarting = true;
    try {
      const stored = await transcriptExists(this.id, this.setup.cwd);
      if (!this.closed) this.startQuery(stored ? "resume" : "new");
    } finally {
      this.restarting = false;
      this.pump();
    }
  }

  /**
   * The client's pass-through options plus what the negotiated client implies: the flat
   * subagent transcript, and no AskUserQuestion for a client without form elicitation.
   */
  private queryPassThrough(): Record<string, unknown> {
    const pass = this.setup.passThrough;
    const disallowed = Array.isArray(pass.disallowedTools) ? pass.disallowedTools : [];
    return {
      ...pass,
      ...(this.flatSubagents ? { forwardSubagentText: true } : {}),
      ...(this.profile.elicitation.form
        ? {}
        : { disallowedTools: [...disallowed, "AskUserQuestion"] }),
    };
  }

  /** Whether subagent traffic goes to the root transcript (flat transcript). */
  private get flatSubagents(): boolean {
    return this.profile.subagentTranscript || this.setup.passThrough.forwardSubagentText === true;
  }

  private async requestPermission(ask: PermissionAsk): Promise<PermissionResult> {
    const turn = this.turn;
    if (!turn || ask.signal.aborted) return TOOL_USE_ABORTED;
    const { updates, toolCall } = this.translator.tools.forPermission(
      ask.toolUseId,
      ask.toolName,
      ask.input,
    );
    for (const update of updates) this.send(update);
    await this.outbox; // the tool call always goes out before its permission request
    const signal = AbortSignal.any([ask.signal, turn.abort.signal]);
    const result =
      ask.toolName === "AskUserQuestion"
        ? await askQuestions(this.id, this.client, ask, signal)
        : await this.permissions.ask(ask, toolCall, signal);
    if (result.behavior === "allow" && this.turn === turn) {
      for (const update of this.translator.tools.running(ask.toolUseId)) this.send(update);
    }
    return result;
  }

  private send(update: SessionUpdate): void {
    if (this.quiet || this.closed) return;
    this.outbox = this.outbox
      .then(() => this.client.sessionUpdate(this.id, update))
      .catch((error: unknown) => {
        log.warn("session/update failed", { sessionId: this.id, message: String(error) });
      });
  }

  private respondAfterUpdates(respond: () => void): void {
    this.outbox = this.outbox.then(respond);
  }
}
