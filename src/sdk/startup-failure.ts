import {
  authRequired,
  invalidInput,
  turnFailed,
  type AdapterError,
} from "../util/adapter-error.js";

/**
 * Makes Claude Code end a start it refuses (a bad `HTTPS_PROXY`, a missing working
 * directory, a sign-in its organisation requires) with an error `result` that names the
 * reason, instead of only an exit code and stderr (features 1q). The SDK then rejects
 * the start with an error carrying the reason as `startupFailureReason`.
 */
export const STARTUP_FAILURE_RESULTS_ENV = { CLAUDE_CODE_STARTUP_FAILURE_RESULTS: "1" } as const;

/** The SDK's words before the text of an error result (0.3.318). */
const ERROR_RESULT_PREFIX = "Claude Code returned an error result: ";

/** Reasons that signing in again, or with another account, can fix. */
const SIGN_IN_REASONS: ReadonlySet<string> = new Set([
  "gateway_signin_required",
  "org_pin_mismatch",
  "org_config_refused",
]);

/**
 * The start Claude Code refused, as the adapter's error: Claude Code's own text (it says
 * what to fix, e.g. "Invalid proxy URL in HTTPS_PROXY: … Fix or unset HTTPS_PROXY"),
 * with the reason as `data.startupFailureReason`. Undefined for an error without a reason
 * (an older Claude Code, a crash): the caller keeps it as it is.
 */
export function startupFailure(error: unknown): AdapterError | undefined {
  const facts = startupFailureFacts(error);
  if (!facts) return undefined;
  const { reason, text } = facts;
  const data = { startupFailureReason: reason };
  if (facts.signIn) return authRequired(text, data);
  if (reason === "cwd_unavailable") return invalidInput(text, data);
  return turnFailed(`Claude Code could not start: ${text}`, data);
}

/** Why Claude Code refused to start (`startupFailureReason`) and its own text about it. */
export interface StartupFailureFacts {
  readonly reason: string;
  readonly text: string;
  /** Signing in again, or with another account, can fix it (`authRequired`). */
  readonly signIn: boolean;
}

/** The facts of a start Claude Code refused; undefined for any other error. */
export function startupFailureFacts(error: unknown): StartupFailureFacts | undefined {
  if (!(error instanceof Error)) return undefined;
  const reason = (error as { startupFailureReason?: unknown }).startupFailureReason;
  if (typeof reason !== "string" || reason === "") return undefined;
  const text = error.message.startsWith(ERROR_RESULT_PREFIX)
    ? error.message.slice(ERROR_RESULT_PREFIX.length)
    : error.message;
  return { reason, text, signIn: SIGN_IN_REASONS.has(reason) };
}
