import type { AnyMessage } from "@agentclientprotocol/sdk/unstable";
import { checkClientCapabilities } from "./client-capabilities-check.js";

/**
 * Checks `initialize` requests as the client sent them, before the ACP SDK reads them:
 * its schema replaces a malformed `clientCapabilities`, `fs` or `terminal` with the
 * defaults, so the handler could not tell a broken client from a plain one. A malformed
 * one is answered with `invalidParams` here and never reaches the handler; every other
 * message passes unchanged. The messages after an `initialize` pass once it is answered
 * (`answered`): the ACP SDK refuses any other request until then, and the agent's
 * `initialize` may wait (it loads the negotiated extensions' hooks), while a client may
 * send `session/new` right behind it.
 */
export function initializeGuard(
  answer: (message: AnyMessage) => Promise<void>,
  /** Told the capabilities as sent, before the ACP SDK's schema drops what it does not know. */
  sent: (clientCapabilities: unknown) => void = () => undefined,
  /** Settles once the request `id` is answered; none: later messages do not wait. */
  answered?: (id: string | number) => Promise<void>,
): TransformStream<AnyMessage, AnyMessage> {
  return new TransformStream({
    transform: async (message, controller) => {
      const request = message as { method?: unknown; id?: unknown; params?: unknown };
      if (request.method === "initialize" && request.id !== undefined) {
        try {
          const params = request.params as { clientCapabilities?: unknown } | undefined;
          checkClientCapabilities(params?.clientCapabilities);
          sent(params?.clientCapabilities);
        } catch (error) {
          const { code, message: text } = error as { code: number; message: string };
          await answer({
            jsonrpc: "2.0",
            id: request.id as string | number | null,
            error: { code, message: text },
          });
          return;
        }
        const done = answered?.(request.id as string | number);
        controller.enqueue(message);
        await done;
        return;
      }
      controller.enqueue(message);
    },
  });
}
