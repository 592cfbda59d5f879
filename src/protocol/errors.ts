import { RequestError } from "@agentclientprotocol/sdk/unstable";
import { processSecrets, redactForUser } from "../translation/redact.js";
import { log } from "../util/log.js";

/**
 * The one place that turns failures into JSON-RPC errors. Every message that leaves
 * through here has passed the redaction step.
 */
export function redacted(text: string): string {
  return redactForUser(text, { secrets: processSecrets(process.env) });
}

/** -32602 with a readable reason built from our own words and the client's values. */
export function invalidParams(reason: string, data?: Record<string, unknown>): RequestError {
  return new RequestError(-32602, `Invalid params: ${reason}`, data);
}

/** An unknown, closed or malformed session id. */
export function unknownSession(sessionId: unknown): RequestError {
  const shown = typeof sessionId === "string" ? sessionId.slice(0, 100) : String(sessionId);
  return invalidParams(`unknown session ${JSON.stringify(shown)}`, { sessionId: shown });
}

/** A turn that failed for a reason the user can act on; the message is Claude's own text. */
export function turnFailed(userText: string, data?: Record<string, unknown>): RequestError {
  return new RequestError(-32603, redacted(userText), data);
}

export function authRequired(userText?: string): RequestError {
  return new RequestError(
    -32000,
    userText ? `Authentication required: ${redacted(userText)}` : "Authentication required",
  );
}

function isZodError(
  error: unknown,
): error is { issues: Array<{ path: PropertyKey[]; message: string }> } {
  return (
    error instanceof Error &&
    error.name === "ZodError" &&
    Array.isArray((error as { issues?: unknown }).issues)
  );
}

/**
 * Any thrown value → RequestError. Unknown failures are logged in full on stderr and
 * reach the client only as a redacted one-line message.
 */
export function toRequestError(error: unknown, context?: Record<string, unknown>): RequestError {
  if (error instanceof RequestError) return error;
  if (isZodError(error)) {
    const first = error.issues[0];
    const where = first ? first.path.map(String).join(".") : "";
    return invalidParams(
      first ? `${where ? `${where}: ` : ""}${first.message}` : "malformed params",
    );
  }
  const message = error instanceof Error ? error.message : String(error);
  log.error("request failed", {
    ...context,
    message,
    stack: error instanceof Error ? error.stack : undefined,
  });
  return new RequestError(-32603, `Internal error: ${redacted(message.split("\n")[0] ?? "")}`);
}
