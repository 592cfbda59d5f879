import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { cacheFilePath } from "./cache-file.js";
import { runCachedScript } from "./code-cache.js";
import { log } from "./log.js";

/**
 * Set by the build (scripts/bundle.mjs) when it runs the bin once to make the cache it
 * ships: the cache is written next to the script, at once, and no other is read.
 */
export const SHIP_CODE_CACHE_ENV = "CLAUDE_AGENT_ACP_SHIP_CODE_CACHE";

/**
 * A start without a cache that fits writes the user's this long after the script ran: by
 * then a client's `initialize` and `session/new` have usually been answered, and the
 * functions they ran are compiled, so they go into the cache too. Once per build and Node.
 */
const WRITE_AFTER_MS = 3000;

/**
 * The bin's one call (the entry scripts/bundle.mjs makes): runs the bundled adapter, the
 * script next to the bin (`claude-agent-acp.script.js`), with a code cache
 * (code-cache.ts), and returns what it exports.
 */
export function runBundledAdapter(
  binUrl: string,
  args: readonly unknown[],
): Record<string, unknown> {
  const script = fileURLToPath(binUrl).replace(/\.js$/, ".script.js");
  const shipped = `${script}.v8cache`;
  const building = process.env[SHIP_CODE_CACHE_ENV] === "1";
  const run = runCachedScript({
    script,
    shipped: building ? undefined : shipped,
    userFolder: building ? dirname(shipped) : dirname(cacheFilePath("code")),
    userFile: building ? shipped : undefined,
    args,
    writeAfterMs: building ? 0 : WRITE_AFTER_MS,
    debug: (message) => log.debug(message),
  });
  return run.result as Record<string, unknown>;
}
