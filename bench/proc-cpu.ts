import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

let ticksPerSecond: number | undefined;

function clockTicks(): number {
  if (ticksPerSecond === undefined) {
    try {
      ticksPerSecond =
        Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
    } catch {
      ticksPerSecond = 100;
    }
  }
  return ticksPerSecond;
}

/**
 * CPU time (user + system) a process has used so far, in ms, from /proc/<pid>/stat
 * (resolution: one clock tick, usually 10 ms). Unlike wall time it hardly depends on
 * what else the machine is doing, so it shows where a side spends its own work.
 * Only the process itself: Claude Code, its child, is not included.
 */
export function readCpuMs(pid: number): number {
  return ticksMs(readFileSync(`/proc/${pid}/stat`, "utf8"));
}

function ticksMs(stat: string): number {
  // Fields after the command name (which may contain spaces) start at field 3.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return ((utime + stime) * 1000) / clockTicks();
}

/**
 * CPU time of a process's main thread so far, in ms, from the scheduler's own count
 * (/proc/<pid>/task/<pid>/schedstat, nanoseconds): precise where `readCpuMs` counts
 * 10 ms ticks, and without V8's background threads (compilers, GC), which run beside
 * the main thread on another core. NaN where the kernel does not keep schedstat.
 */
export function readMainThreadCpuMs(pid: number): number {
  try {
    const schedstat = readFileSync(`/proc/${pid}/task/${pid}/schedstat`, "utf8");
    return Number(schedstat.split(" ")[0]) / 1e6;
  } catch {
    return Number.NaN;
  }
}
