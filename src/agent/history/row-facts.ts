import { stat } from "node:fs/promises";
import { readEnds } from "../../sdk/transcripts/transcript-files.js";
import { transcriptFacts, type TranscriptFacts } from "./transcript-facts.js";

const HEAD_BYTES = 16 * 1024;
/** The tail read first; Claude Code re-appends large records (its prompt snapshot) after a turn… */
const FIRST_TAIL_BYTES = 64 * 1024;
/** …so it grows fourfold until it holds the facts, up to this (the reference's bound). */
const MAX_TAIL_BYTES = 4 * 1024 * 1024;
/** Transcripts whose facts are kept while their time and size stay the same. */
const MAX_CACHED = 2_000;

interface Cached {
  readonly mtimeMs: number;
  readonly size: number;
  readonly facts: TranscriptFacts;
}

/**
 * What AIR's session index row shows of a stored session beyond its title
 * (`transcript-facts.ts`), read for the rows a page shows only: the listing itself reads
 * 64 KB of each end, and the last prompt and answer of a real transcript usually sit
 * before Claude Code's large end-of-turn records. Kept in memory per (time, size).
 */
export class RowFacts {
  private readonly cache = new Map<string, Cached>();

  async of(path: string | undefined): Promise<TranscriptFacts> {
    if (!path) return {};
    try {
      const { mtimeMs, size } = await stat(path);
      const cached = this.cache.get(path);
      if (cached && cached.mtimeMs === mtimeMs && cached.size === size) return cached.facts;
      const facts = readFacts(path, size);
      this.cache.delete(path);
      this.cache.set(path, { mtimeMs, size, facts });
      if (this.cache.size > MAX_CACHED) this.cache.delete(this.cache.keys().next().value!);
      return facts;
    } catch {
      return {}; // deleted meanwhile, or unreadable: nothing known
    }
  }
}

/** The facts of a transcript, from a tail that grows until it holds them or the file. */
export function readFacts(path: string, size: number): TranscriptFacts {
  for (let tailBytes = FIRST_TAIL_BYTES; ; tailBytes *= 4) {
    const ends = readEnds(path, size, HEAD_BYTES, tailBytes);
    const facts = transcriptFacts(ends.head, ends.tail);
    const complete = facts.lastPromptAt !== undefined && facts.model !== undefined;
    if (complete || ends.whole || tailBytes >= MAX_TAIL_BYTES) return facts;
  }
}
