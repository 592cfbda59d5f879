import { createReadStream } from "node:fs";
import {
  asMessageEntry,
  toEntryLink,
  type EntryLink,
  type MessageEntry,
} from "../../translation/replay/transcript-entry.js";
import { log } from "../../util/log.js";

/**
 * Reads a stored transcript in two streaming passes, so that loading a long history
 * never holds the whole file or all of its parsed entries: the first pass keeps only
 * how entries link (to choose the branch), the second parses the chosen lines again and
 * hands them on one at a time. A line that does not parse (a cut last line, a partial
 * write) is skipped and counted; the rest of the file still loads.
 */

/**
 * The lines of a file, numbered from 0, decoded as UTF-8 across chunk boundaries. A
 * plain split on "\n" (Claude Code writes "\n"; a stray "\r" only fails that line's
 * parse): `readline` spends twice as long on its line-break regex.
 */
async function* numberedLines(path: string): AsyncGenerator<{ line: number; text: string }> {
  const input = createReadStream(path, { encoding: "utf8", highWaterMark: 256 * 1024 });
  let line = 0;
  let rest = "";
  try {
    for await (const chunk of input as AsyncIterable<string>) {
      let start = 0;
      for (let end = chunk.indexOf("\n"); end >= 0; end = chunk.indexOf("\n", start)) {
        const text = rest + chunk.slice(start, end);
        rest = "";
        start = end + 1;
        yield { line: line++, text };
      }
      rest += chunk.slice(start);
    }
    if (rest) yield { line, text: rest };
  } finally {
    input.destroy();
  }
}

function parse(text: string): unknown {
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return SKIPPED;
  }
}

const SKIPPED = Symbol("unreadable line");

export interface TranscriptLinks {
  readonly links: EntryLink[];
  /** Lines that did not parse. */
  readonly unreadable: number;
}

/** Pass one: how the entries of the transcript link, and how many lines were unreadable. */
export async function readLinks(path: string): Promise<TranscriptLinks> {
  const links: EntryLink[] = [];
  let unreadable = 0;
  for await (const { line, text } of numberedLines(path)) {
    // Bookkeeping lines (`api-request-shape` and the like, often the largest) carry no
    // uuid and are not part of the conversation: not worth parsing, only counted when
    // they are plainly not a JSON object (a cut line, garbage).
    if (!text.includes('"uuid"')) {
      const trimmed = text.trim();
      if (trimmed && !(trimmed.startsWith("{") && trimmed.endsWith("}"))) unreadable++;
      continue;
    }
    const value = parse(text);
    if (value === SKIPPED) unreadable++;
    const link = value === SKIPPED ? undefined : toEntryLink(value, line);
    if (link) links.push(link);
  }
  return { links, unreadable };
}

/** Pass two: the message entries on the given lines, in file order. */
export async function* readEntries(
  path: string,
  lines?: ReadonlySet<number>,
): AsyncGenerator<MessageEntry> {
  for await (const { line, text } of numberedLines(path)) {
    if (lines && !lines.has(line)) continue;
    const value = parse(text);
    const entry = value === SKIPPED ? undefined : asMessageEntry(value);
    if (entry) yield entry;
  }
}

/** Logs what a load had to leave out, once per file. */
export function reportUnreadable(sessionId: string, file: string, unreadable: number): void {
  if (unreadable === 0) return;
  log.warn("skipped unreadable lines of a stored session", { sessionId, file, lines: unreadable });
}
