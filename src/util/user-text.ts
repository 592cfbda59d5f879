import { processSecrets, redactForUser } from "../translation/redact.js";

/**
 * Text from a failure (an exception, a server's error) made fit for the user: secrets of
 * this process's environment, keys, tokens, internal hosts and stack traces removed.
 * Every error leaving through `protocol/errors.ts` and every notice built from a failure
 * passes here.
 */
export function redacted(text: string): string {
  return redactForUser(text, { secrets: processSecrets(process.env) });
}
