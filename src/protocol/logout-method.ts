import { methods, type AgentApp } from "@agentclientprotocol/sdk/unstable";
import { claudeLogout } from "../sdk/claude-logout.js";
import type { AuthTracker } from "../agent/auth-tracker.js";
import { guarded } from "./guarded.js";

/**
 * ACP `logout` (advertised as `agentCapabilities.auth.logout`): Claude Code's own sign
 * out, then the login state is probed again (→ `_auth/status_update` when it changed).
 * Sessions already running keep the credentials their Claude Code started with.
 */
export function registerLogout(app: AgentApp, state: { auth: AuthTracker | undefined }): AgentApp {
  return app.onRequest(
    methods.agent.logout,
    guarded(methods.agent.logout, async () => {
      await claudeLogout();
      await state.auth?.refresh(true);
      return {};
    }),
  );
}
