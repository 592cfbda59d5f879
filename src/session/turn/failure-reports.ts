import type { SDKMessage, SDKResultMessage } from "@anthropic-ai/claude-agent-sdk";
import type { PromptResponse, SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import type { FailureDelivery } from "../../translation/failures/delivery.js";
import { apiRetryOf, TurnFailureFacts } from "../../translation/failures/sdk-facts.js";
import { OWN_TITLES } from "../../translation/failures/title.js";
import {
  SessionFailures,
  type ApiRetry,
  type TurnFailure,
} from "../../translation/failures/tracker.js";
import type { ClientProfile } from "../../profile/client-profile.js";
import { startupFailureFacts } from "../../sdk/startup-failure.js";
import { turnResponse, type TurnEnd } from "../../translation/turn-end.js";
import { observedResponse } from "../../translation/turn-quota.js";
import { redacted } from "../../util/user-text.js";
import type { Outbox } from "../outbox.js";
import type { Turn } from "./turn.js";

/**
 * What an extension shows while Claude Code tries a failed model call again (Lody's
 * `retry` activity): the updates of each event, sent at once.
 */
export interface RetryActivity {
  /** An `api_retry` of the running turn `turnId`. */
  retried(turnId: string, retry: ApiRetry): SessionUpdate[];
  /** A model answer came (or began streaming): the retried call went through. */
  answered(): SessionUpdate[];
  /** The turn ended: `failure` is the text of its failure, undefined when it answered. */
  turnEnded(failure?: string): SessionUpdate[];
}

declare module "../../profile/hooks.js" {
  interface ExtensionHooks {
    /** An extension's retry activity (Lody's), one per session; before the records. */
    readonly retryActivity?: () => RetryActivity;
  }
}

/**
 * A session's failures, where "a turn failed or retries" reaches the extensions: as
 * failure records (air-extensions.md "Session failure") for a client whose extension
 * delivers them (`ExtensionHooks.failureDelivery`, AIR's `sessionFailure`), and as an
 * extension's retry activity (`ExtensionHooks.retryActivity`, Lody's). For any other
 * client it does nothing and a failed turn ends with its JSON-RPC error, as before.
 *
 * It reads the running turn's SDK messages: each `api_retry` goes out at once as a
 * warning revision of the turn's record (`session_info_update`), and the turn's terminal
 * failure is the record's last revision, on the prompt's answer.
 */
export class FailureReports {
  /** The session's records and their delivery, for a client that takes them. */
  private readonly records:
    { readonly failures: SessionFailures; readonly delivery: FailureDelivery } | undefined;
  private readonly retries: RetryActivity | undefined;
  private facts = new TurnFailureFacts();
  /** The last turn ended with Claude Code's refused start, which its exit repeats. */
  private startTold = false;

  constructor(
    sessionId: string,
    profile: ClientProfile,
    private readonly outbox: Outbox,
  ) {
    const delivery = profile.hooks.failureDelivery;
    this.records = delivery && {
      failures: new SessionFailures(sessionId, Date.now(), redacted),
      delivery,
    };
    this.retries = profile.hooks.retryActivity?.();
  }

  /** A turn starts: what the previous one said is forgotten. */
  turnStarted(): void {
    this.facts = new TurnFailureFacts();
  }

  /** A new Claude Code runtime is up: a lost one has recovered. */
  runtimeReplaced(): void {
    this.records?.failures.runtimeReplaced();
  }

  /** One SDK message of the running turn. */
  observe(turn: Turn, message: SDKMessage): void {
    const answered = this.facts.observe(message);
    const retry = apiRetryOf(message);
    if (this.retries) {
      if (answered || modelStreamStarted(message)) this.outbox.sendAll(this.retries.answered());
      if (retry) this.outbox.sendAll(this.retries.retried(turn.id, retry));
    }
    if (!this.records) return;
    const { failures, delivery } = this.records;
    if (answered) failures.modelAnswered();
    if (!retry) return;
    const record = failures.retry(turn.id, retry);
    if (record) this.outbox.send(delivery.update(record));
  }

  /**
   * A notice (a model fallback) as a warning record in a `session_info_update`; false
   * for a client without `sessionFailure` (or a text with nothing left to show).
   */
  notice(text: string): boolean {
    if (!this.records) return false;
    const record = this.records.failures.notice(text);
    if (record) this.outbox.send(this.records.delivery.update(record));
    return record !== undefined;
  }

  /**
   * How the turn whose `result` is `message` ends, given how it ends for any client
   * (`turnEnd`): for `sessionFailure`, a failure that is not a sign-in failure, and a
   * turn or output limit, end `end_turn` with the record on the answer instead.
   */
  turnEnd(turn: Turn, result: SDKResultMessage, end: TurnEnd): TurnEnd {
    this.retryEnded(end.kind === "error" ? end.text : undefined);
    if (!this.records) return end;
    const { failures, delivery } = this.records;
    const failure = this.facts.failure(result);
    if (end.kind === "response" && !isLimit(result, failure)) return end;
    // Claude Code's missing or refused login: no record ("Categories and actions").
    // A cloud provider's credential error is a service failure with a record.
    if (end.kind === "error" && end.auth && failure.error !== "cloud_credential_error") return end;
    this.startTold = failure.startupFailure !== undefined;
    const record = failures.turnFailed(turn.id, failure);
    if (!record) return end.kind === "error" ? { ...end, auth: true } : end;
    const answer = turnResponse(result, turn, "end_turn");
    return { ...answer, response: delivery.onAnswer(answer.response, record) };
  }

  /**
   * Claude Code went away while no turn ran, with `error`: a session-scoped incident,
   * told at once (a quiet session drops it: nothing follows a cancel or a load's answer).
   * One that refused to start says why (a sign-in it needs: no record).
   */
  lostIdle(error?: unknown): void {
    if (!this.records) return;
    const { failures, delivery } = this.records;
    const start = startupFailureFacts(error);
    // A refused start whose turn already ended with its record is not a new incident.
    const told = start !== undefined && this.startTold;
    this.startTold = false;
    if (told || start?.signIn) return;
    const record = start
      ? failures.sessionStartFailed(start.text, start.reason)
      : failures.sessionError("transport_loss", undefined);
    this.outbox.send(delivery.update(record));
  }

  /**
   * Claude Code went away during the turn, with `error`: its answer, or undefined for the
   * error. One that refused to start (a restart) says why; a sign-in it needs gets no
   * record (the prompt ends with `authRequired`).
   */
  lost(turn: Turn, error: unknown): PromptResponse | undefined {
    const start = startupFailureFacts(error);
    this.retryEnded(start?.text ?? OWN_TITLES.transport_loss);
    if (!this.records || start?.signIn) return undefined;
    const { failures, delivery } = this.records;
    const answer = observedResponse("end_turn", turn.observed);
    const record = start
      ? failures.startFailed(turn.id, start.text, start.reason)
      : failures.turnLost(turn.id);
    return delivery.onAnswer(answer, record);
  }

  /** The turn ended, failed with `failure` or answered: an open retry activity ends. */
  private retryEnded(failure: string | undefined): void {
    if (this.retries) this.outbox.sendAll(this.retries.turnEnded(failure && redacted(failure)));
  }
}

/** A top-level model response began streaming: the call went through. */
function modelStreamStarted(message: SDKMessage): boolean {
  return (
    message.type === "stream_event" &&
    message.parent_tool_use_id === null &&
    message.event.type === "message_start"
  );
}

/**
 * A turn that hit the turn limit, or whose output Claude Code gave up continuing: a
 * `limit` failure ("Categories and actions"), though other clients get a stop reason.
 */
function isLimit(result: SDKResultMessage, failure: TurnFailure): boolean {
  return result.subtype === "error_max_turns" || failure.error === "max_output_tokens";
}
