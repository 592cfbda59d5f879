import type { ClientProfile } from "../profile/client-profile.js";
import { LOGIN_METHOD_IDS } from "../translation/auth.js";
import { invalidInput } from "../util/adapter-error.js";
import type { AuthTracker } from "./auth-tracker.js";
import type { ProviderControls } from "./provider-controls.js";

declare module "../profile/hooks.js" {
  interface ExtensionHooks {
    /** Whether `authenticate(methodId)` is an extension's sign-in, which `providers` runs. */
    readonly signsIn?: (methodId: string) => boolean;
  }
}

export interface LoginControlsDeps {
  readonly profile: () => ClientProfile;
  readonly providers: ProviderControls;
  readonly auth: () => AuthTracker | undefined;
}

/**
 * What a client signs in and out through ACP (`authenticate`, `logout`): an extension's
 * sign-in and the model routes it set. Claude Code's own login is never one of them.
 */
export class LoginControls {
  constructor(private readonly deps: LoginControlsDeps) {}

  /**
   * `authenticate`: an extension's sign-in (`meta`: the request's `_meta`; the Zed gateway's,
   * for a client that declared it). Any other id is invalid params (features.md 1a, as the
   * reference): a terminal login runs in the client's terminal and never comes through
   * `authenticate` (ACP "Terminal authentication": the client does not call it for a
   * `terminal` method, and reconnects after the login).
   */
  async authenticate(methodId: string, meta?: unknown): Promise<void> {
    if (this.deps.profile().hooks.signsIn?.(methodId)) {
      return this.deps.providers.signIn(methodId, meta);
    }
    if (LOGIN_METHOD_IDS.has(methodId)) {
      throw invalidInput(
        `auth method ${JSON.stringify(methodId)} is a terminal login: the client runs it in a terminal, not through authenticate`,
      );
    }
    throw invalidInput(`unknown auth method ${JSON.stringify(methodId)}`);
  }

  /**
   * `logout`: ends what the client signed in through ACP: its model routes (a gateway, a
   * provider it set: each session replaces its Claude Code before its next turn); then the
   * login state is probed again (`_auth/status_update` when it changed). Claude Code's
   * own login (a Claude account or a Console key stored by `claude auth login`) stays: it
   * is the machine's, shared by every terminal and editor that runs Claude Code, and one
   * client's "log out" must not sign all of them out (docs/features.md, "sign out").
   * Sessions already running keep the credentials their Claude Code started with.
   */
  async logout(): Promise<void> {
    await this.deps.providers.signOut();
    await this.deps.auth()?.refresh(true);
  }
}
