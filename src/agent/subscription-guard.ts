import { currentRoute } from "../sdk/provider-routing.js";
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
  const status = await auth.known();
  if (status?.kind !== "account") return;
  throw authRequired(
    "this agent does not take a Claude subscription login; sign in with an API key or an Anthropic Console account",
    { reason: SUBSCRIPTION_NOT_SUPPORTED },
  );
}
