import type { AuthStatus } from "./auth.js";

/** The standard `auth/status` answer and `auth/status_update` params (ACP unstable). */
export interface AuthStateReport {
  readonly state: "authenticated" | "unauthenticated" | "unknown";
  readonly accounts?: AuthAccountReport[];
}

export interface AuthAccountReport {
  readonly label: string;
  readonly active: true;
  readonly email?: string;
  readonly organization?: string;
}

/** `max` → `Claude Max`: the plan as Claude's own pages name it. */
function planLabel(plan: string): string {
  return `Claude ${plan.charAt(0).toUpperCase()}${plan.slice(1)}`;
}

/**
 * The login state as the standard `auth/status` reports it: `unknown` while Claude Code
 * could not tell, `unauthenticated` with no login, else `authenticated` with the one
 * account in effect (only what Claude Code told: no email or organization is made up).
 */
export function toAuthState(status: AuthStatus | undefined): AuthStateReport {
  if (status === undefined) return { state: "unknown" };
  if (status.kind === "none") return { state: "unauthenticated" };
  const account = status.account;
  const label =
    status.kind === "account"
      ? account?.plan
        ? planLabel(account.plan)
        : "Claude account"
      : status.label;
  return {
    state: "authenticated",
    accounts: [
      {
        label,
        active: true,
        ...(account?.email ? { email: account.email } : {}),
        ...(account?.organization ? { organization: account.organization } : {}),
      },
    ],
  };
}
