import { closeSync, openSync, readdirSync, readSync } from "node:fs";

/**
 * Claude Code runs each shell in a session of its own (setsid), so when Claude Code
 * itself dies hard (SIGKILL, OOM) its shells are re-parented and no process-group kill
 * reaches them. Every Claude Code process gets a unique marker in its environment,
 * which its shells inherit; after the process exits, the adapter kills whatever still
 * carries the marker. Linux only (/proc); elsewhere this is a no-op.
 */
export const PROCESS_MARKER_ENV = "CLAUDE_AGENT_ACP_PROCESS";

/**
 * One buffer for every environ read: the sweep runs at each Claude Code exit and reads
 * every process's environment on the machine (hundreds on a shared box). Reading each
 * into a fresh string and splitting it made ~0.6 MB of garbage per closed session, half
 * of what a session's open and close allocated (bench/NOTES.md, "sessions").
 */
let scratch = Buffer.allocUnsafe(64 * 1024);

/** The bytes of `/proc/<pid>/environ` in `scratch` (grown when needed), or -1. */
function readEnviron(path: string): number {
  let fd: number;
  try {
    fd = openSync(path, "r");
  } catch {
    return -1; // exited meanwhile, or not readable
  }
  try {
    let length = 0;
    for (;;) {
      if (length === scratch.length) {
        const grown = Buffer.allocUnsafe(scratch.length * 2);
        scratch.copy(grown, 0, 0, length);
        scratch = grown;
      }
      const n = readSync(fd, scratch, length, scratch.length - length, null);
      if (n === 0) return length;
      length += n;
    }
  } catch {
    return -1;
  } finally {
    closeSync(fd);
  }
}

/** Whether the NUL-separated entries of `environ` include exactly `entry`. */
export function hasEnvEntry(environ: Buffer, entry: Buffer): boolean {
  for (let at = environ.indexOf(entry); at !== -1; at = environ.indexOf(entry, at + 1)) {
    const end = at + entry.length;
    if ((at === 0 || environ[at - 1] === 0) && (end === environ.length || environ[end] === 0)) {
      return true;
    }
  }
  return false;
}

export function processesWithMarker(marker: string): number[] {
  if (process.platform !== "linux") return [];
  const needle = Buffer.from(`${PROCESS_MARKER_ENV}=${marker}`, "latin1");
  const found: number[] = [];
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return [];
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    const length = readEnviron(`/proc/${entry}/environ`);
    if (length > 0 && hasEnvEntry(scratch.subarray(0, length), needle)) found.push(Number(entry));
  }
  return found;
}

/** Kills every process that still carries `marker`. Returns how many were signalled. */
export function sweepOrphans(marker: string): number {
  let killed = 0;
  for (const pid of processesWithMarker(marker)) {
    try {
      process.kill(pid, "SIGKILL");
      killed++;
    } catch {
      // already gone
    }
  }
  return killed;
}
