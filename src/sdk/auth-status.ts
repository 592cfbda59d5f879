import { setPriority } from "node:os";
import { claudeExecutable } from "./claude-binary.js";
import { execClaudeCli } from "./claude-process.js";
import type { ClaudeAuthStatus } from "../translation/auth.js";

export type { ClaudeAuthStatus } from "../translation/auth.js";

const TIMEOUT_MS = 5_000;
const URGENT_TIMEOUT_MS = 15_000;
const LOWEST_PRIORITY = 19;

/**
 * Asks Claude Code who is logged in; undefined when it cannot tell in time. `urgent`: a
 * request waits for the answer, so the probe runs at normal priority and gets more time.
 */
export function probeAuthStatus(
  env: NodeJS.ProcessEnv = process.env,
  urgent = false,
): Promise<ClaudeAuthStatus | undefined> {
  const executable = claudeExecutable(env);
  if (!executable) return Promise.resolve(undefined);
  return new Promise((resolve) => {
    // `auth status` exits 1 when nobody is logged in: the JSON on stdout still says so.
    // Like a session's Claude Code, the probe ends with the adapter: a client that goes
    // away while it runs leaves no process behind.
    const probe = execClaudeCli(
      executable,
      ["auth", "status", "--json"],
      { env, timeout: urgent ? URGENT_TIMEOUT_MS : TIMEOUT_MS },
      (_error, stdout) => {
        try {
          const parsed = JSON.parse(stdout) as Record<string, unknown>;
          resolve(
            typeof parsed.loggedIn === "boolean"
              ? (parsed as unknown as ClaudeAuthStatus)
              : undefined,
          );
        } catch {
          resolve(undefined);
        }
      },
    );
    // The probe starts a whole Claude Code. At the lowest priority it takes no CPU that
    // a session's Claude Code or the adapter wants (the first prompt of a session is sent
    // while it runs: at normal priority it delayed that prompt's model request by ~8 ms
    // on two cores, bench workload 3).
    if (probe.pid !== undefined && !urgent) {
      try {
        setPriority(probe.pid, LOWEST_PRIORITY);
      } catch {
        // gone already, or not permitted: it only runs at normal priority
      }
    }
  });
}
