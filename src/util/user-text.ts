import { processSecrets, redactForUser } from "./redact.js";

/**
 * Text from a failure (an exception, a server's error) made fit for the user: secrets of
 * this process's environment and of the client's model route, keys, tokens, internal hosts and stack traces removed.
 * Every error leaving through `protocol/errors.ts` and every notice built from a failure
 * passes here.
 */
export function redacted(text: string): string {
  return redactForUser(text, { secrets: [...processSecrets(process.env), ...routeSecrets] });
}

/** Secrets outside this process's environment: the header values of the client's model route. */
let routeSecrets: readonly string[] = [];

/** The model route changed (`sdk/provider-routing.ts`): its header values are secrets now. */
export function setRouteSecrets(values: readonly string[]): void {
  routeSecrets = values;
}
