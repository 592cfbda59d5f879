import { open } from "node:fs/promises";
import { isAscii } from "node:buffer";
import {
  asMessageEntry,
  toEntryLink,
  type EntryLink,
  type MessageEntry,
} from "../../translation/replay/transcript-entry.js";
import { log } from "../../util/log.js";

/**
 * Reads a stored transcript in one streaming pass, parsing each line once: how the
 * entries link (to choose the branch) and the message entries themselves, kept until
 * they are taken. The branch is only known at the end of the file (its tip is the
 * newest message), so a reader that kept nothing had to read and parse the file twice.
 * Measured on a 20 MB / 10,000-message history: the load answers ~40 ms sooner (443 →
 * 403 ms) for ~14 MB more peak RSS (128 → 142 MB); entries are given back as they are
 * taken. A line that does not parse (a cut last line, a partial write) is skipped and
 * counted; the rest of the file still loads. The long strings `JSON.parse` returns are
 * substrings of the decoded text it was given, so a kept entry keeps its chunk's text
 * alive: a load holds about the transcript's size in text until its entries are taken.
 */

/** Bytes read at a time: fewer, larger reads measured ~20 ms faster for 20 MB than 256 KB. */
export const CHUNK_BYTES = 1024 * 1024;

const NEWLINE = 0x0a;

/**
 * Calls `visit` with each line of a file, numbered from 0, decoded as UTF-8. A plain
 * split on "\n" (Claude Code writes "\n"; a stray "\r" is JSON whitespace): `readline`
 * spends twice as long on its line-break regex. One await per chunk, not per line, into
 * one reused buffer: a read stream measured ~25% slower on a 20 MB transcript (its chunks
 * are new buffers and go through the stream's queue), and larger stream chunks cost peak
 * RSS. Lines are split as bytes and decoded whole, so a character is never cut.
 */
async function forEachLine(path: string, visit: (text: string, line: number) => void) {
  const file = await open(path, "r");
  try {
    const buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    let line = 0;
    // The bytes of a line begun in an earlier chunk (copies: the buffer is reused).
    let carried: Buffer[] = [];
    for (;;) {
      const { bytesRead } = await file.read(buffer, 0, CHUNK_BYTES, null);
      if (bytesRead === 0) break;
      const chunk = buffer.subarray(0, bytesRead);
      let start = 0;
      if (carried.length > 0) {
        const end = chunk.indexOf(NEWLINE);
        if (end < 0) {
          carried.push(Buffer.from(chunk));
          continue;
        }
        carried.push(chunk.subarray(0, end));
        visit(Buffer.concat(carried).toString("utf8"), line++);
        carried = [];
        start = end + 1;
      }
      const last = chunk.lastIndexOf(NEWLINE);
      if (last >= start) {
        line = visitLines(chunk, start, last, visit, line);
        start = last + 1;
      }
      if (start < chunk.length) carried.push(Buffer.from(chunk.subarray(start)));
    }
    if (carried.length > 0) visit(Buffer.concat(carried).toString("utf8"), line);
  } finally {
    await file.close();
  }
}

/**
 * Visits the complete lines of `bytes[start, end)` (`end` is a newline); returns the next
 * line number. The region is decoded in one piece as Latin-1, where a byte is a character
 * and an ASCII line reads the same as in UTF-8; a line that holds a non-ASCII byte is
 * decoded again, on its own, as UTF-8. Why: a whole chunk decoded as UTF-8 is a two-byte
 * string when one of its characters is not ASCII, and so is every line sliced from it and
 * every string `JSON.parse` returns from those (it returns substrings of its input): the
 * replay then parses, keeps, serialises and encodes twice the bytes. Measured on a 20 MB
 * history (bench/README.md, session 6): with a non-ASCII character every 50 text lines
 * the load answered 229 → 219 ms (ASCII alone: 210 ms); with one in every text line,
 * unchanged (~280 ms) for +9 MB of peak RSS.
 */
