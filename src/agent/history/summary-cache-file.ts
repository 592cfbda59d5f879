import { createHash } from "node:crypto";
import { z } from "zod";
import { cacheFilePath, readCacheFile, writeJsonAtomically } from "../../util/cache-file.js";
import type { TranscriptSummary } from "../../sdk/transcripts/transcript-summary.js";

/** What was read of one transcript, valid while the file keeps this time and size. */
export interface CachedSummary {
  readonly updatedAtMs: number;
  readonly size: number;
  readonly summary: TranscriptSummary | undefined;
}

/**
 * The listing's summaries, kept on disk between adapter processes: an editor starts a
 * new adapter and opens its session picker at once, and reading the ends of a thousand
 * transcripts is most of a first page's time. One JSON file per Claude projects folder,
 * under the user's cache folder (`$XDG_CACHE_HOME` or `~/.cache`) — never in Claude
 * Code's own folder. Entries only count for a transcript with the same time and size,
 * so a stale file costs reads, never wrong rows. A missing, corrupt or foreign file is
 * ignored; a write goes to a temporary file renamed into place, so adapters running
 * side by side never read a torn file (the last writer wins).
 */
const VERSION = 2;

const headerSchema = z.object({
  version: z.literal(VERSION),
  projectsDir: z.string(),
  entries: z.array(z.unknown()),
});

type Row = [
  path: string,
  updatedAtMs: number,
  size: number,
  cwd: string | null,
  title: string | null,
  agentWorktree: 0 | 1,
];

/**
 * One stored entry: [path, updatedAtMs, size, cwd, title, agentWorktree], cwd and title
 * null when unknown or unlisted, agentWorktree 1 when Claude Code made the session's
 * worktree. Checked by hand: zod takes ~100 ms for 5,000 rows.
 */
function isRow(value: unknown): value is Row {
  if (!Array.isArray(value) || value.length !== 6) return false;
  const [path, updatedAtMs, size, cwd, title, agentWorktree] = value as unknown[];
  return (
    typeof path === "string" &&
    Number.isFinite(updatedAtMs) &&
    Number.isFinite(size) &&
    (cwd === null || typeof cwd === "string") &&
    (title === null || typeof title === "string") &&
    (agentWorktree === 0 || agentWorktree === 1)
  );
}

export function summaryCachePath(projectsDir: string): string {
  const key = createHash("sha256").update(projectsDir).digest("hex").slice(0, 16);
  return cacheFilePath(`session-list-${key}.json`);
}

/** The stored summaries for a projects folder; empty when there are none to trust. */
export function readSummaryCache(projectsDir: string): Map<string, CachedSummary> {
  const entries = new Map<string, CachedSummary>();
  const parsed = readCacheFile(
    summaryCachePath(projectsDir),
    headerSchema,
    (file) => file.projectsDir === projectsDir && file.entries.every(isRow),
    "session list cache",
  );
  if (!parsed) return entries;
  for (const [path, updatedAtMs, size, cwd, title, made] of parsed.entries as Row[]) {
    const row = { cwd: cwd ?? undefined, title: title ?? "" };
    const summary =
      title === null ? undefined : made ? { ...row, agentWorktree: true as const } : row;
    entries.set(path, { updatedAtMs, size, summary });
  }
  return entries;
}

/** Replaces the stored summaries of a projects folder. Failures are logged, not thrown. */
export function writeSummaryCache(
  projectsDir: string,
  entries: ReadonlyMap<string, CachedSummary>,
): void {
  const path = summaryCachePath(projectsDir);
  const rows = [...entries].map(([file, e]): Row => [
    file,
    e.updatedAtMs,
    e.size,
    e.summary?.cwd ?? null,
    e.summary?.title ?? null,
    e.summary?.agentWorktree ? 1 : 0,
  ]);
  writeJsonAtomically(path, { version: VERSION, projectsDir, entries: rows }, "session list cache");
}
