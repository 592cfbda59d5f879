import { stat } from "node:fs/promises";
import { findTranscript, type TranscriptLocation } from "../../sdk/transcript-paths.js";
import { asMessageEntry } from "../../translation/replay/transcript-entry.js";
import { readEnds } from "../../sdk/transcripts/transcript-files.js";

/** How much of a transcript is searched for a readable message. */
const PROBE_BYTES = 256 * 1024;

/**
 * The transcript of a stored session that Claude Code can continue: the file exists and
 * holds a readable user or assistant message. A file that holds none (empty, all
 * garbage) names no session: Claude Code would refuse to resume it.
 */
export async function findStoredSession(
  sessionId: string,
  cwd: string,
): Promise<TranscriptLocation | undefined> {
  const found = await findTranscript(sessionId, cwd);
  if (!found) return undefined;
  const { size } = await stat(found.path);
  const { head } = readEnds(found.path, size, PROBE_BYTES, 0);
  const lines = head.toString("utf8").split("\n");
  // The last line may be cut off by the probe; a file longer than the probe whose lines
  // are all longer than it is given the benefit of the doubt.
  if (size > PROBE_BYTES && lines.length <= 1) return found;
  return lines.some(isMessageLine) ? found : undefined;
}

function isMessageLine(line: string): boolean {
  if (!/"type":\s?"(?:user|assistant)"/.test(line)) return false;
  try {
    return asMessageEntry(JSON.parse(line)) !== undefined;
  } catch {
    return false;
  }
}