function visitLines(
  bytes: Buffer,
  start: number,
  end: number,
  visit: (text: string, line: number) => void,
  line: number,
): number {
  const text = bytes.toString("latin1", start, end);
  let from = 0;
  for (;;) {
    // Where the next line that is not ASCII starts (from `from` on), or the end.
    const hit = nextNonAscii(bytes, start + from, end) - start;
    const next = hit === text.length ? hit : text.lastIndexOf("\n", hit) + 1;
    for (let to = text.indexOf("\n", from); to >= 0 && to < next; to = text.indexOf("\n", from)) {
      visit(text.slice(from, to), line++);
      from = to + 1;
    }
    if (next === text.length) {
      visit(text.slice(from), line++);
      return line;
    }
    const to = text.indexOf("\n", next);
    const stop = to < 0 ? text.length : to;
    visit(bytes.toString("utf8", start + next, start + stop), line++);
    if (to < 0) return line;
    from = to + 1;
  }
}

/**
 * The index of the first byte of `bytes[from, to)` that is not ASCII, or `to`. Looks in
 * windows that double in size, then halves the window that holds one: `isAscii` checks
 * ~25 GB/s, a regular expression over the decoded text ~3 GB/s.
 */
function nextNonAscii(bytes: Buffer, from: number, to: number): number {
  for (let size = 4096; from < to; size *= 2) {
    let end = Math.min(to, from + size);
    if (!isAscii(bytes.subarray(from, end))) {
      while (end - from > 64) {
        const mid = (from + end) >>> 1;
        if (isAscii(bytes.subarray(from, mid))) from = mid;
        else end = mid;
      }
      while (bytes[from]! < 0x80) from++;
      return from;
    }
    from = end;
  }
  return to;
}

/** A transcript as one pass read it. */
export class StoredTranscript {
  /** How the entries link, in file order. */
  readonly links: EntryLink[] = [];
  /** Lines that did not parse. */
  unreadable = 0;
  /** The message entries by line, until taken. */
  private readonly entries = new Map<number, MessageEntry>();

  /** Reads the file (once). */
  static async read(path: string): Promise<StoredTranscript> {
    const transcript = new StoredTranscript();
    await forEachLine(path, (text, line) => transcript.add(text, line));
    return transcript;
  }

  private add(text: string, line: number): void {
    // Bookkeeping lines (`api-request-shape` and the like, often the largest) carry no
    // uuid and are not part of the conversation: not worth parsing, only counted when
    // they are plainly not a JSON object (a cut line, garbage). The test looks for `uuid"`,
    // not `"uuid"`: a search starts at each place the first character occurs, and quotes
    // are everywhere in JSON (4 → 1.3 ms for 20 MB). It lets through a few more lines
    // (`xuuid"`), which parse and are then dropped as before.
    if (!text.includes('uuid"')) {
      const trimmed = text.trim();
      if (trimmed && !(trimmed.startsWith("{") && trimmed.endsWith("}"))) this.unreadable++;
      return;
    }
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      this.unreadable++;
      return;
    }
    const entry = asMessageEntry(value);
    const link = toEntryLink(value, line, entry);
    if (link) this.links.push(link);
    if (entry) this.entries.set(line, entry);
  }

  /**
   * The message entry on a line (undefined for any other line, or once taken). It is let
   * go of as it is handed on, so that memory is given back as a replay goes.
   */
  take(line: number): MessageEntry | undefined {
    const entry = this.entries.get(line);
    if (entry) this.entries.delete(line);
    return entry;
  }

  /** Lets go of the entries not taken. */
  release(): void {
    this.entries.clear();
  }

  /**
   * The message entries on the given lines (ascending), in file order; all of them
   * without `lines`. Each is taken as it is handed on; the rest are released when the
   * iteration ends. (A replay of a whole history calls `take` in a loop: a generator's
   * step costs more than the rest of the taking, before V8 optimises it.)
   */
  *takeAll(lines?: readonly number[]): Generator<MessageEntry> {
    try {
      for (const line of lines ?? [...this.entries.keys()]) {
        const entry = this.take(line);
        if (entry) yield entry;
      }
    } finally {
      this.release();
    }
  }
}

/** Logs what a load had to leave out, once per file. */
export function reportUnreadable(sessionId: string, file: string, unreadable: number): void {
  if (unreadable === 0) return;
  log.warn("skipped unreadable lines of a stored session", { sessionId, file, lines: unreadable });
}
