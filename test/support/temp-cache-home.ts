import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach } from "vitest";

/**
 * Gives each test of the file a fresh, empty `$XDG_CACHE_HOME` (the adapter's cache
 * files go there), removed afterwards; returns a getter for the current one.
 */
export function useTempCacheHome(prefix: string): () => string {
  let home = "";
  const saved = process.env.XDG_CACHE_HOME;
  beforeEach(() => {
    home = mkdtempSync(join(tmpdir(), prefix));
    process.env.XDG_CACHE_HOME = home;
  });
  afterEach(() => {
    if (saved === undefined) delete process.env.XDG_CACHE_HOME;
    else process.env.XDG_CACHE_HOME = saved;
    rmSync(home, { recursive: true, force: true });
  });
  return () => home;
}
