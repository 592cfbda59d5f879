import { rename, rm, stat } from "node:fs/promises";

/**
 * A transcript set aside while a new conversation starts under its session id.
 *
 * Editing a session's first prompt keeps nothing of its history, so Claude Code must
 * start a new conversation; the ACP session id is Claude Code's session id, and Claude
 * Code 2.1.318 refuses a new conversation under an id whose transcript exists ("Session
 * ID … is already in use"). So the old transcript moves to `<id>.jsonl.replaced` (a name
 * Claude Code and its session list do not read) until the new one is written, and is
 * then removed. Should the adapter stop in between, the next lookup of the session puts
 * it back (`recoverSetAside`): the edit never ran, the session is as it was.
 */
export function setAsidePath(transcript: string): string {
  return `${transcript}.replaced`;
}

/** Transcripts this process set aside and has not settled: never recovered meanwhile. */
const pending = new Set<string>();

/** Moves `transcript` aside; the session then has no stored conversation. */
export async function setAside(transcript: string): Promise<void> {
  pending.add(transcript);
  try {
    await rename(transcript, setAsidePath(transcript));
  } catch (error) {
    pending.delete(transcript);
    throw error;
  }
}

/**
 * Ends a set-aside: removes the old transcript once the new conversation is stored, else
 * puts it back (the new conversation never reached Claude Code). Resolves to whether
 * the new conversation replaced the old one.
 */
export async function settleSetAside(transcript: string): Promise<boolean> {
  try {
    if (await isFile(transcript)) {
      await rm(setAsidePath(transcript), { force: true });
      return true;
    }
    await rename(setAsidePath(transcript), transcript).catch(() => undefined);
    return false;
  } finally {
    pending.delete(transcript);
  }
}

/**
 * Puts back a transcript a stopped process left aside (`setAside` without its settle),
 * when no new one took its place. Resolves to whether it did.
 */
export async function recoverSetAside(transcript: string): Promise<boolean> {
  if (pending.has(transcript) || (await isFile(transcript))) return false;
  if (!(await isFile(setAsidePath(transcript)))) return false;
  await rename(setAsidePath(transcript), transcript).catch(() => undefined);
  return isFile(transcript);
}

async function isFile(path: string): Promise<boolean> {
  const info = await stat(path).catch(() => undefined);
  return info?.isFile() === true && info.size > 0;
}
