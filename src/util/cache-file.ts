import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
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

/**
 * What a cache file stored for `key`, or undefined when there is nothing to trust: no
 * file, a torn or foreign one, another format (`schema` rejects it), or another key (a
 * file name holds only a part of its key).
 */
export function readKeyedCacheFile<T extends { readonly key: string }>(
  path: string,
  key: string,
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
  what: string,
): T | undefined {
  let raw: string;
  try {
    raw = readFileSync(path, "utf8");
  } catch {
    return undefined; // none yet
  }
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    value = undefined;
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success || parsed.data.key !== key) {
    log.debug(`ignored an unusable ${what}`, { key: key.slice(0, 32) });
    return undefined;
  }
  return parsed.data;
}
