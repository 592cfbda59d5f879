import { readFile, rm, writeFile } from "node:fs/promises";
import type { RewoundTip } from "../../translation/replay/active-branch.js";
import { StoredTranscript } from "./transcript-reader.js";

/**
 * Where a session was rewound to, until the conversation goes on from there.
 *
 * Claude Code's transcript is a tree whose newest message is the tip of the branch a
 * session continues from. A rewind (`session/rewind`, `session/edit_prompt`) resumes
 * Claude Code at an earlier entry (`resumeSessionAt`), but Claude Code writes nothing
 * until the next prompt, whose entry then hangs under the kept one and becomes the tip.
 * Until then the file still ends with the discarded messages: this small file beside
 * the transcript (`<session>.rewind.json`, which Claude Code does not read) records the
 * kept entry (`to`) and the tip it replaced (`from`), so that a load, a restart or a
 * fork before the next prompt takes the kept history. Once the file gains a newer
 * message, `from` is no longer its tip and the marker no longer applies
 * (`activeBranch`): it needs no clean-up to go stale.
 */
export function rewindMarkerPath(transcript: string): string {
  return transcript.replace(/\.jsonl$/, "") + ".rewind.json";
}

/** The marker beside `transcript`, or undefined (none, or not one of ours). */
export async function readRewindMarker(transcript: string): Promise<RewoundTip | undefined> {
  let text: string;
  try {
    text = await readFile(rewindMarkerPath(transcript), "utf8");
  } catch {
    return undefined;
  }
  try {
    const value = JSON.parse(text) as Record<string, unknown>;
    return typeof value.from === "string" && typeof value.to === "string"
      ? { from: value.from, to: value.to }
      : undefined;
  } catch {
    return undefined;
  }
}

/** Records a rewind of `transcript` (replacing an earlier one). */
export async function writeRewindMarker(transcript: string, tip: RewoundTip): Promise<void> {
  await writeFile(rewindMarkerPath(transcript), JSON.stringify({ version: 1, ...tip }) + "\n");
}

/** Removes the marker (with its session's transcript). */
export async function removeRewindMarker(transcript: string): Promise<void> {
  await rm(rewindMarkerPath(transcript), { force: true });
}

/**
 * The entry a rewound session resumes at (`resumeSessionAt`): the marker's kept entry
 * while the file's tip is still the one it replaced, else undefined.
 */
export async function rewoundEntry(transcript: string): Promise<string | undefined> {
  const marker = await readRewindMarker(transcript);
  if (!marker) return undefined;
  const { links } = await StoredTranscript.read(transcript);
  const tip = links.findLast((l) => l.message && !l.sidechain);
  return tip?.uuid === marker.from ? marker.to : undefined;
}
