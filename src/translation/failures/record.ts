/**
 * The `sessionFailure` record and its category table (air-extensions.md "Record",
 * "Categories and actions"). Pure: the conditions come from Claude's messages, the
 * record goes to the client as it is.
 */

export type FailureCategory = "service" | "limit" | "request" | "connection" | "unknown";
export type FailureSeverity = "warning" | "error";
/** The recovery actions of version 1, in the adapter's order. */
export type FailureAction = "retry" | "login" | "new_session";

/** `_meta.jetbrains.air.sessionFailure`. */
export interface SessionFailureRecord {
  readonly id: string;
  readonly revision: number;
  readonly category: FailureCategory;
  readonly severity: FailureSeverity;
  readonly title: string;
  readonly details?: string;
  readonly reason?: string;
  readonly actions: readonly FailureAction[];
}

/**
 * What went wrong, as Claude tells it: the SDK's error kinds (`SDKAssistantMessageError`,
 * `api_retry.error`) and the conditions the adapter recognises itself.
 */
export type FailureCondition =
  | "authentication_failed"
  | "oauth_org_not_allowed"
  | "account_on_hold"
  | "verification_required"
  | "billing_error"
  | "rate_limit"
  | "overloaded"
  | "invalid_request"
  | "model_not_found"
  | "server_error"
  | "unknown"
  | "max_output_tokens"
  | "cloud_credential_error"
  /** The SDK's synthetic usage- or spend-limit message (`USAGE_LIMIT_ERROR_PREFIXES`). */
  | "usage_limit"
  /** The turn limit (`error_max_turns`). */
  | "turn_limit"
  /** A configured session budget (`error_max_budget_usd`). */
  | "session_budget"
  /** The adapter's own failure (the query iterator threw). */
  | "internal"
  /** Claude Code refused to start (`startupFailureReason`): the next prompt tries again. */
  | "startup_failure"
  /** Claude Code's process or its transport went away. */
  | "transport_loss"
  | "worker_shutdown";

/** How a condition is shown: its category and, for an error, the actions. */
export interface FailureClass {
  readonly category: FailureCategory;
  readonly actions: readonly FailureAction[];
}

const RETRY: readonly FailureAction[] = ["retry"];
const NEW_SESSION: readonly FailureAction[] = ["new_session"];
const NONE: readonly FailureAction[] = [];

/** "Categories and actions", row by row. An unknown SDK kind is `service` with `retry`. */
const TABLE: Readonly<Record<Exclude<FailureCondition, SignIn>, FailureClass>> = {
  verification_required: { category: "service", actions: RETRY },
  cloud_credential_error: { category: "service", actions: RETRY },
  billing_error: { category: "limit", actions: NONE },
  account_on_hold: { category: "limit", actions: NONE },
  usage_limit: { category: "limit", actions: NONE },
  rate_limit: { category: "limit", actions: RETRY },
  max_output_tokens: { category: "limit", actions: NEW_SESSION },
  turn_limit: { category: "limit", actions: NEW_SESSION },
  session_budget: { category: "limit", actions: NEW_SESSION },
  invalid_request: { category: "request", actions: NONE },
  model_not_found: { category: "request", actions: NONE },
  overloaded: { category: "service", actions: RETRY },
  server_error: { category: "service", actions: RETRY },
  unknown: { category: "service", actions: RETRY },
  internal: { category: "service", actions: ["retry", "new_session"] },
  startup_failure: { category: "service", actions: RETRY },
  transport_loss: { category: "connection", actions: NEW_SESSION },
  worker_shutdown: { category: "connection", actions: NEW_SESSION },
};

/**
 * The category and actions of an error record for `condition`. A sign-in failure is never
 * a record (it ends with `authRequired`); like an unknown kind, it reads as `unknown`.
 */
export function classify(condition: FailureCondition): FailureClass {
  return Object.hasOwn(TABLE, condition) ? TABLE[condition as keyof typeof TABLE] : TABLE.unknown;
}

/** Conditions that are a sign-in failure: the prompt ends with `authRequired`, no record. */
type SignIn = "authentication_failed" | "oauth_org_not_allowed";
const SIGN_IN: ReadonlySet<FailureCondition> = new Set<SignIn>([
  "authentication_failed",
  "oauth_org_not_allowed",
]);

export function isSignInFailure(condition: FailureCondition): boolean {
  return SIGN_IN.has(condition);
}

/** The HTTP status of a failed API call → the SDK kind Claude Code would have named. */
function conditionOfStatus(status: number | null | undefined): FailureCondition {
  if (typeof status !== "number") return "unknown";
  if (status === 401 || status === 403) return "authentication_failed";
  if (status === 404) return "model_not_found";
  if (status === 429) return "rate_limit";
  if (status === 529) return "overloaded";
  if (status >= 500) return "server_error";
  if (status >= 400) return "invalid_request";
  return "unknown";
}

/** What Claude said about a failure, as the turn saw it. */
export interface FailureFacts {
  /** The SDK error kind of the top-level assistant error message or the `api_retry`. */
  readonly error?: string | undefined;
  /** The HTTP status of the failed API call (`api_error_status`), if Claude named one. */
  readonly status?: number | null | undefined;
  /** The `result` subtype (`error_max_turns`, `error_max_budget_usd`, ...). */
  readonly subtype?: string | undefined;
  /** Claude's text starts like the SDK's synthetic usage-limit message. */
  readonly usageLimit?: boolean;
  /** Claude Code refused to start: its reason (the result's `startup_failure_reason`). */
  readonly startupFailure?: string | undefined;
}

const SDK_KINDS: ReadonlySet<string | undefined> = new Set([...Object.keys(TABLE), ...SIGN_IN]);
/** SDK kinds that say less than the HTTP status. */
const VAGUE: ReadonlySet<string | undefined> = new Set(["unknown", "server_error"]);

/**
 * The condition of a failure. Claude Code 2.1.318 tags a 400 as `unknown` and a 529 it
 * gave up on as `server_error` (with `api_error_status`), so these tags defer to the
 * HTTP status: a bad request is `request`, never `service`.
 */
export function conditionOf(facts: FailureFacts): FailureCondition {
  if (facts.startupFailure) return "startup_failure";
  if (facts.usageLimit) return "usage_limit";
  if (facts.subtype === "error_max_turns") return "turn_limit";
  if (facts.subtype === "error_max_budget_usd") return "session_budget";
  const { error, status } = facts;
  const vague = VAGUE.has(error) && typeof status === "number";
  return SDK_KINDS.has(error) && !vague ? (error as FailureCondition) : conditionOfStatus(status);
}
