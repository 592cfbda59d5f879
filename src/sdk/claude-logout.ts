import { claudeExecutable } from "./claude-binary.js";
import { execClaudeCli } from "./claude-process.js";

const TIMEOUT_MS = 15_000;

/**
 * Signs out of Claude Code (`claude auth logout`: removes the stored Claude account or
 * Console login). Keys in the environment are not Claude Code's to remove and stay.
 * Rejects when Claude Code cannot be found or the logout fails.
 */
export function claudeLogout(env: NodeJS.ProcessEnv = process.env): Promise<void> {
  const executable = claudeExecutable(env);
  if (!executable) return Promise.reject(new Error("the Claude Code executable was not found"));
  return new Promise((resolve, reject) => {
    execClaudeCli(
      executable,
      ["auth", "logout"],
      { env, timeout: TIMEOUT_MS },
      (error, _out, err) => {
        if (error) reject(new Error(`claude auth logout failed: ${err.trim() || error.message}`));
        else resolve();
      },
    );
  });
}
