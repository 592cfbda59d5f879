import { isCommandPrompt, toSessionTitle } from "../../translation/session-title.js";

/**
 * What `session/list` shows of one stored transcript, read from its first and last bytes
 * only (a page must never read whole transcripts). Claude Code 0.3.318 keeps what a
 * listing needs near the ends: the first prompt and the cwd near the start, the titles
 * it writes (`custom-title`, `ai-title`, `summary` entries) re-appended near the end.
 */
export interface TranscriptSummary {
  readonly cwd: string | undefined;
  readonly title: string;
}

/** The start and the end of a transcript; `whole` when `head` is the entire file. */
export interface TranscriptEnds {
  readonly head: Buffer;
  readonly tail: Buffer;
  readonly whole: boolean;
}

const TITLE_ENTRIES = [
  { marker: '"type":"custom-title"', key: "customTitle" },
  { marker: '"type":"ai-title"', key: "aiTitle" },
  { marker: '"type":"summary"', key: "summary" },
] as const;

/**
 * The listing row of a transcript, or undefined for one that is not a session of its
 * own (a subagent's sidechain) or has nothing to call it by (no prompt, no title).
 * Title precedence: the user's title, Claude Code's title, its summary, the first typed
 * prompt, the first slash command.
 */
export function summarizeTranscript(ends: TranscriptEnds): TranscriptSummary | undefined {
  const { head, tail } = ends;
  const firstLineEnd = head.indexOf(10);
  const firstLine = head.subarray(0, firstLineEnd < 0 ? head.length : firstLineEnd);
  if (SIDECHAIN.some((m) => firstLine.includes(m))) return undefined;
  const title =
    storedTitle(tail) ?? (ends.whole ? undefined : storedTitle(head)) ?? promptTitle(head);
  if (!title) return undefined;
  return { cwd: cwdOf(head), title };
}

const SIDECHAIN = ['"isSidechain":true', '"isSidechain": true'];
const USER = ['"type":"user"', '"type": "user"'];
/** User entries that are not a typed prompt: tool results, meta, compaction, sidechain. */
const NOT_A_PROMPT = /"tool_result"|"(?:isMeta|isCompactSummary|isSidechain)":\s?true/;
const CWD = ['"cwd":"', '"cwd": "'];

/** The first `cwd` in the head; only a short stretch after the key is decoded. */
function cwdOf(head: Buffer): string | undefined {
  for (const key of CWD) {
    const at = head.indexOf(key);
    if (at < 0) continue;
    return firstStringValue(head.subarray(at, at + 8192).toString("utf8"), "cwd");
  }
  return undefined;
}

/** The newest title Claude Code wrote, looking at complete lines only. */
function storedTitle(bytes: Buffer): string | undefined {
  for (const { marker, key } of TITLE_ENTRIES) {
    // Newest first; only the lines holding the marker are decoded.
    let at = bytes.lastIndexOf(marker);
    while (at >= 0) {
      const start = bytes.lastIndexOf(10, at) + 1;
      const stop = bytes.indexOf(10, at);
      const line = bytes.subarray(start, stop < 0 ? bytes.length : stop).toString("utf8");
      const value = parseLine(line)?.[key];
      const title = typeof value === "string" ? toSessionTitle(value) : undefined;
      if (title) return title;
      // lastIndexOf with a negative offset counts from the end: stop at the start.
      at = start > 0 ? bytes.lastIndexOf(marker, start - 1) : -1;
    }
  }
  return undefined;
}

/**
 * A title from the first prompt the user typed (a slash command only as a fallback).
 * Only user entries are decoded; the large bookkeeping lines around them are skipped.
 */
function promptTitle(head: Buffer): string | undefined {
  let fallback: string | undefined;
  for (let start = 0; start < head.length;) {
    const newline = head.indexOf(10, start);
    const end = newline < 0 ? head.length : newline;
    const bytes = head.subarray(start, end);
    start = end + 1;
    if (!USER.some((m) => bytes.includes(m))) continue;
    const line = bytes.toString("utf8");
    if (NOT_A_PROMPT.test(line)) continue;
    for (const text of promptTexts(line)) {
      const title = toSessionTitle(text);
      if (!title) continue;
      if (!isCommandPrompt(text)) return title;
      fallback ??= title;
    }
  }
  return fallback;
}

/** The text blocks of a user entry; from a line cut off by the head window, its start. */
function promptTexts(line: string): string[] {
  const entry = parseLine(line);
  if (!entry) {
    // A multi-byte character cut by the window decodes as U+FFFD.
    const start = firstStringValue(line, "text") ?? firstStringValue(line, "content");
    const clean = start?.replace(/\uFFFD+$/, "");
    return clean ? [clean] : [];
  }
  const content = (entry.message as { content?: unknown } | undefined)?.content;
  if (typeof content === "string") return [content];
  if (!Array.isArray(content)) return [];
  return content.flatMap((block: unknown) => {
    const b = block as { type?: unknown; text?: unknown } | null;
    return b?.type === "text" && typeof b.text === "string" ? [b.text] : [];
  });
}

function parseLine(line: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(line);
    return value && typeof value === "object" && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The first string value of `"key":"…"` in raw JSON text, decoded. Tolerates a string cut
 * off at the end of the text (the part before the cut is returned).
 */
export function firstStringValue(json: string, key: string): string | undefined {
  const match = new RegExp(`"${key}":\\s?"`).exec(json);
  if (!match) return undefined;
  let i = match.index + match[0].length;
  const start = i;
  while (i < json.length && json[i] !== '"') i += json[i] === "\\" ? 2 : 1;
  let raw = json.slice(start, Math.min(i, json.length));
  // A cut string may end inside an escape sequence: drop the broken tail.
  raw = raw.replace(/\\(u[0-9a-fA-F]{0,3})?$/, "");
  try {
    return JSON.parse(`"${raw}"`) as string;
  } catch {
    return undefined;
  }
}
