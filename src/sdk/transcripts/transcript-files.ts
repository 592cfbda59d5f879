import { closeSync, openSync, readdirSync, readSync, statSync } from "node:fs";
import { join } from "node:path";
import { transcriptSessionId } from "../transcript-paths.js";
import type { TranscriptEnds } from "./transcript-summary.js";

/**
 * File access for the session listing. It uses synchronous calls in short slices with
 * a yield to the event loop between slices: one `stat` or small read costs ~10x more
 * through libuv's thread pool (measured: 5,000 stats 80 ms sync vs 200 ms async; 1,000
 * pairs of small reads 40 ms vs 300 ms), and a slice of a few milliseconds does not hold
 * up the sessions' traffic.
 */
export const SLICE = 256;

/**
 * A transcript file with what orders it in the list (the fields of the session list's
 * `ListPosition`, agent/history/list-cursor.ts).
 */
export interface TranscriptFile {
  readonly sessionId: string;
  /** Last-modified time, in ms since the epoch. */
  readonly updatedAtMs: number;
  readonly path: string;
  readonly size: number;
}

export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/** Runs `work` on each item, synchronously within a slice, yielding between slices. */
export async function inSlices<T, R>(items: readonly T[], work: (item: T) => R): Promise<R[]> {
  const results: R[] = [];
  for (let i = 0; i < items.length; i += SLICE) {
    if (i > 0) await yieldToEventLoop();
    for (const item of items.slice(i, i + SLICE)) results.push(work(item));
  }
  return results;
}

/**
 * The non-empty transcripts (`<uuid>.jsonl`) of the folders, with their modification
 * time and size. A session found in two folders counts once, with its newest file.
 */
export async function transcriptFiles(dirs: readonly string[]): Promise<TranscriptFile[]> {
  const byId = new Map<string, TranscriptFile>();
  for (const dir of dirs) {
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      continue; // no sessions stored for this folder
    }
    const sessions = names.filter((n) => transcriptSessionId(n) !== undefined);
    const files = await inSlices(sessions, (name) => {
      const path = join(dir, name);
      const info = statSync(path, { throwIfNoEntry: false });
      if (!info?.isFile() || info.size === 0) return undefined;
      return {
        sessionId: name.slice(0, -6),
        path,
        size: info.size,
        updatedAtMs: Math.trunc(info.mtimeMs),
      };
    });
    for (const file of files) {
      if (!file) continue;
      const other = byId.get(file.sessionId);
      if (!other || other.updatedAtMs < file.updatedAtMs) byId.set(file.sessionId, file);
    }
  }
  return [...byId.values()];
}

/** Buffers that `readEnds` may read into instead of allocating (see there). */
export interface ScratchBuffers {
  readonly head: Buffer;
  readonly tail: Buffer;
}

export function scratchBuffers(headBytes: number, tailBytes: number): ScratchBuffers {
  return { head: Buffer.allocUnsafe(headBytes), tail: Buffer.allocUnsafe(tailBytes) };
}

/**
 * The first `headBytes` and the last `tailBytes` of a file (all of it when small). With
 * `scratch`, the result is a view into those buffers, valid until the next call with
 * them: a listing reads thousands of files one after another, and allocating ~80 KB for
 * each costs more in garbage collection than the reads themselves.
 */
export function readEnds(
  path: string,
  size: number,
  headBytes: number,
  tailBytes: number,
  scratch?: ScratchBuffers,
): TranscriptEnds {
  const fd = openSync(path, "r");
  try {
    if (size <= headBytes + tailBytes) {
      const all = scratch && scratch.head.length >= size ? scratch.head : Buffer.allocUnsafe(size);
      const bytes = all.subarray(0, readSync(fd, all, 0, size, 0));
      return { head: bytes, tail: bytes, whole: true };
    }
    const head = scratch?.head ?? Buffer.allocUnsafe(headBytes);
    const tail = scratch?.tail ?? Buffer.allocUnsafe(tailBytes);
    const headRead = readSync(fd, head, 0, headBytes, 0);
    const tailRead = readSync(fd, tail, 0, tailBytes, size - tailBytes);
    return { head: head.subarray(0, headRead), tail: tail.subarray(0, tailRead), whole: false };
  } finally {
    closeSync(fd);
  }
}
