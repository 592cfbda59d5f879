import { resolveSettings, type ResolvedSettings } from "@anthropic-ai/claude-agent-sdk";
import { log } from "../util/log.js";

type Resolve = (options: { settingSources: [] }) => Promise<Pick<ResolvedSettings, "effective">>;

let applying: Promise<void> | undefined;

/**
 * The managed-policy environment (features 1q): the `env` of the policy tier
 * (managed-settings.json, MDM, server-managed settings) goes into this process's
 * environment once, at start, so what the adapter itself reads (the model, the provider,
 * remote-session variables) and every Claude Code it starts see the values the
 * organization set. It is read with no user, project or local source, which a policy
 * must not take values from. A failure is logged, never fatal.
 */
export function applyManagedEnv(
  resolve: Resolve = resolveSettings,
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  applying ??= copyPolicyEnv(resolve, env);
  return applying;
}

/** Settles once the managed environment is in place (at once if it was never asked for). */
export function managedEnvApplied(): Promise<void> {
  return applying ?? Promise.resolve();
}

/** Forgets the start's reading (tests). */
export function resetManagedEnv(): void {
  applying = undefined;
}

async function copyPolicyEnv(resolve: Resolve, env: NodeJS.ProcessEnv): Promise<void> {
  try {
    const policy = (await resolve({ settingSources: [] })).effective.env;
    if (typeof policy !== "object" || policy === null) return;
    for (const [name, value] of Object.entries(policy)) {
      if (typeof value === "string") env[name] = value;
    }
  } catch (error) {
    log.warn("could not read the managed settings' environment", { message: String(error) });
  }
}
