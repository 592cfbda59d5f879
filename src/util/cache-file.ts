import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { log } from "./log.js";

/**
 * A file of the adapter's own under the user's cache folder (`$XDG_CACHE_HOME` or
 * `~/.cache`, then `claude-agent-acp/`): never in Claude Code's folders.
 */
export function cacheFilePath(name: string): string {
  const root = process.env.XDG_CACHE_HOME || join(homedir(), ".cache");
  return join(root, "claude-agent-acp", name);
}

/**
 * Writes `value` as JSON to a temporary file renamed into place, so that adapters side by
 * side never read a torn file. A cache is an optimisation: failures are logged, not thrown.
 */
export function writeJsonAtomically(path: string, value: unknown, what: string): void {
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(temporary, JSON.stringify(value));
    renameSync(temporary, path);
  } catch (error) {
    log.debug(`could not store the ${what}`, { message: String(error) });
  }
}
