import { currentRoute, loginChanged } from "../sdk/provider-routing.js";
import { authRequired } from "../util/adapter-error.js";
import type { AgentOptions } from "./agent-options.js";
import type { AuthTracker } from "./auth-tracker.js";

/** `data.reason` of the refusal, as clients of the upstream adapter know it. */
export const SUBSCRIPTION_NOT_SUPPORTED = "claude_subscription_not_supported";

/**
 * `--hide-claude-auth`: a turn billed to a Claude subscription (a Claude account login)
 * is refused with `authRequired`, so the client asks for another sign-in (an API key, a
 * Console login, a cloud provider). Without the flag, with any other login, or with a
 * model route the client set, nothing.
 */
export async function refuseSubscription(
  options: AgentOptions,
  auth: AuthTracker | undefined,
): Promise<void> {
  // A route the client set (a provider, a gateway) bills the endpoint, not the login.
  if (!options.hideClaudeAuth || !auth || currentRoute()) return;
  let status = await auth.known();
  // A refused prompt is the one a sign-in in a terminal is followed by: the probe this
  // prompt started decides, not a state read before that sign-in.
  if (status?.kind === "account") status = await auth.settled();
  if (status?.kind !== "account") return;
  throw authRequired(
    "this agent does not take a Claude subscription login; sign in with an API key or an Anthropic Console account",
    { reason: SUBSCRIPTION_NOT_SUPPORTED },
  );
}

/**
 * `--hide-claude-auth`: the guard judges the login the probes read, and a session's
 * Claude Code keeps the credentials it started with. When a probe finds another kind of
 * login (a terminal login or logout between two prompts), each session replaces its
 * Claude Code before its next turn (a turn running goes on), so every turn runs on the
 * login the guard judged. A route the client set bills the endpoint: nothing to replace.
 */
export function renewQueriesOnKindChange(options: AgentOptions, auth: AuthTracker): void {
  if (!options.hideClaudeAuth) return;
  auth.onKindChange(() => {
    if (!currentRoute()) loginChanged();
  });
}
