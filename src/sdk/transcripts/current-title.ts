import { open, stat } from "node:fs/promises";
import { join } from "node:path";
import { projectDirsFor } from "../transcript-paths.js";
import { readEnds } from "./transcript-files.js";
import { rewoundEntry } from "./rewind-marker.js";
import { customTitle, summarizeTranscript, type TranscriptEnds } from "./transcript-summary.js";

const HEAD_BYTES = 16 * 1024;
const TAIL_BYTES = 64 * 1024;

/** The path of a session's transcript; undefined when there is none. */
async function transcriptPath(sessionId: string, cwd: string): Promise<string | undefined> {
  for (const dir of await projectDirsFor(cwd)) {
    const path = join(dir, `${sessionId}.jsonl`);
    const info = await stat(path).catch(() => undefined);
    if (info?.isFile()) return path;
  }
  return undefined;
}

/** The first and last bytes of a session's transcript; undefined when there is none. */
async function transcriptEnds(sessionId: string, cwd: string): Promise<TranscriptEnds | undefined> {
  const path = await transcriptPath(sessionId, cwd);
  return path ? endsOf(path) : undefined;
}

async function endsOf(path: string): Promise<TranscriptEnds | undefined> {
  try {
    const { size } = await stat(path);
    return readEnds(path, size, HEAD_BYTES, TAIL_BYTES);
  } catch {
    return undefined;
  }
}

/**
 * The title `session/list` shows for one session now (the user's `/rename`, Claude
 * Code's own title, else the first prompt), read from the ends of its transcript.
 * Undefined when there is no transcript yet.
 */
export async function currentTitle(sessionId: string, cwd: string): Promise<string | undefined> {
  const ends = await transcriptEnds(sessionId, cwd);
  return ends ? summarizeTranscript(ends)?.title : undefined;
}

/** A session's stored title, and whether the user gave it (rather than Claude Code). */
export interface StoredTitle {
  readonly text: string;
  readonly custom: boolean;
}

/** `currentTitle`, telling the user's own title from the others. */
export async function storedTitle(
  sessionId: string,
  cwd: string,
): Promise<StoredTitle | undefined> {
  const path = await transcriptPath(sessionId, cwd);
  return path ? storedTitleAt(path) : undefined;
}

/** `storedTitle` of the transcript at `path`. */
export async function storedTitleAt(path: string): Promise<StoredTitle | undefined> {
  const ends = await endsOf(path);
  if (!ends) return undefined;
  const custom = customTitle(ends);
  if (custom !== undefined) return { text: custom, custom: true };
  const title = summarizeTranscript(ends)?.title;
  return title === undefined ? undefined : { text: title, custom: false };
}

/** What a stored session last ran with: read back so that a resume keeps it. */
export interface StoredRunState {
  /** The permission mode of the last prompt (`permissionMode` on user entries). */
  readonly permissionMode: string | undefined;
  /** The model of the last answer (`message.model` on assistant entries). */
  readonly model: string | undefined;
  /** The entry a rewind kept, while no message followed it (`rewind-marker.ts`). */
  readonly resumeAt?: string;
}

const CHUNK = 256 * 1024;
/** More than any `"key":"value"` looked for here: chunks overlap by this much. */
const OVERLAP = 512;

/**
 * The last value of each `"key":"…"` in a transcript, scanning backwards in chunks and
 * stopping once every key is found: the latest entries are at the end, but a large
 * entry (2.1.318 stores a prompt snapshot of ~100 KB) can sit between them and the tail.
 */
async function lastValues(path: string, keys: readonly string[]): Promise<Map<string, string>> {
  const found = new Map<string, string>();
  const handle = await open(path, "r").catch(() => undefined);
  if (!handle) return found;
  try {
    const size = (await handle.stat()).size;
    const buffer = Buffer.allocUnsafe(CHUNK + OVERLAP);
    for (let end = size; end > 0 && found.size < keys.length; end -= CHUNK) {
      const start = Math.max(0, end - CHUNK);
      const length = Math.min(end + OVERLAP, size) - start;
      const { bytesRead } = await handle.read(buffer, 0, length, start);
      const bytes = buffer.subarray(0, bytesRead);
      for (const key of keys) {
        if (found.has(key)) continue;
        const value = lastValue(bytes, key);
        if (value !== undefined) found.set(key, value);
      }
    }
  } finally {
    await handle.close();
  }
  return found;
}

/** The last value of `"key":"…"` in a buffer of compact JSON lines. */
function lastValue(bytes: Buffer, key: string): string | undefined {
  const needle = Buffer.from(`"${key}":"`);
  const at = bytes.lastIndexOf(needle);
  if (at < 0) return undefined;
  const start = at + needle.length;
  const end = bytes.indexOf(34, start); // the closing quote: mode and model ids have no escapes
  return end > start ? bytes.subarray(start, end).toString("utf8") : undefined;
}

export async function storedRunState(sessionId: string, cwd: string): Promise<StoredRunState> {
  const path = await transcriptPath(sessionId, cwd);
  if (!path) return { permissionMode: undefined, model: undefined };
  const values = await lastValues(path, ["permissionMode", "model"]);
  const model = values.get("model");
  const resumeAt = await rewoundEntry(path);
  return {
    ...(resumeAt ? { resumeAt } : {}),
    permissionMode: values.get("permissionMode"),
    // Claude Code writes "<synthetic>" on its own error messages: not a model to keep.
    model: model && !model.startsWith("<") ? model : undefined,
  };
}
