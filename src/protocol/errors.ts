import { RequestError } from "@agentclientprotocol/sdk/unstable";
import { AdapterError } from "../util/adapter-error.js";
import { log } from "../util/log.js";
import { redacted } from "../util/user-text.js";

/**
 * The one place that turns failures into JSON-RPC errors. Every message that leaves
 * through here has passed the redaction step.
 */

/** -32602 with a readable reason built from our own words and the client's values. */
export function invalidParams(reason: string, data?: Record<string, unknown>): RequestError {
  return new RequestError(-32602, `Invalid params: ${reason}`, data);
}

/** An adapter failure as ACP v1 defines its code (`method`: the request's, when known). */
function fromAdapterError(error: AdapterError, method?: unknown): RequestError {
  switch (error.code) {
    case "invalidInput":
    case "unknownSession":
      return invalidParams(error.message, error.data);
    case "authRequired":
      return new RequestError(
        -32000,
        error.message
          ? `Authentication required: ${redacted(error.message)}`
          : "Authentication required",
        error.data,
      );
    case "turnFailed":
      return new RequestError(-32603, `Internal error: ${redacted(error.message)}`, error.data);
    case "quotaExceeded":
      // The quotas RFD's code (a placeholder there until ACP assigns one).
      return new RequestError(-32003, `Quota exceeded: ${redacted(error.message)}`, error.data);
    case "refused":
      return new RequestError(-32600, `Invalid request: ${error.message}`, error.data);
    case "notOffered":
      return RequestError.methodNotFound(String(error.data?.method ?? method ?? ""));
    case "requestCancelled":
      return new RequestError(-32800, `Request cancelled: ${error.message}`, error.data);
  }
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
  if (error instanceof AdapterError) return fromAdapterError(error, context?.method);
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
