import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
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
  if (!pruned) {
    pruned = true;
    pruneCacheFolder(dirname(path));
  }
}

/** A cache file nobody rewrote for this long belongs to a setup gone by. */
const UNUSED_FOR_MS = 30 * 24 * 60 * 60 * 1000;
let pruned = false;

/**
 * Removes the files of the cache folder that were not rewritten for a month (done once
 * per process, at its first write). Every use rewrites a file, while a Claude Code
 * update, a settings change or a project gone leaves files under keys nobody asks for
 * again; a torn temporary file is left behind by a crash. The code caches (code-cache.ts)
 * are written once per build and Node, not at each use: one still in use is written again
 * by the next start after it went.
 */
export function pruneCacheFolder(folder: string, now = Date.now()): void {
  let names: string[];
  try {
    names = readdirSync(folder);
  } catch {
    return;
  }
  for (const name of names) {
    if (!/\.(json|tmp|v8cache)$/.test(name)) continue;
    const path = join(folder, name);
    try {
      if (now - statSync(path).mtimeMs > UNUSED_FOR_MS) rmSync(path, { force: true });
    } catch {
      // gone meanwhile
    }
  }
}

/**
 * What a cache file holds, or undefined when there is nothing to trust: no file, a torn
 * or foreign one, another format (`schema` rejects it), or one stored for something
 * else (`belongs` says no: a file name holds only a part of its key).
 */
export function readCacheFile<T>(
  path: string,
  schema: { safeParse(value: unknown): { success: true; data: T } | { success: false } },
  belongs: (stored: T) => boolean,
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
  if (!parsed.success || !belongs(parsed.data)) {
    log.debug(`ignored an unusable ${what}`, { path });
    return undefined;
  }
  return parsed.data;
}
