import { isAfter, newestFirst, type ListPosition } from "./list-cursor.js";
import {
  allProjectDirs,
  cwdForms,
  projectDirsFor,
  projectsDir,
} from "../../sdk/transcript-paths.js";
import { log } from "../../util/log.js";
import {
  readEnds,
  scratchBuffers,
  SLICE,
  transcriptFiles,
  yieldToEventLoop,
  type TranscriptFile,
} from "../../sdk/transcripts/transcript-files.js";
import { readSummaryCache, writeSummaryCache, type CachedSummary } from "./summary-cache-file.js";
import {
  summarizeTranscript,
  type TranscriptSummary,
} from "../../sdk/transcripts/transcript-summary.js";

/** A `session/list` row, with the title as stored (the archive prefix and all). */
export interface StoredSessionRow {
  readonly sessionId: string;
  readonly cwd: string;
  readonly title: string;
  readonly updatedAt: string;
  /** Claude Code made a worktree for the session (not a wire field: AIR's row reads it). */
  readonly agentWorktree?: true;
  /** The transcript's path (AIR's row reads more of it: `row-facts.ts`). */
  readonly transcript?: string;
}

export interface StoredSessionPage {
  readonly sessions: StoredSessionRow[];
  /** Where the next page starts; undefined on the last page. */
  readonly next: ListPosition | undefined;
}

interface Snapshot {
  readonly key: string;
  readonly takenAt: number;
  /** Newest first. */
  readonly files: readonly TranscriptFile[];
}

/** Bytes read from the start of a transcript; more only when they hold no title. */
const HEAD_BYTES = 16 * 1024;
const LONG_HEAD_BYTES = 64 * 1024;
/** Bytes read from the end: Claude Code re-appends its titles within the last 64 KB. */
const TAIL_BYTES = 64 * 1024;
/** How long the pages after the first may reuse the first page's file list. */
const SNAPSHOT_TTL_MS = 60_000;
/** New summaries are stored on disk once paging has paused this long. */
const STORE_DELAY_MS = 1_000;

/**
 * The stored sessions, newest first, for `session/list`.
 *
 * A first page (no cursor) lists the folders afresh: one `stat` per transcript, then the
 * two ends of the transcripts it shows. The pages after it reuse that file list for a
 * minute: the cursor is a position, so a session that changed meanwhile is neither
 * repeated nor does it shift the rest. What was read of a transcript is kept while its
 * time and size stay the same, in memory and on disk (`summary-cache-file.ts`), so each
 * transcript is read once however often it is paged, also by the next adapter process.
 */
export class SessionIndex {
  private summaries: Map<string, CachedSummary> | undefined;
  private storing: NodeJS.Timeout | undefined;
  private snapshot: Snapshot | undefined;
  /** Big enough for a whole small transcript, or for the long head; reused per file. */
  private readonly scratch = scratchBuffers(LONG_HEAD_BYTES + TAIL_BYTES, TAIL_BYTES);

  async page(options: {
    readonly cwd?: string;
    /** More directories listed with `cwd` (AIR's `includeWorktrees`: its worktree counterparts). */
    readonly alsoIn?: readonly string[];
    readonly after?: ListPosition;
    readonly limit: number;
    /** Which stored titles the page keeps (AIR's archive filter); every one without it. */
    readonly keep?: (title: string) => boolean;
  }): Promise<StoredSessionPage> {
    const { after, limit, keep } = options;
    this.summaries ??= readSummaryCache(projectsDir());
    const scope = options.cwd ? [options.cwd, ...(options.alsoIn ?? [])] : undefined;
    const files = await this.files(scope, after !== undefined);
    const cwds = scope ? new Set((await Promise.all(scope.map(cwdForms))).flat()) : undefined;
    const start = after ? files.findIndex((f) => isAfter(f, after)) : 0;

    const rows: Array<StoredSessionRow & ListPosition> = [];
    let more = false;
    // Summarized in order until the page is full and one more row is known to exist.
    for (let i = Math.max(start, 0); start >= 0 && i < files.length && !more; i++) {
      if (i > start && (i - start) % SLICE === 0) await yieldToEventLoop();
      const file = files[i]!;
      const summary = this.summary(file);
      if (!summary) continue;
      if (cwds && summary.cwd !== undefined && !cwds.has(summary.cwd)) continue;
      const cwd = summary.cwd ?? options.cwd;
      if (!cwd) continue;
      if (keep && !keep(summary.title)) continue;
      if (rows.length === limit) {
        more = true;
        continue;
      }
      rows.push({
        sessionId: file.sessionId,
        cwd,
        title: summary.title,
        updatedAt: new Date(file.updatedAtMs).toISOString(),
        updatedAtMs: file.updatedAtMs,
        ...(summary.agentWorktree ? { agentWorktree: true as const } : {}),
        transcript: file.path,
      });
    }
    const last = rows.at(-1);
    return {
      sessions: rows.map(({ updatedAtMs: _, ...row }) => row),
      next: more && last ? last : undefined,
    };
  }

  /** Drops the file list: the next page lists the folders afresh (a session was deleted). */
  invalidate(): void {
    this.snapshot = undefined;
  }

  /** The transcripts to list, newest first: afresh, or the first page's list. */
  private async files(
    scope: readonly string[] | undefined,
    continuing: boolean,
  ): Promise<readonly TranscriptFile[]> {
    const key = scope?.join("\0") ?? "";
    const recent = this.snapshot;
    if (continuing && recent?.key === key && Date.now() - recent.takenAt < SNAPSHOT_TTL_MS) {
      return recent.files;
    }
    const dirs = scope
      ? [...new Set((await Promise.all(scope.map(projectDirsFor))).flat())]
      : await allProjectDirs();
    const files = (await transcriptFiles(dirs)).sort(newestFirst);
    this.snapshot = { key, takenAt: Date.now(), files };
    if (!scope) this.prune(files);
    return files;
  }

  /** After a full listing: drops what was read of transcripts that are gone. */
  private prune(files: readonly TranscriptFile[]): void {
    const present = new Set(files.map((f) => f.path));
    const summaries = this.summaries!;
    for (const path of summaries.keys()) if (!present.has(path)) summaries.delete(path);
  }

  /** Stores the summaries on disk once paging pauses (not on the answer's path). */
  private storeLater(): void {
    if (this.storing) return;
    this.storing = setTimeout(() => {
      this.storing = undefined;
      if (this.summaries) writeSummaryCache(projectsDir(), this.summaries);
    }, STORE_DELAY_MS);
    this.storing.unref();
  }

  private summary(file: TranscriptFile): TranscriptSummary | undefined {
    const summaries = this.summaries!;
    const cached = summaries.get(file.path);
    if (cached && cached.updatedAtMs === file.updatedAtMs && cached.size === file.size) {
      return cached.summary;
    }
    let summary: TranscriptSummary | undefined;
    try {
      const ends = (headBytes: number) =>
        readEnds(file.path, file.size, headBytes, TAIL_BYTES, this.scratch);
      summary = summarizeTranscript(ends(HEAD_BYTES));
      if (!summary && file.size > HEAD_BYTES + TAIL_BYTES) {
        summary = summarizeTranscript(ends(LONG_HEAD_BYTES));
      }
    } catch (error) {
      // Deleted since the folder was listed, or unreadable: not listed.
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") {
        log.warn("could not read a stored session", {
          sessionId: file.sessionId,
          message: String(error),
        });
      }
    }
    summaries.set(file.path, { updatedAtMs: file.updatedAtMs, size: file.size, summary });
    this.storeLater();
    return summary;
  }
}
