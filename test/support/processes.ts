import { readdirSync, readFileSync } from "node:fs";

/**
 * Processes whose environment holds `KEY=value`. Every test gives its Claude Code a
 * config dir of its own, and child shells inherit it, so this finds everything a test
 * started — also processes that were re-parented after their parent died.
 */
export function processesWithEnv(key: string, value: string): number[] {
  const needle = `${key}=${value}`;
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const env = readFileSync(`/proc/${entry}/environ`, "utf8").split("\0");
      if (env.includes(needle) && !isZombie(entry)) found.push(Number(entry));
    } catch {
      // gone, or not ours to read
    }
  }
  return found;
}

/** The fields of /proc/<pid>/stat after the command name (field 3 on), or undefined when gone. */
function statFields(pid: number | string): string[] | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  } catch {
    return undefined;
  }
}

function isZombie(pid: string): boolean {
  const state = statFields(pid)?.[0];
  return state === undefined || state === "Z";
}

/** The nice value of a process (field 19 of /proc/<pid>/stat), or undefined when gone. */
export function niceValue(pid: number): number | undefined {
  const field = statFields(pid)?.[16];
  return field === undefined ? undefined : Number(field);
}

/** The parent of a process (field 4 of /proc/<pid>/stat), or undefined when gone. */
export function parentPid(pid: number): number | undefined {
  const field = statFields(pid)?.[1];
  return field === undefined ? undefined : Number(field);
}

export function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\0").join(" ").trim();
  } catch {
    return "";
  }
}

/** Polls until no process carries the env pair, or the time is up; returns what is left. */
export async function waitForNoProcesses(
  key: string,
  value: string,
  timeoutMs = 10_000,
): Promise<number[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const left = processesWithEnv(key, value);
    if (left.length === 0 || Date.now() > deadline) return left;
    await new Promise((r) => setTimeout(r, 100));
  }
}

export function killAll(pids: number[]): void {
  for (const pid of pids) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
}
