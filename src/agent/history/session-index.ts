import { isAfter, newestFirst, type ListPosition } from "../../protocol/list-cursor.js";
import { allProjectDirs, cwdForms, projectDirsFor } from "../../sdk/transcript-paths.js";
import { log } from "../../util/log.js";
import {
  readEnds,
  SLICE,
  transcriptFiles,
  yieldToEventLoop,
  type TranscriptFile,
} from "./transcript-files.js";
import { summarizeTranscript, type TranscriptSummary } from "./transcript-summary.js";

/** A `session/list` row. */
export interface StoredSessionRow {
  readonly sessionId: string;
  readonly cwd: string;
  readonly title: string;
  readonly updatedAt: string;
}

export interface StoredSessionPage {
  readonly sessions: StoredSessionRow[];
  /** Where the next page starts; undefined on the last page. */
  readonly next: ListPosition | undefined;
}

interface CachedSummary {
  readonly updatedAtMs: number;
  readonly size: number;
  readonly summary: TranscriptSummary | undefined;
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

/**
 * The stored sessions, newest first, for `session/list`.
 *
 * A first page (no cursor) lists the folders afresh: one `stat` per transcript, then the
 * two ends of the transcripts it shows. The pages after it reuse that file list for a
 * minute: the cursor is a position, so a session that changed meanwhile is neither
 * repeated nor does it shift the rest. What was read of a transcript is kept while its
 * time and size stay the same, so each transcript is read once however often it is paged.
 */
export class SessionIndex {
  private readonly summaries = new Map<string, CachedSummary>();
  private snapshot: Snapshot | undefined;

  async page(options: {
    readonly cwd?: string;
    readonly after?: ListPosition;
    readonly limit: number;
  }): Promise<StoredSessionPage> {
    const { after, limit } = options;
    const files = await this.files(options.cwd, after !== undefined);
    const cwds = options.cwd ? new Set(await cwdForms(options.cwd)) : undefined;
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
      });
    }
    const last = rows.at(-1);
    return {
      sessions: rows.map(({ updatedAtMs: _, ...row }) => row),
      next: more && last ? last : undefined,
    };
  }

  /** Forgets what was read of one transcript and the file list (it was deleted). */
  forget(path: string): void {
    this.summaries.delete(path);
    this.snapshot = undefined;
  }

  /** The transcripts to list, newest first: afresh, or the first page's list. */
  private async files(
    cwd: string | undefined,
    continuing: boolean,
  ): Promise<readonly TranscriptFile[]> {
    const key = cwd ?? "";
    const recent = this.snapshot;
    if (continuing && recent?.key === key && Date.now() - recent.takenAt < SNAPSHOT_TTL_MS) {
      return recent.files;
    }
    const dirs = cwd ? await projectDirsFor(cwd) : await allProjectDirs();
    const files = (await transcriptFiles(dirs)).sort(newestFirst);
    this.snapshot = { key, takenAt: Date.now(), files };
    if (!cwd) this.prune(files);
    return files;
  }

  /** After a full listing: drops what was read of transcripts that are gone. */
  private prune(files: readonly TranscriptFile[]): void {
    const present = new Set(files.map((f) => f.path));
    for (const path of this.summaries.keys()) if (!present.has(path)) this.summaries.delete(path);
  }

  private summary(file: TranscriptFile): TranscriptSummary | undefined {
    const cached = this.summaries.get(file.path);
    if (cached && cached.updatedAtMs === file.updatedAtMs && cached.size === file.size) {
      return cached.summary;
    }
    let summary: TranscriptSummary | undefined;
    try {
      summary = summarizeTranscript(readEnds(file.path, file.size, HEAD_BYTES, TAIL_BYTES));
      if (!summary && file.size > HEAD_BYTES) {
        summary = summarizeTranscript(readEnds(file.path, file.size, LONG_HEAD_BYTES, TAIL_BYTES));
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
    this.summaries.set(file.path, { updatedAtMs: file.updatedAtMs, size: file.size, summary });
    return summary;
  }
}
