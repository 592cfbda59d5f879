import type { SDKMessage, SDKResultMessage } from "@anthropic-ai/claude-agent-sdk";
import type { PromptResponse, SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import { apiRetryOf, TurnFailureFacts } from "../extensions/air/session-failure/sdk-facts.js";
import { SessionFailures } from "../extensions/air/session-failure/tracker.js";
import {
  sessionFailureUpdate,
  withSessionFailure,
} from "../extensions/air/session-failure/wire.js";
import type { ClientProfile } from "../profile/client-profile.js";
import { turnResponse } from "../translation/turn-end.js";
import { redacted } from "../util/user-text.js";
import type { Outbox } from "./outbox.js";
import type { Turn } from "./turn.js";

/** How a failed turn ends for the client. */
export type FailedTurn =
  /** As a record on an `end_turn` answer (AIR `sessionFailure`). */
  | { readonly kind: "record"; readonly response: PromptResponse; readonly updates: SessionUpdate[] }
  /** With the ACP `authRequired` error: a sign-in failure gets no record. */
  | { readonly kind: "auth" }
  /** With the JSON-RPC error of its text (a client without `sessionFailure`). */
  | { readonly kind: "error" };

/**
 * A session's failures as AIR `sessionFailure` records (air-extensions.md "Session
 * failure"), for a client that declared the capability; for any other client it does
 * nothing and a failed turn ends with its JSON-RPC error, as before.
 *
 * It reads the running turn's SDK messages: each `api_retry` goes out at once as a
 * warning revision of the turn's record (`session_info_update`), and the turn's terminal
 * failure is the record's last revision, on the prompt's answer.
 */
export class FailureReports {
  private readonly failures: SessionFailures | undefined;
  private facts = new TurnFailureFacts();

  constructor(sessionId: string, profile: ClientProfile, private readonly outbox: Outbox) {
    this.failures = profile.air.sessionFailure
      ? new SessionFailures(sessionId, Date.now(), redacted)
      : undefined;
  }

  /** A turn starts: what the previous one said is forgotten. */
  turnStarted(): void {
    this.facts = new TurnFailureFacts();
  }

  /** A new Claude Code runtime is up: a lost one has recovered. */
  runtimeReplaced(): void {
    this.failures?.runtimeReplaced();
  }

  /** One SDK message of the running turn. */
  observe(turn: Turn, message: SDKMessage): void {
    if (!this.failures) return;
    if (this.facts.observe(message)) this.failures.modelAnswered();
    const retry = apiRetryOf(message);
    if (!retry) return;
    const record = this.failures.retry(turn.id, retry);
    if (record) this.outbox.send(sessionFailureUpdate(record));
  }

  /**
   * The turn's `result` is a failure; `auth` says whether the adapter reads it as a
   * sign-in failure (`turn-outcome.ts`).
   */
  failed(turn: Turn, result: SDKResultMessage, auth: boolean): FailedTurn {
    if (!this.failures) return auth ? { kind: "auth" } : { kind: "error" };
    const failure = this.facts.failure(result);
    // Claude Code's missing or refused login: no record ("Categories and actions").
    // A cloud provider's credential error is a service failure with a record.
    if (auth && failure.error !== "cloud_credential_error") return { kind: "auth" };
    const record = this.failures.turnFailed(turn.id, failure);
    if (!record) return { kind: "auth" };
    const end = turnResponse(result, turn, "end_turn");
    return {
      kind: "record",
      response: withSessionFailure(end.response, record),
      updates: end.updates,
    };
  }

  /** Claude Code went away during the turn: its answer, or undefined for the error. */
  lost(turn: Turn): PromptResponse | undefined {
    if (!this.failures) return undefined;
    return withSessionFailure({ stopReason: "end_turn" }, this.failures.turnLost(turn.id));
  }
}
