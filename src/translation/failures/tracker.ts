import {
  classify,
  conditionOf,
  isSignInFailure,
  type FailureCondition,
  type FailureFacts,
  type SessionFailureRecord,
} from "./record.js";
import { failureTitle, OWN_TITLES, retryTitle, type Redact } from "./title.js";

/** An SDK `api_retry`: Claude Code will try the API call again after a delay. */
export interface ApiRetry {
  readonly attempt: number;
  readonly maxRetries: number;
  /** The SDK error kind of the failed attempt. */
  readonly error: string | undefined;
  /** The HTTP status, null when no HTTP response came (a connection error). */
  readonly status: number | null;
}

/** A turn's terminal failure: what Claude said and the text it showed the user. */
export interface TurnFailure extends FailureFacts {
  readonly text: string | undefined;
}

/**
 * What ends an active incident (air-extensions.md "Recovery"); internal, never sent. A
 * turn failure and a quota failure end at a real model answer, a lost runtime when a new
 * one replaces it.
 */
type RecoveredBy = "answer" | "runtime";

/**
 * One session's failure records (air-extensions.md "Identity and revisions", "Recovery"):
 * which id an incident has, its next revision, and which incident is still active.
 *
 * A turn's incident is `<turnId>:error`: each `api_retry` of the turn is a warning
 * revision of it, and the terminal failure is the last, higher revision of the same
 * record (an incident of an earlier turn keeps its own entry: a new turn is a new
 * occurrence). A session-scoped incident and a notice count within the runtime's `epoch`.
 * Recovery only forgets the active incident: it publishes nothing.
 */
export class SessionFailures {
  /** The last revision of each recent record (the oldest are forgotten). */
  private readonly revisions = new Map<string, number>();
  /** The incidents still active, by id: a new incident does not end an older one. */
  private readonly active = new Map<string, RecoveredBy>();
  private sessionErrors = 0;
  private notices = 0;
  private lastNotice: string | undefined;

  constructor(
    private readonly sessionId: string,
    /** Names the runtime (Claude Code process) the session-scoped ids count in. */
    private readonly epoch: number,
    private readonly redact: Redact,
  ) {}

  /**
   * An `api_retry` during turn `turnId`: a warning revision of the turn's incident, or
   * undefined for a sign-in failure (the `authRequired` error follows).
   */
  retry(turnId: string, retry: ApiRetry): SessionFailureRecord | undefined {
    const condition: FailureCondition =
      retry.status === null ? "transport_loss" : conditionOf(retry);
    if (isSignInFailure(condition)) return undefined;
    const id = turnError(turnId);
    this.active.set(id, "answer");
    return this.publish(id, {
      category: classify(condition).category,
      severity: "warning",
      title: retryTitle(retry.attempt, retry.maxRetries, retry.status === null),
      reason: condition === "transport_loss" ? "connection" : condition,
      actions: [],
    });
  }

  /**
   * The turn ended with a failure: the error revision of its incident, with Claude's
   * text as the title; undefined for a sign-in failure (no record, `authRequired`).
   */
  turnFailed(turnId: string, failure: TurnFailure): SessionFailureRecord | undefined {
    const condition = conditionOf(failure);
    if (isSignInFailure(condition)) return undefined;
    const title = failureTitle(failure.text, this.redact) ?? OWN_TITLES.internal;
    const record = this.turnError(turnId, condition, title);
    return failure.startupFailure ? { ...record, reason: failure.startupFailure } : record;
  }

  /** Claude Code went away during turn `turnId`: the adapter's own text. */
  turnLost(turnId: string): SessionFailureRecord {
    return this.turnError(turnId, "transport_loss", OWN_TITLES.transport_loss);
  }

  /**
   * Claude Code refused to start for turn `turnId` (a restart): Claude Code's text as the
   * title, its own reason (`startupFailureReason`, e.g. `proxy_invalid`) as `reason`.
   */
  startFailed(turnId: string, text: string, reason: string): SessionFailureRecord {
    // A startup failure is never a sign-in failure: the record always exists.
    return this.turnFailed(turnId, { text, startupFailure: reason })!;
  }

  /** Claude Code refused to start while no turn ran: a session-scoped incident. */
  sessionStartFailed(text: string, reason: string): SessionFailureRecord {
    return { ...this.sessionError("startup_failure", text), reason };
  }

  /** A session-scoped incident: `<sessionId>:session-error:<epoch>:<n>`. */
  sessionError(condition: FailureCondition, text: string | undefined): SessionFailureRecord {
    this.sessionErrors += 1;
    const id = `${this.sessionId}:session-error:${this.epoch}:${this.sessionErrors}`;
    const title = failureTitle(text, this.redact) ?? OWN_TITLES[ownTitleOf(condition)];
    return this.error(id, condition, title);
  }

  /**
   * A notice (a model fallback): a warning that ends nothing. An equal consecutive
   * notice is a new revision of the same record; any other one is a new record.
   */
  notice(text: string): SessionFailureRecord | undefined {
    const title = failureTitle(text, this.redact);
    if (title === undefined) return undefined;
    if (title !== this.lastNotice) {
      this.notices += 1;
      this.lastNotice = title;
    }
    const id = `${this.sessionId}:notice:${this.epoch}:${this.notices}`;
    return this.publish(id, { category: "unknown", severity: "warning", title, actions: [] });
  }

  /**
   * A usage-limit failure restored from the stored history (air-extensions.md "History
   * replay"): active until a real model answer proves recovery.
   */
  restored(id: string): void {
    this.active.set(id, "answer");
  }

  /** A real model answer: a turn failure and a restored quota failure have recovered. */
  modelAnswered(): void {
    for (const [id, by] of this.active) if (by === "answer") this.active.delete(id);
  }

  /** A new Claude Code runtime replaced the lost one: a transport loss has recovered. */
  runtimeReplaced(): void {
    for (const [id, by] of this.active) if (by === "runtime") this.active.delete(id);
  }

  /** The ids of the incidents still active, oldest first (internal state; never sent). */
  activeIds(): string[] {
    return [...this.active.keys()];
  }

  private turnError(
    turnId: string,
    condition: FailureCondition,
    title: string,
  ): SessionFailureRecord {
    return this.error(turnError(turnId), condition, title);
  }

  /** An error record `id` of `condition`, active until what recovers it. */
  private error(id: string, condition: FailureCondition, title: string): SessionFailureRecord {
    this.active.set(id, recoveredBy(condition));
    return this.publish(id, {
      ...classify(condition),
      severity: "error",
      title,
      reason: condition,
    });
  }

  private publish(
    id: string,
    fields: Omit<SessionFailureRecord, "id" | "revision">,
  ): SessionFailureRecord {
    const revision = (this.revisions.get(id) ?? 0) + 1;
    this.revisions.delete(id);
    this.revisions.set(id, revision);
    if (this.revisions.size > REMEMBERED)
      this.revisions.delete(this.revisions.keys().next().value!);
    return { id, revision, ...fields };
  }
}

/** How many records keep their revision count: a turn's incident is never older. */
const REMEMBERED = 32;

function turnError(turnId: string): string {
  return `${turnId}:error`;
}

function recoveredBy(condition: FailureCondition): RecoveredBy {
  return condition === "transport_loss" || condition === "worker_shutdown" ? "runtime" : "answer";
}

function ownTitleOf(condition: FailureCondition): keyof typeof OWN_TITLES {
  return condition === "transport_loss" || condition === "worker_shutdown"
    ? "transport_loss"
    : "internal";
}
