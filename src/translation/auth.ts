import type { AuthMethod } from "@agentclientprotocol/sdk/unstable";
import type { ClientProfile } from "../profile/client-profile.js";

declare module "../profile/hooks.js" {
  interface ExtensionHooks {
    /**
     * An extension that runs a terminal login itself (Zed's `terminal-auth`): the logins
     * are offered to its client even without `auth.terminal`, each with the `_meta` that
     * names the command to run (`command`, its arguments, the login's label).
     */
    readonly terminalLoginMeta?: (
      command: string,
      args: readonly string[],
      label: string,
    ) => Record<string, unknown>;
    /** The auth methods an extension adds after the logins (the gateway sign-in). */
    readonly authMethods?: readonly (() => AuthMethod[])[];
  }
}

/**
 * The terminal logins: each runs Claude Code's own login through the adapter's `--cli`.
 * Descriptions and Zed labels are upstream's, to the letter (spec Compatibility rule).
 */
const LOGINS = [
  {
    id: "claude-ai-login",
    name: "Claude Subscription",
    description: "Use Claude subscription ",
    label: "Claude Login",
    args: ["--cli", "auth", "login", "--claudeai"],
  },
  {
    id: "console-login",
    name: "Anthropic Console",
    description: "Use Anthropic Console (API usage billing)",
    label: "Anthropic Console Login",
    args: ["--cli", "auth", "login", "--console"],
  },
] as const;

/**
 * Where no browser can open on this machine (an SSH session, `NO_BROWSER`, a remote
 * Claude Code), the one login that works: Claude Code's own `/login`, which prints a URL
 * and takes the code back in the terminal.
 */
const REMOTE_LOGIN = {
  id: "claude-login",
  name: "Log in to Claude",
  description: "Run Claude Code's /login in a terminal (prints a link to open elsewhere)",
  label: "Log in to Claude",
  args: ["--cli", "/login"],
} as const;

export const LOGIN_METHOD_IDS: ReadonlySet<string> = new Set(
  [...LOGINS, REMOTE_LOGIN].map((l) => l.id),
);

/** Whether this adapter runs where a login cannot open a browser (features 1q). */
export function isRemoteEnvironment(env: Readonly<Record<string, string | undefined>>): boolean {
  return ["NO_BROWSER", "SSH_CONNECTION", "SSH_CLIENT", "SSH_TTY", "CLAUDE_CODE_REMOTE"].some(
    (name) => Boolean(env[name]),
  );
}

/**
 * `authMethods`: terminal logins, offered only to a client that can run them — an ACP
 * `auth.terminal` client gets terminal methods, a client whose extension runs them (Zed
 * `terminal-auth`, `terminalLoginMeta`) the same with the command in their `_meta`; any
 * other client gets none; then the negotiated extensions' own methods (the gateway
 * sign-in for a client that declared it). `hideClaudeAuth`
 * (`--hide-claude-auth`) leaves out the Claude subscription login; `remote` (see
 * `isRemoteEnvironment`) offers the single terminal `/login` instead.
 */
export function authMethods(
  profile: ClientProfile,
  command: { path: string; args: readonly string[] },
  hideClaudeAuth = false,
  remote = false,
): AuthMethod[] {
  const logins = loginMethods(profile, command, hideClaudeAuth, remote);
  const more = profile.hooks.authMethods ?? [];
  return more.length > 0 ? logins.concat(...more.map((methods) => methods())) : logins;
}

function loginMethods(
  profile: ClientProfile,
  command: { path: string; args: readonly string[] },
  hideClaudeAuth: boolean,
  remote: boolean,
): AuthMethod[] {
  const logins: ReadonlyArray<{
    id: string;
    name: string;
    description: string;
    label: string;
    args: readonly string[];
  }> = remote
    ? [REMOTE_LOGIN]
    : hideClaudeAuth
      ? LOGINS.filter((l) => l.id !== "claude-ai-login")
      : LOGINS;
  const meta = profile.hooks.terminalLoginMeta;
  if (!profile.authTerminal && !meta) return [];
  return logins.map((l) => ({
    id: l.id,
    name: l.name,
    description: l.description,
    type: "terminal" as const,
    args: [...l.args],
    // The extension's client runs the command named here (Zed's `terminal-auth`).
    ...(meta ? { _meta: meta(command.path, [...command.args, ...l.args], l.label) } : {}),
  }));
}

/** What `claude auth status --json` says (0.3.318; read by `sdk/auth-status.ts`). */
export interface ClaudeAuthStatus {
  readonly loggedIn: boolean;
  readonly authMethod?: string;
  readonly apiProvider?: string;
  readonly apiKeySource?: string;
  readonly email?: string;
  readonly orgName?: string;
  readonly subscriptionType?: string;
}

/**
 * The `_auth/status_update` payload (JetBrains shared key `authStatus`). `kind`: Claude
 * Code's own sign-ins, or the one an extension names (the gateway's sign-in).
 */
export interface AuthStatus {
  readonly kind: "account" | "api_key" | "external" | "none" | (string & {});
  readonly label: string;
  readonly detail?: string;
  readonly account?: {
    readonly email?: string;
    readonly organization?: string;
    readonly plan?: string;
  };
}

/** What a session's Claude Code tells of its login as it starts (the SDK's `AccountInfo`). */
export interface ClaudeAccount {
  readonly email?: string;
  readonly organization?: string;
  readonly subscriptionType?: string;
  readonly apiKeySource?: string;
  readonly apiProvider?: string;
}

/**
 * The state `claude auth status` would tell, read from a session's start instead (no
 * Claude Code of its own), where the two agree: a key from the `ANTHROPIC_API_KEY`
 * variable of this process's environment (`envKey`), which `auth status` reports as the
 * login whatever else is set up (a stored Claude account, an `apiKeyHelper`: 0.3.318), on
 * Anthropic's own API. Undefined for any other login: the probe tells.
 */
export function sessionAuthStatus(
  account: ClaudeAccount | undefined,
  envKey: boolean,
): AuthStatus | undefined {
  if (!envKey || account?.apiKeySource !== "ANTHROPIC_API_KEY") return undefined;
  if (account.apiProvider !== undefined && account.apiProvider !== "firstParty") return undefined;
  return toAuthStatus({ loggedIn: true, authMethod: "api_key", apiKeySource: "ANTHROPIC_API_KEY" });
}

export function toAuthStatus(status: ClaudeAuthStatus | undefined): AuthStatus {
  if (!status || !status.loggedIn) return { kind: "none", label: "Not logged in" };
  switch (status.authMethod) {
    case "api_key":
    case "api_key_helper":
      return {
        kind: "api_key",
        label: "Anthropic API key",
        ...(status.apiKeySource ? { detail: status.apiKeySource } : {}),
      };
    case "claude.ai":
    case "oauth_token":
    case "subscription": {
      const account = {
        ...(status.email ? { email: status.email } : {}),
        ...(status.orgName ? { organization: status.orgName } : {}),
        ...(status.subscriptionType ? { plan: status.subscriptionType } : {}),
      };
      return {
        kind: "account",
        label: status.email ?? "Claude account",
        ...(Object.keys(account).length ? { account } : {}),
      };
    }
    default:
      return status.apiProvider && status.apiProvider !== "firstParty"
        ? { kind: "external", label: status.apiProvider }
        : { kind: "external", label: status.authMethod ?? "Logged in" };
  }
}
