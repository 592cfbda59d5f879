/**
 * A failure the adapter can name, thrown by any layer. Each carries a local code; only
 * `protocol/errors.ts` turns it into a JSON-RPC error, and redacts what reaches the user
 * there. So the inner layers know nothing of JSON-RPC codes, and a later protocol surface
 * (ACP v2) maps the same failures its own way.
 */
export type AdapterErrorCode =
  /** The client's params are malformed or name something that does not exist. */
  | "invalidInput"
  /** An unknown, closed or malformed session id (a kind of invalid input). */
  | "unknownSession"
  /** Claude Code found no usable credentials. */
  | "authRequired"
  /** A turn failed for a reason the user can act on; the message is Claude's own text. */
  | "turnFailed"
  /** Well-formed, but refused in the session's state; proves nothing was done. */
  | "refused"
  /** A method of an extension the client did not negotiate: as if it did not exist. */
  | "notOffered"
  /** A request a cancel (or a close) ended before it took effect (ACP v2: a held prompt). */
  | "requestCancelled"
  /** The account's quota refused the request (the quotas RFD); `data` names the limit. */
  | "quotaExceeded";

export class AdapterError extends Error {
  override readonly name = "AdapterError";

  constructor(
    readonly code: AdapterErrorCode,
    message: string,
    readonly data?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** Params the adapter cannot take: `reason` is built from our words and the client's values. */
export function invalidInput(reason: string, data?: Record<string, unknown>): AdapterError {
  return new AdapterError("invalidInput", reason, data);
}

/** An unknown, closed or malformed session id (shown shortened to 100 characters). */
export function unknownSession(sessionId: unknown): AdapterError {
  const shown = typeof sessionId === "string" ? sessionId.slice(0, 100) : String(sessionId);
  return new AdapterError("unknownSession", `unknown session ${JSON.stringify(shown)}`, {
    sessionId: shown,
  });
}

/** No credentials; `userText` is Claude Code's own explanation, when it gave one. */
export function authRequired(userText?: string, data?: Record<string, unknown>): AdapterError {
  return new AdapterError("authRequired", userText ?? "", data);
}

/** A turn that failed; `userText` is Claude's text for the user (redacted on the way out). */
export function turnFailed(userText: string, data?: Record<string, unknown>): AdapterError {
  return new AdapterError("turnFailed", userText, data);
}

/** A request that a cancel or close ended before it took effect (v2: a prompt not inserted). */
export function requestCancelled(what: string): AdapterError {
  return new AdapterError("requestCancelled", what);
}

/** True for an adapter error of `code`. */
export function isAdapterError(error: unknown, code: AdapterErrorCode): error is AdapterError {
  return error instanceof AdapterError && error.code === code;
}

/** A request refused in the session's state (nothing was done); `reason` in our words. */
export function refused(reason: string): AdapterError {
  return new AdapterError("refused", reason);
}

/**
 * `method` belongs to an extension this client did not negotiate. Without a name (the
 * core does not spell an extension's methods), the protocol names the method it answers.
 */
export function notOffered(method?: string): AdapterError {
  return method === undefined
    ? new AdapterError("notOffered", "method not found")
    : new AdapterError("notOffered", `method not found: ${method}`, { method });
}

/** The account hit a limit (`userText`: Claude's text); `data`: pool, meter, reset time. */
export function quotaExceeded(userText: string, data?: Record<string, unknown>): AdapterError {
  return new AdapterError("quotaExceeded", userText, data);
}
