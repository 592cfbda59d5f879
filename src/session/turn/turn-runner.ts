import type { SDKMessage, SDKResultMessage } from "@anthropic-ai/claude-agent-sdk";
import type { PromptResponse, SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import { parseMcpCommand } from "../../translation/mcp-command.js";
import { promptText, type ClaudeUserBlock } from "../../translation/prompt.js";
import type { SdkMessageTranslator } from "../../translation/sdk-message-translator.js";
import { idleTurnEnd, turnEnd } from "../../translation/turn-end.js";
import { observedResponse } from "../../translation/turn-quota.js";
import type { ModelUsageTable } from "../../translation/usage.js";
import type { ClientProfile } from "../../profile/client-profile.js";
import {
  parseRemoteControlCommand,
  REMOTE_CONTROL_BUSY,
} from "../../translation/remote-control.js";
import { authRequired, refused, turnFailed } from "../../util/adapter-error.js";
import { log } from "../../util/log.js";
import { settledWithin } from "../../util/settled-within.js";
import { redacted } from "../../util/user-text.js";
import { OwnCycles } from "./autonomous-cycle.js";
import { callUsageFor, type CallUsage } from "./call-usage.js";
import { userMessage, type Conversation } from "./conversation.js";
import { FailureReports } from "./failure-reports.js";
import { FallbackNotices } from "../options/fallback-notices.js";
import type { Lifecycle } from "../lifecycle.js";
import { runMcpCommand } from "../mcp/commands.js";
import { runRemoteControl } from "../taps/remote-control.js";
import type { McpSignIn } from "../mcp/sign-in.js";
import type { Outbox } from "../outbox.js";
import type { ClaudeQuery } from "../../sdk/claude-query.js";
import { startupFailure } from "../../sdk/startup-failure.js";
import type { QuerySlot } from "../start/query-slot.js";
import type { Steering } from "./steering.js";
import type { TurnReports } from "./turn-reports.js";
import type { SessionTitles } from "../taps/titles.js";
import { cancelledBeforeRun, Turn, type PendingPrompt } from "./turn.js";
import { turnFailure, type QuotaParts } from "./turn-failure.js";

/**
 * How long an interrupted turn may take to wind down before the query is replaced.
 * Claude Code answers an interrupt with the turn's `result`; a wedged process must not
 * block the session's next prompt.
 */
const INTERRUPT_GRACE_MS = 10_000;

/** How long a cancel waits for Claude Code to take its interrupt in (it takes milliseconds). */
const INTERRUPT_ACK_MS = 1_000;

/** What the turn runner works with: the session's parts it shares. */
export interface TurnRunnerParts {
  readonly sessionId: string;
  readonly profile: ClientProfile;
  readonly lifecycle: Lifecycle;
  readonly outbox: Outbox;
  readonly translator: SdkMessageTranslator;
  readonly slot: QuerySlot;
  readonly conversation: Conversation;
  readonly titles: SessionTitles;
  /** An extension's report before the answer of each prompt that asked (`turn-reports.ts`). */
  readonly reports: TurnReports;
  readonly steering: Steering;
  readonly mcpSignIn: McpSignIn;
  readonly setup: QuotaParts; // the account's quota: a `quotaExceeded` turn failure
  /** Replaces the query whose Claude Code exited (`restartQuery`); it pumps when done. */
  restart(): void;
}

/**
 * A session's prompts, run one at a time, in order: a prompt waits in the queue until
 * the session is idle, becomes the running turn, and ends with Claude Code's `result`
 * (or its going idle, its exit, or a cancel). A cancel ends the queued prompts too, and
 * the interrupted turn drains before the next one starts.
 */
export class TurnRunner {
  private readonly queue: PendingPrompt[] = [];
  /** The current query's cumulative `modelUsage`, as its last `result` reported it. */
  private modelUsage: ModelUsageTable = {};
  /**
   * Claude Code runs a cycle of its own (a background task's follow-up) while no prompt
   * runs: its work goes to the client, and the next prompt waits until it goes idle, or
   * that cycle's answer and `result` would be taken for the prompt's.
   */
  private readonly cycles: OwnCycles;
  /** AIR `sessionFailure` records of the session's failures. */
  private readonly failures: FailureReports;
  /** Claude Code's switches to a fallback model, told to the client. */
  private readonly fallbacks: FallbackNotices;
  /**
   * Steers sent while the next prompt waits to start (Lody counts a queued prompt as a
   * running turn): pushed into its turn as soon as it starts, dropped with it on cancel.
   */
  private early: { content: ClaudeUserBlock[]; onApplied: () => void }[] = [];
  /** Upstream's usage report of every model call, for a client that is not AIR. */
  private readonly callUsage: CallUsage | undefined;

  constructor(private readonly parts: TurnRunnerParts) {
    this.failures = new FailureReports(parts.sessionId, parts.profile, parts.outbox);
    this.fallbacks = new FallbackNotices(parts.profile, parts.outbox, (text) =>
      this.failures.notice(text),
    );
    this.callUsage = callUsageFor(parts.profile);
    this.cycles = new OwnCycles(parts);
  }

  /** Queues a prompt; resolves when its turn ends. `reportRequest`: its accepted report's. */
  prompt(content: ClaudeUserBlock[], reportRequest?: string): Promise<PromptResponse> {
    return new Promise<PromptResponse>((resolve, reject) => {
      if (this.parts.lifecycle.closed) return resolve(cancelledBeforeRun());
      // Refused while Claude works: `/remote-control`'s answer would land in a turn's output.
      if (parseRemoteControlCommand(promptText(content)) && this.working())
        return reject(refused(REMOTE_CONTROL_BUSY));
      this.queue.push({ content, reportRequest, resolve, reject });
      this.pump();
    });
  }

  /**
   * A steer for the prompt that waits to start next: true when one waits (the steer goes
   * into its turn once it starts), false when none does, or a cancel is winding down
   * (a steer to a cancelled turn is refused, lody-contract.md §6).
   */
  steerQueued(content: ClaudeUserBlock[], onApplied: () => void): boolean {
    const kind = this.parts.lifecycle.kind;
    if (this.queue.length === 0 || kind === "draining" || kind === "closed") return false;
    this.early.push({ content, onApplied });
    return true;
  }

  /** A turn runs or waits, or Claude Code runs a cycle of its own. */
  private working(): boolean {
    const { kind } = this.parts.lifecycle;
    const turn = kind === "running" || kind === "draining";
    return turn || this.queue.length > 0 || this.cycles.current !== undefined;
  }

  /** Cancels the running turn and every queued prompt. */
  cancel(): void {
    const { lifecycle, outbox, slot } = this.parts;
    const queued = this.queue.splice(0);
    this.early = [];
    // Nothing for the session follows a cancelled answer, also when only queued prompts
    // were cancelled (e.g. before Claude Code was up: its commands wait for the next one).
    // A cancelled prompt's report goes out before its answer, hushed or not.
    for (const pending of queued) {
      this.parts.reports.cancelled(pending);
      outbox.after(() => pending.resolve(cancelledBeforeRun()));
    }
    if (lifecycle.turn) this.parts.reports.cancelled(lifecycle.turn.prompt);
    if (lifecycle.turn) this.closeCompaction();
    if (queued.length > 0 || lifecycle.turn) outbox.hush();
    const query = slot.current;
    const turn = lifecycle.cancelTurn(INTERRUPT_GRACE_MS, () => {
      log.warn("interrupted turn did not end; replacing the Claude Code query", {
        sessionId: this.parts.sessionId,
      });
      if (query) slot.stop(query);
      this.endDrain();
    });
    if (!turn) return;
    // The open permission requests end now; their denials wait for the interrupt (`Turn`).
    turn.cancel(query ? this.interruptAfterSteers(query, turn) : Promise.resolve());
    this.parts.steering.endTurn(turn);
    // What the turn was seen to spend: Claude Code's result for it comes after the answer.
    const response = observedResponse("cancelled", turn.observed);
    outbox.after(() => turn.prompt.resolve(turn.answer(response)));
  }

  /**
   * Interrupts `query`'s `turn` once every steer sent into it reached Claude Code (else the
   * interrupt, with its `cancelQueued`, overtakes one and leaves it to run); settles once
   * Claude Code took the interrupt in. Each wait is bounded (`INTERRUPT_ACK_MS`).
   */
  private async interruptAfterSteers(query: ClaudeQuery, turn: Turn): Promise<void> {
    const steers = this.parts.steering.arrived(turn);
    if (steers) await settledWithin(steers, INTERRUPT_ACK_MS);
    await settledWithin(this.interrupt(query), INTERRUPT_ACK_MS);
  }

  /** Interrupts `query`'s turn; settles once Claude Code answered (a failure is logged). */
  private interrupt(query: ClaudeQuery): Promise<void> {
    return query.interrupt().catch((error: unknown) => {
      log.warn("interrupt failed", { sessionId: this.parts.sessionId, message: String(error) });
    });
  }

  /** Holds the session's output until the next prompt, unless a prompt runs or waits. */
  quietUntilPrompt(): void {
    if (!this.parts.lifecycle.turn && this.queue.length === 0) this.parts.outbox.hush();
  }

  /** A new query started: its `modelUsage` is a new reading (it is cumulative per query). */
  queryStarted(query: ClaudeQuery): void {
    this.modelUsage = {};
    this.callUsage?.processStarted(() => query.contextWindow());
    this.cycles.close();
    this.failures.runtimeReplaced();
    // Messages steered into the query before (a plan handed over) will not run in this one.
    const turn = this.parts.lifecycle.turn;
    if (turn) this.parts.steering.endTurn(turn);
  }

  /** Claude Code's `result`: the running turn, or the draining one, ends. */
  result(message: SDKResultMessage): void {
    const before = this.modelUsage;
    this.modelUsage = message.modelUsage ?? this.modelUsage;
    this.callUsage?.learn(message.modelUsage);
    if (this.parts.lifecycle.kind === "draining") return this.endDrain();
    const turn = this.parts.lifecycle.turn;
    if (!turn) return this.cycles.open(before)?.result(message);
    // A steered message still to run: its cycle belongs to this prompt's answer.
    if (this.parts.steering.holds(turn)) return turn.hold(message);
    this.finish(turn, message);
  }

  /**
   * A steer `turn` waited for will not run: the turn ends with the result it held, if
   * it holds one (else the next result ends it as usual).
   */
  release(turn: Turn): void {
    if (this.parts.lifecycle.turn !== turn) return;
    const held = turn.takeHeld();
    if (held) this.finish(turn, held);
  }

  /** Ends `turn` with Claude Code's `result`: its answer, or its error. */
  private finish(turn: Turn, message: SDKResultMessage): void {
    const end = this.failures.turnEnd(turn, message, turnEnd(message, turn));
    if (end.kind === "error") {
      // Upstream's `data.errorKind`: Claude Code's tag of the failed call (`rate_limit`…).
      const kind = this.callUsage ? turn.assistantError : undefined;
      const error = turnFailure(end.text, kind, turn.assistantError, this.parts.setup);
      this.endTurn(turn, { error: end.auth ? authRequired(end.text) : error });
    } else {
      // Upstream's keys on the turn's usage report, for a client that is not AIR.
      const updates = this.callUsage
        ? this.callUsage.turnEnd(end.updates, turn.lastModel)
        : end.updates;
      this.endTurn(turn, { response: end.response, updates });
    }
  }

  /**
   * Claude Code went idle. A turn that saw Claude Code run and ended without a `result`
   * ends here: a local command such as /compact answers, any other prompt fails (Claude
   * Code dropped it); an interrupted turn's drain ends too.
   */
  sessionState(state: string): void {
    const turn = this.parts.lifecycle.turn;
    if (state === "running") {
      if (turn) turn.sawRunning = true;
      else this.cycles.open(this.modelUsage);
      return;
    }
    if (state !== "idle") return;
    if (this.cycles.close()) this.pump();
    if (this.parts.lifecycle.kind === "draining") return this.endDrain();
    // Idle with a result held for a steer: Claude Code will not run the steer.
    if (turn?.holding) return this.release(turn);
    if (!turn?.sawRunning) return;
    const end = idleTurnEnd(promptText(turn.prompt.content));
    if (end.kind === "error") this.endTurn(turn, { error: turnFailed(end.text) });
    else this.endTurn(turn, { response: observedResponse(end.stopReason, turn.observed) });
  }

  /**
   * Any other message of Claude Code's: part of the running turn, if one runs, else of
   * Claude Code's own cycle. Model work while the session is idle is such a cycle also
   * when Claude Code did not say it runs (it went on from a turn's result without idling).
   */
  stream(message: SDKMessage): void {
    const turn = this.parts.lifecycle.turn;
    if (!turn) {
      // Claude Code's own cycle may fall back to another model too (not a drained turn).
      if (this.parts.lifecycle.kind === "idle") this.fallbacks.observe(message, true);
      const work = message.type === "stream_event" || message.type === "assistant";
      (work ? this.cycles.open(this.modelUsage) : this.cycles.current)?.stream(message);
      // The idle compaction runs no turn: what it kept is told all the same.
      const news = this.callUsage?.betweenTurns(message);
      if (news) this.parts.outbox.send(news);
      return;
    }
    turn.observe(message);
    this.failures.observe(turn, message);
    this.fallbacks.observe(message);
    this.parts.outbox.route(this.parts.translator.translate(message));
    if (this.callUsage) this.parts.outbox.sendAll(this.callUsage.traffic(message));
  }

  /** Claude Code exited: the running turn fails; the next prompt starts a new query. */
  queryExited(error: unknown): void {
    const { lifecycle, outbox } = this.parts;
    if (lifecycle.closed) return;
    this.cycles.close(turnFailed("Claude Code exited unexpectedly."));
    log.warn("Claude Code exited", {
      sessionId: this.parts.sessionId,
      message: error ? String(error) : undefined,
    });
    if (lifecycle.kind === "draining") this.endDrain();
    const turn = lifecycle.turn;
    if (turn) {
      this.closeCompaction();
      lifecycle.endTurn(turn);
      this.parts.steering.endTurn(turn);
      const reason = error instanceof Error ? ` (${error.message.split("\n")[0]})` : "";
      // A restart Claude Code refused fails as `session/new` would (features 1q).
      const failure =
        startupFailure(error) ??
        turnFailed(`Claude Code exited unexpectedly${reason}. Send the prompt again to continue.`);
      this.parts.reports.turnEnded(turn, true);
      const lost = this.failures.lost(turn, error);
      outbox.after(() =>
        lost ? turn.prompt.resolve(turn.answer(lost)) : turn.prompt.reject(turn.failed(failure)),
      );
    } else {
      this.failures.lostIdle(error);
    }
    this.pump();
  }

  /** Starts the next queued prompt when the session is idle. */
  pump(): void {
    const { lifecycle, outbox, translator } = this.parts;
    if (lifecycle.kind !== "idle" || this.queue.length === 0 || this.cycles.current) return;
    const query = this.parts.slot.current;
    // No Claude Code (it exited), or one on a model route the client has since changed.
    if (!query?.routedAsNow()) return this.parts.restart();
    const next = this.queue.shift()!;
    outbox.wake();
    translator.endTurn();
    const turn = new Turn(next, this.modelUsage);
    lifecycle.startTurn(turn);
    this.failures.turnStarted();
    const text = promptText(next.content);
    const mcp = parseMcpCommand(text);
    const remote = mcp ? undefined : parseRemoteControlCommand(text);
    // A command the adapter answers itself runs no Claude turn a steer could join.
    if (mcp || remote) this.early = [];
    if (mcp) return void this.runLocal(turn, () => runMcpCommand(query, mcp, this.parts.mcpSignIn));
    if (remote) return void this.runLocal(turn, () => runRemoteControl(query, remote));
    const message = userMessage(next.content, this.parts.conversation.id, turn.id);
    turn.userMessageId = message.uuid;
    query.send(message);
    this.parts.conversation.resumeAt = undefined; // the prompt goes on from a rewind's entry
    for (const steer of this.early.splice(0)) {
      this.parts.steering.inject(steer.content, steer.onApplied);
    }
  }

  /**
   * Ends `turn`: its last updates and a changed title go out, then its answer (or its
   * error); the next queued prompt starts.
   */
  private endTurn(
    turn: Turn,
    end: { response: PromptResponse; updates?: readonly SessionUpdate[] } | { error: unknown },
  ): void {
    const { lifecycle, outbox } = this.parts;
    this.closeCompaction();
    lifecycle.endTurn(turn);
    this.parts.steering.endTurn(turn);
    if ("error" in end) {
      this.parts.reports.turnEnded(turn, true);
      outbox.after(() => turn.prompt.reject(end.error));
    } else {
      outbox.sendAll(end.updates ?? []);
      outbox.sendWhenReady(this.titleUpdate(turn));
      this.parts.reports.turnEnded(turn, false);
      outbox.after(() => turn.prompt.resolve(turn.answer(end.response)));
    }
    this.pump();
  }

  /** A compaction the ending turn left open ends failed (Lody only, `abandoned`). */
  private closeCompaction(): void {
    this.parts.outbox.sendAll(this.parts.translator.compaction.abandoned());
  }

  /** `session_info_update` when the turn changed the session's title. */
  private titleUpdate(turn: Turn): Promise<SessionUpdate[]> {
    return this.parts.titles.update(this.parts.conversation.id, promptText(turn.prompt.content));
  }

  /** A command the adapter answers itself (`/mcp`): its markdown answer is the turn. */
  private async runLocal(turn: Turn, run: () => Promise<string>): Promise<void> {
    let text: string;
    try {
      text = await run();
    } catch (error) {
      text = `The command failed: ${redacted(error instanceof Error ? error.message : String(error))}`;
    }
    if (this.parts.lifecycle.turn !== turn) return; // cancelled meanwhile
    this.endTurn(turn, {
      response: observedResponse("end_turn", turn.observed),
      updates: [{ sessionUpdate: "agent_message_chunk", content: { type: "text", text } }],
    });
  }

  private endDrain(): void {
    this.parts.lifecycle.drained();
    this.pump();
  }
}
