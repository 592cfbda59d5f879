import { isCommandPrompt, toSessionTitle } from "../../translation/session-title.js";

/**
 * What `session/list` shows of one stored transcript, read from its first and last bytes
 * only (a page must never read whole transcripts). Claude Code 2.1.318 keeps what a
 * listing needs near the ends: the first prompt and the cwd near the start, the titles
 * it writes (`custom-title`, `ai-title`, `summary` entries) re-appended near the end.
 */
export interface TranscriptSummary {
  readonly cwd: string | undefined;
  readonly title: string;
  /** Claude Code made a worktree for the session (its last `worktree-state` record). */
  readonly agentWorktree?: true;
}

/** The start and the end of a transcript; `whole` when `head` is the entire file. */
export interface TranscriptEnds {
  readonly head: Buffer;
  readonly tail: Buffer;
  readonly whole: boolean;
}

/** Claude Code writes compact JSON: these byte patterns find entries without decoding. */
const TITLE_KEY = Buffer.from('Title":"'); // the end of "customTitle":" and of "aiTitle":"
/** Summary entries of older Claude Code versions, before the first prompt. */
const SUMMARY_ENTRY = Buffer.from('"type":"summary"');
const USER_ENTRY = Buffer.from('"type":"user"');
const SIDECHAIN = Buffer.from('"isSidechain":true');
const CWD_KEY = Buffer.from('"cwd":"');
/** Claude Code's record of the session's worktree; it re-appends the last one. */
const WORKTREE_STATE = Buffer.from('"type":"worktree-state"');
/** User entries that are not a typed prompt: tool results, meta, compaction, sidechain. */
const NOT_A_PROMPT = /"tool_result"|"(?:isMeta|isCompactSummary|isSidechain)":true/;

/**
 * The listing row of a transcript, or undefined for one that is not a session of its
 * own (a subagent's sidechain) or has nothing to call it by (no prompt, no title).
 * Title precedence: the user's title, Claude Code's title (2.1.318 re-appends both near
 * the end), an older version's summary, the first typed prompt, the first slash command.
 */
export function summarizeTranscript(ends: TranscriptEnds): TranscriptSummary | undefined {
  const { head, tail } = ends;
  const firstLineEnd = head.indexOf(10);
  if (head.subarray(0, firstLineEnd < 0 ? head.length : firstLineEnd).includes(SIDECHAIN)) {
    return undefined;
  }
  const title =
    storedTitle(tail) ??
    (ends.whole ? undefined : storedTitle(head)) ??
    summaryTitle(beforeFirstPrompt(head)) ??
    promptTitle(head);
  if (!title) return undefined;
  const made = madeWorktree(tail) ?? (ends.whole ? undefined : madeWorktree(head));
  return made ? { cwd: cwdOf(head), title, agentWorktree: true } : { cwd: cwdOf(head), title };
}

/**
 * Whether the newest `worktree-state` record says Claude Code made the session's
 * worktree (not one it entered that existed already); undefined without a record.
 */
function madeWorktree(bytes: Buffer): boolean | undefined {
  let made: boolean | undefined;
  for (const line of linesWith(bytes, WORKTREE_STATE)) {
    const entry = parseLine(line);
    if (entry?.type !== "worktree-state") continue;
    const session = entry.worktreeSession as { enteredExisting?: unknown } | null | undefined;
    made = typeof session === "object" && session !== null && session.enteredExisting !== true;
  }
  return made;
}

/** The first `cwd` in the head; only a short stretch after the key is decoded. */
function cwdOf(head: Buffer): string | undefined {
  const at = head.indexOf(CWD_KEY);
  if (at < 0) return undefined;
  return firstStringValue(head.subarray(at, at + 8192).toString("utf8"), "cwd");
}

/**
 * Every line holding `marker`, oldest first. Scans forward: Buffer's forward search is
 * several times faster than its backward search (Node 20), and matches are rare.
 */
function* linesWith(bytes: Buffer, marker: Buffer): Generator<string> {
  for (let at = bytes.indexOf(marker); at >= 0;) {
    const start = bytes.lastIndexOf(10, at) + 1;
    const stop = bytes.indexOf(10, at);
    yield bytes.subarray(start, stop < 0 ? bytes.length : stop).toString("utf8");
    at = stop < 0 ? -1 : bytes.indexOf(marker, stop + 1);
  }
}

/**
 * The newest title the user gave (`customTitle`), else the newest title Claude Code
 * generated (`aiTitle`). Cut-off lines do not parse and are skipped.
 */
function storedTitle(bytes: Buffer): string | undefined {
  const titles = storedTitles(bytes);
  return titles.custom ?? titles.generated;
}

function storedTitles(bytes: Buffer): { custom?: string; generated?: string } {
  let custom: string | undefined;
  let generated: string | undefined;
  for (const line of linesWith(bytes, TITLE_KEY)) {
    const entry = parseLine(line);
    if (typeof entry?.customTitle === "string")
      custom = toSessionTitle(entry.customTitle) ?? custom;
    if (typeof entry?.aiTitle === "string") generated = toSessionTitle(entry.aiTitle) ?? generated;
  }
  return { custom, generated };
}

/**
 * The newest title the user gave the session (`/rename`, `renameSession`), read from the
 * ends of its transcript; undefined when it has none.
 */
export function customTitle(ends: TranscriptEnds): string | undefined {
  return (
    storedTitles(ends.tail).custom ?? (ends.whole ? undefined : storedTitles(ends.head).custom)
  );
}

/** Older versions wrote their summary entries first: only the bytes before a prompt. */
function beforeFirstPrompt(head: Buffer): Buffer {
  const prompt = head.indexOf(USER_ENTRY);
  return prompt < 0 ? head : head.subarray(0, prompt);
}

/** The newest `summary` entry's text. */
function summaryTitle(bytes: Buffer): string | undefined {
  let title: string | undefined;
  for (const line of linesWith(bytes, SUMMARY_ENTRY)) {
    const summary = parseLine(line)?.summary;
    if (typeof summary === "string") title = toSessionTitle(summary) ?? title;
  }
  return title;
}

/**
 * A title from the first prompt the user typed (a slash command only as a fallback).
 * Only user entries are decoded; the large bookkeeping lines around them are skipped.
 */
function promptTitle(head: Buffer): string | undefined {
  let fallback: string | undefined;
  for (const line of linesWith(head, USER_ENTRY)) {
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
