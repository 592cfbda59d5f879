import { readdir, realpath, stat } from "node:fs/promises";
import { homedir } from "node:os";
import { join } from "node:path";
import { recoverSetAside } from "./transcripts/set-aside.js";

/**
 * Where Claude Code keeps its session transcripts (2.1.318, SDK 0.3.318):
 * `<config dir>/projects/<project folder>/<session id>.jsonl`, where the config dir is
 * `CLAUDE_CONFIG_DIR` or `~/.claude`, and the project folder is the working directory
 * with every character other than [A-Za-z0-9] replaced by `-`. A folder name longer than
 * 200 characters is cut to 200 and gets `-<hash>` appended.
 */
const MAX_FOLDER_NAME = 200;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Claude Code session ids are UUIDs; anything else never names a transcript (or a path). */
export function isSessionId(value: unknown): value is string {
  return typeof value === "string" && UUID.test(value);
}

/** The session id of a transcript's file name (`<id>.jsonl`), else undefined. */
export function transcriptSessionId(name: string): string | undefined {
  const id = name.endsWith(".jsonl") ? name.slice(0, -".jsonl".length) : undefined;
  return isSessionId(id) ? id : undefined;
}

/** Claude Code's config dir for an environment (this process's, or a session's). */
export function claudeConfigDir(
  env: Readonly<Record<string, string | undefined>> = process.env,
): string {
  return env.CLAUDE_CONFIG_DIR || join(env.HOME || homedir(), ".claude");
}

export function projectsDir(): string {
  return join(claudeConfigDir(), "projects");
}

/** Claude Code's string hash (Java's `hashCode`), used for over-long folder names. */
function hashCode(text: string): number {
  let hash = 0;
  for (let i = 0; i < text.length; i++) hash = (hash * 31 + text.charCodeAt(i)) | 0;
  return hash;
}

/** The project folder name Claude Code uses for a working directory. */
export function projectFolderName(cwd: string): string {
  const name = cwd.replace(/[^a-zA-Z0-9]/g, "-");
  if (name.length <= MAX_FOLDER_NAME) return name;
  return `${name.slice(0, MAX_FOLDER_NAME)}-${Math.abs(hashCode(cwd)).toString(36)}`;
}

/** The directory as given and as resolved on disk (Claude Code stores the resolved one). */
export async function cwdForms(cwd: string): Promise<string[]> {
  const resolved = await realpath(cwd).catch(() => cwd);
  return resolved === cwd ? [cwd] : [cwd, resolved];
}

/**
 * The project folders that may hold the sessions of `cwd`. Folder names are lossy
 * (`/a/b-c` and `/a/b/c` share one), so callers still compare each session's own cwd.
 * An over-long name is also matched by its cut prefix, in case the hash differs.
 */
export async function projectDirsFor(cwd: string): Promise<string[]> {
  const root = projectsDir();
  const names = new Set((await cwdForms(cwd)).map(projectFolderName));
  const long = [...names].filter((name) => name.length > MAX_FOLDER_NAME);
  if (long.length > 0) {
    const all = await readdir(root).catch(() => [] as string[]);
    for (const name of long) {
      const prefix = `${name.slice(0, MAX_FOLDER_NAME)}-`;
      for (const entry of all) if (entry.startsWith(prefix)) names.add(entry);
    }
  }
  return [...names].map((name) => join(root, name));
}

/** Every project folder, for a listing without a working directory. */
export async function allProjectDirs(): Promise<string[]> {
  const root = projectsDir();
  const entries = await readdir(root, { withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isDirectory()).map((e) => join(root, e.name));
}

export interface TranscriptLocation {
  readonly path: string;
  readonly projectDir: string;
}

/**
 * The stored transcript of a session: first in the folders of `cwd`, then, when
 * `anywhere` is set, in every project folder. Undefined for a malformed id, a missing
 * or empty file. A transcript left set aside by an unfinished first-prompt edit is put
 * back first (`transcripts/set-aside.ts`).
 */
export async function findTranscript(
  sessionId: string,
  cwd: string | undefined,
  anywhere = false,
): Promise<TranscriptLocation | undefined> {
  if (!isSessionId(sessionId)) return undefined;
  const preferred = cwd ? await projectDirsFor(cwd) : [];
  const rest = anywhere || !cwd ? await allProjectDirs() : [];
  for (const projectDir of [...preferred, ...rest.filter((d) => !preferred.includes(d))]) {
    const path = join(projectDir, `${sessionId}.jsonl`);
    const info = await stat(path).catch(() => undefined);
    if (info?.isFile() && info.size > 0) return { path, projectDir };
    // A first-prompt edit the adapter did not finish: the old transcript was set aside.
    if (await recoverSetAside(path)) return { path, projectDir };
  }
  return undefined;
}

/** Where Claude Code keeps a session's subagent transcripts (2.1.318). */
export function subagentTranscriptPath(transcript: string, agentId: string): string {
  return join(transcript.replace(/\.jsonl$/, ""), "subagents", `agent-${agentId}.jsonl`);
}
