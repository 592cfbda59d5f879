import { readFileSync, writeFileSync } from "node:fs";

/** Memory of one process from /proc/<pid>/status, in MB (1 MB = 1024 kB). */
export interface MemoryReading {
  /** VmRSS: resident set size now. */
  readonly rssMb: number;
  /** VmHWM: peak resident set size since start (or since `resetPeak`). */
  readonly peakMb: number;
}

function field(status: string, name: string): number | undefined {
  const match = new RegExp(`^${name}:\\s+(\\d+)\\s+kB`, "m").exec(status);
  return match ? Number(match[1]) / 1024 : undefined;
}

/** Reads VmRSS and VmHWM of `pid`; throws when the process is gone. */
export function readMemory(pid: number): MemoryReading {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const rssMb = field(status, "VmRSS");
  const peakMb = field(status, "VmHWM");
  if (rssMb === undefined || peakMb === undefined) throw new Error(`no VmRSS/VmHWM for pid ${pid}`);
  return { rssMb, peakMb };
}

/**
 * Resets VmHWM to the current RSS (`echo 5 > /proc/<pid>/clear_refs`, Linux ≥ 4.0), so
 * a later VmHWM is the peak of what happened in between. False when not permitted: the
 * peak then also covers start-up, which only makes it higher.
 */
export function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, "5");
    return true;
  } catch {
    return false;
  }
}
