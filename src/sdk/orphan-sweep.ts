import { readdirSync, readFileSync } from "node:fs";

/**
 * Claude Code runs each shell in a session of its own (setsid), so when Claude Code
 * itself dies hard (SIGKILL, OOM) its shells are re-parented and no process-group kill
 * reaches them. Every Claude Code process gets a unique marker in its environment,
 * which its shells inherit; after the process exits, the adapter kills whatever still
 * carries the marker. Linux only (/proc); elsewhere this is a no-op.
 */
export const PROCESS_MARKER_ENV = "CLAUDE_AGENT_ACP_PROCESS";

export function processesWithMarker(marker: string): number[] {
  if (process.platform !== "linux") return [];
  const needle = `${PROCESS_MARKER_ENV}=${marker}`;
  const found: number[] = [];
  let entries: string[];
  try {
    entries = readdirSync("/proc");
  } catch {
    return [];
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (readFileSync(`/proc/${entry}/environ`, "latin1").split("\0").includes(needle)) {
        found.push(Number(entry));
      }
    } catch {
      // exited meanwhile, or not readable
    }
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
