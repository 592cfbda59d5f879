import { createHash } from "node:crypto";
import { statSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import type { ClaudeCommand } from "../../translation/commands.js";
import { cacheFilePath, readCacheFile, writeJsonAtomically } from "../../util/cache-file.js";

/**
 * Claude Code's slash commands as its last start in a project reported them, kept on
 * disk like the model list (`model-list-cache.ts`), so that a `session/load` can tell
 * the client its commands before the answer without waiting for Claude Code: nothing for
 * the session may follow a load's answer. What Claude Code reports when it is up and
 * differs reaches the client when the session speaks again (`Outbox.announce`).
 */
const VERSION = 1;

const fileSchema = z.object({
  version: z.literal(VERSION),
  key: z.string(),
  commands: z.array(
    z.looseObject({
      name: z.string(),
      description: z.string(),
      argumentHint: z.string().optional(),
    }),
  ),
});

/** What a session's commands depend on besides Claude Code's start (`sdk/start-key.ts`). */
export interface CommandSource {
  readonly cwd: string;
  /** Claude Code's config dir (user commands and skills). */
  readonly configDir: string;
  /** The client's MCP servers (their prompts are commands). */
  readonly mcpServerNames: readonly string[];
}

/**
 * The key of a project's command list: the start key (which holds the settings, so the
 * enabled plugins), the project, the client's MCP servers, and when the folders of the
 * user's and the project's commands and skills last changed (a command added, renamed or
 * removed changes its folder; an edited description does not, and is corrected when
 * Claude Code is up). Not the plugins folder: Claude Code itself writes there.
 */
export function commandListKey(startKey: string, source: CommandSource): string {
  const folders = [
    join(source.cwd, ".claude", "commands"),
    join(source.cwd, ".claude", "skills"),
    join(source.configDir, "commands"),
    join(source.configDir, "skills"),
  ].map((folder) => [folder, modifiedAt(folder)]);
  return createHash("sha256")
    .update(
      JSON.stringify([VERSION, startKey, source.cwd, [...source.mcpServerNames].sort(), folders]),
    )
    .digest("hex");
}

export function commandListCachePath(key: string): string {
  return cacheFilePath(`commands-${key.slice(0, 32)}.json`);
}

/** The commands stored for this key, or undefined when there are none to trust. */
export function readCommandListCache(key: string): ClaudeCommand[] | undefined {
  const stored = readCacheFile(
    commandListCachePath(key),
    fileSchema,
    (file) => file.key === key,
    "command list",
  );
  return stored?.commands;
}

/** Stores the commands Claude Code reported for this key. Failures are logged, not thrown. */
export function writeCommandListCache(key: string, commands: readonly ClaudeCommand[]): void {
  writeJsonAtomically(
    commandListCachePath(key),
    { version: VERSION, key, commands },
    "command list",
  );
}

function modifiedAt(path: string): number | null {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return null;
  }
}
