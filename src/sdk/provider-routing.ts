import { setRouteSecrets } from "../util/user-text.js";
import { providerEnv, type ProviderRoute } from "./provider-env.js";

/**
 * The process's route for Claude Code's model requests. It is the process's, as the
 * environment it becomes part of is: every Claude Code the adapter starts from now on
 * reads it (`clientEnv`), whichever session starts it. Two layers: a gateway the client
 * signed in with (`authenticate`), and a provider it set (`providers/set`), which wins
 * while it is set; with neither, Claude Code's environment decides.
 */
let gateway: ProviderRoute | undefined;
let provider: ProviderRoute | undefined;
/** Counts the changes: a query started under an older count runs on a stale route. */
let generation = 0;

/** The route in effect, if the client set one. */
export function currentRoute(): ProviderRoute | undefined {
  return provider ?? gateway;
}

/** The environment of the route in effect (see `providerEnv`). */
export function routeEnv(): Record<string, string | undefined> {
  return providerEnv(currentRoute());
}

/** `providers/set` (a route) and `providers/disable` (undefined). */
export function setProviderRoute(route: ProviderRoute | undefined): void {
  provider = route;
  changed();
}

/** A gateway sign-in (a route) or a sign-out (undefined). */
export function setGatewayRoute(route: ProviderRoute | undefined): void {
  gateway = route;
  changed();
}

/** A new generation; the header values of both routes are redacted from error texts. */
function changed(): void {
  generation++;
  // Each value whole, and its last word (the token of `Bearer <token>`).
  const values = [gateway, provider].flatMap((route) => Object.values(route?.headers ?? {}));
  setRouteSecrets(values.flatMap((value) => [value, value.trim().split(/\s+/).at(-1) ?? ""]));
}

/**
 * The login Claude Code reads its credentials from changed kind (`--hide-claude-auth`):
 * like a new route, each session's Claude Code is replaced before its next turn.
 */
export function loginChanged(): void {
  generation++;
}

/** Which change of the route a query started under (`isCurrentRouting`). */
export function routingGeneration(): number {
  return generation;
}
