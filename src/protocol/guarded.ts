import { toRequestError } from "./errors.js";

/** Wraps a handler so every failure leaves as a clear, redacted JSON-RPC error. */
export function guarded<C, R>(
  method: string,
  handler: (ctx: C) => Promise<R> | R,
): (ctx: C) => Promise<R> {
  return async (ctx) => {
    try {
      return await handler(ctx);
    } catch (error) {
      throw toRequestError(error, { method });
    }
  };
}
