import type { ClientPort } from "../client/client-port.js";
import type { ClientProfile } from "../profile/client-profile.js";
import type { AuthStatus } from "../translation/auth.js";
import { toAuthState, type AuthStateReport } from "../translation/auth-state.js";
import { QuotaBook, type QuotaSnapshot } from "../translation/quota/book.js";
import { samePlainData } from "../util/plain-data.js";
import type { AuthTracker } from "./auth-tracker.js";
import type { SessionRegistry } from "./session-registry.js";

/** The standard notification of a changed login state (ACP unstable). */
export const AUTH_STATUS_UPDATE_METHOD = "auth/status_update";

/** The account's quota: one per process, since every connection's sessions share the login. */
const PROCESS_QUOTA = new QuotaBook();

export interface AccountControlsDeps {
  readonly sessions: SessionRegistry;
  readonly profile: () => ClientProfile;
  readonly client: () => ClientPort;
  readonly auth: () => AuthTracker | undefined;
}

/**
 * What belongs to the account rather than a session: its quota (the quotas RFD:
 * `quota/read`, and the book every session's Claude Code reports into) and its login
 * state as the standard `auth/status` and `auth/status_update` tell it.
 */
export class AccountControls {
  /**
   * The account's quota as Claude Code last reported it (`quota-tap.ts` writes it): the
   * process's, shared by every connection (`updatedAt` never decreases across them).
   */
  readonly quota = PROCESS_QUOTA;
  private lastAuthSent: AuthStateReport | undefined;

  constructor(private readonly deps: AccountControlsDeps) {}

  /**
   * `quota/read`: the snapshot that applies to the session (a live one, else
   * `unknownSession`), or with no session to the account a new session would use: the
   * same book (one Claude login per process). `{pools: []}` while Claude Code reported
   * no plan window (an API key, Bedrock, Vertex).
   */
  readQuota(sessionId: string | null | undefined): QuotaSnapshot {
    if (sessionId !== undefined && sessionId !== null) this.deps.sessions.get(sessionId);
    return this.quota.snapshot();
  }

  /** `auth/status`: the login state, probed first when none is known yet. */
  async authStatus(): Promise<AuthStateReport> {
    return toAuthState(await this.deps.auth()?.known());
  }

  /**
   * The login state changed: a client that declared `auth.status` gets it as
   * `auth/status_update`, only when it differs from the last one sent (the schema's rule).
   */
  async authChanged(status: AuthStatus): Promise<void> {
    if (!this.deps.profile().authStatusUpdates) return;
    const report = toAuthState(status);
    if (this.lastAuthSent && samePlainData(report, this.lastAuthSent)) return;
    this.lastAuthSent = report;
    await this.deps.client().notify(AUTH_STATUS_UPDATE_METHOD, report);
  }
}
