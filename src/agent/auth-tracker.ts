import { isDeepStrictEqual } from "node:util";
import { probeAuthStatus } from "../sdk/auth-status.js";
import { toAuthStatus, type AuthStatus } from "../translation/auth.js";
import { log } from "../util/log.js";

/** The notification that tells the client the login state (JetBrains `authStatus`). */
export const AUTH_STATUS_UPDATE = "_auth/status_update";

/**
 * Knows the login state and pushes `_auth/status_update` when it changes. Probes run in
 * the background (never blocking `initialize` or a prompt) and one at a time.
 */
export class AuthTracker {
  private current: AuthStatus | undefined;
  private running: Promise<void> | undefined;

  constructor(private readonly notify: (method: string, params: unknown) => Promise<void>) {}

  /** Probes now (joining a probe already running); pushes the state if it changed. */
  refresh(): Promise<void> {
    this.running ??= this.probe().finally(() => (this.running = undefined));
    return this.running;
  }

  private async probe(): Promise<void> {
    const status = toAuthStatus(await probeAuthStatus());
    if (isDeepStrictEqual(status, this.current)) return;
    this.current = status;
    await this.notify(AUTH_STATUS_UPDATE, { authStatus: status }).catch((error: unknown) =>
      log.warn("auth status update failed", { message: String(error) }),
    );
  }
}
