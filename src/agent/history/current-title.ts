import { stat } from "node:fs/promises";
import { join } from "node:path";
import { projectDirsFor } from "../../sdk/transcript-paths.js";
import { readEnds } from "./transcript-files.js";
import { summarizeTranscript } from "./transcript-summary.js";

const HEAD_BYTES = 16 * 1024;
const TAIL_BYTES = 64 * 1024;

/**
 * The title `session/list` shows for one session now (the user's `/rename`, Claude
 * Code's own title, else the first prompt), read from the ends of its transcript.
 * Undefined when there is no transcript yet.
 */
export async function currentTitle(sessionId: string, cwd: string): Promise<string | undefined> {
  for (const dir of await projectDirsFor(cwd)) {
    const path = join(dir, `${sessionId}.jsonl`);
    const info = await stat(path).catch(() => undefined);
    if (!info?.isFile()) continue;
    try {
      return summarizeTranscript(readEnds(path, info.size, HEAD_BYTES, TAIL_BYTES))?.title;
    } catch {
      return undefined;
    }
  }
  return undefined;
}
