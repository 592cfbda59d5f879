import { closeSync, existsSync, openSync, readdirSync, readSync } from "node:fs";

/**
 * Claude Code runs each shell in a session of its own (setsid), so when Claude Code
 * itself dies hard (SIGKILL, OOM) its shells are re-parented and no process-group kill
 * reaches them. Every Claude Code process gets a unique marker in its environment,
 * which its shells inherit; after the process exits, the adapter kills whatever still
 * carries the marker. Linux only (/proc); elsewhere this is a no-op.
 */
export const PROCESS_MARKER_ENV = "CLAUDE_AGENT_ACP_PROCESS";

/**
 * One buffer for every /proc read: the sweep runs at each Claude Code exit and reads
 * every process's `stat` on the machine (hundreds on a shared box). Reading each
 * environment into a fresh string and splitting it made ~0.6 MB of garbage per closed
 * session, half of what a session's open and close allocated (bench/NOTES.md, "sessions").
 */
let scratch = Buffer.allocUnsafe(64 * 1024);

/** The bytes of the file at `path` (`/proc/<pid>/environ`, `stat`) in `scratch` (grown when needed), or -1. */
function readInto(path: string): number {
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

/**
 * When the process `pid` started, in clock ticks since boot (`/proc/<pid>/stat` field 22),
 * or undefined (gone, or not Linux). With the pid it names one process: a pid is reused,
 * a start time with it is not.
 */
export function processStartTime(pid: number | undefined): number | undefined {
  if (pid === undefined || process.platform !== "linux") return undefined;
  return readStat(String(pid))?.startTime;
}

interface ProcStat {
  readonly ppid: number;
  readonly startTime: number;
}

/** `/proc/<entry>/stat`'s parent and start time (small: one read), or undefined. */
function readStat(entry: string): ProcStat | undefined {
  const length = readInto(`/proc/${entry}/stat`);
  if (length <= 0) return undefined;
  const text = scratch.toString("latin1", 0, length);
  // The command name is in parentheses and may hold spaces and parentheses itself.
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  const ppid = Number(fields[1]);
  const startTime = Number(fields[19]);
  return Number.isInteger(ppid) && Number.isInteger(startTime) ? { ppid, startTime } : undefined;
}

/**
 * The processes that carry `marker`, among those that can be what a Claude Code started
 * at `since` (`processStartTime`) left behind. Reading every process's environment cost
 * 3–5 ms of CPU per Claude Code exit on a machine of 190 processes (reading every
 * `/proc/<pid>/stat` costs as much: the cost is the files, not their size), so the sweep
 * reads the process tree from where orphans can be instead:
 *
 * - when Claude Code is gone its children were re-parented by the kernel, to the nearest
 *   subreaper among its ancestors (this adapter's) or else to init (pid 1), before its
 *   exit reached the adapter: its orphans are the subtrees whose root's parent is one of
 *   those, or this adapter itself while Claude Code is still exiting (`reapers`). The
 *   tree cannot be recorded while Claude Code lives instead: a shell started after the
 *   last record would be missed, and keeping it current means polling all session long;
 * - a descendant starts after its ancestor, so a root started before `since` is not
 *   Claude Code's (nor is its subtree).
 *
 * The marker still decides (a root that is not Claude Code's carries none, nor its
 * subtree), so this finds what reading every environment finds: a marked process's
 * parent is marked too, or one of the re-parenting targets. The children lists
 * (`/proc/<pid>/task/<tid>/children`) are read once each; where the kernel has none,
 * every process's `stat` gives the tree. `since` undefined: any process may be Claude Code's.
 */
export function processesWithMarker(marker: string, since = 0): number[] {
  if (process.platform !== "linux") return [];
  const needle = Buffer.from(`${PROCESS_MARKER_ENV}=${marker}`, "latin1");
  const children = hasChildrenLists() ? childrenListed : childrenScanned();
  const found: number[] = [];
  const visit = (pid: number): void => {
    const length = readInto(`/proc/${pid}/environ`);
    if (length <= 0 || !hasEnvEntry(scratch.subarray(0, length), needle)) return;
    found.push(pid);
    for (const child of children(pid)) visit(child);
  };
  for (const reaper of reapers()) {
    for (const root of children(reaper)) {
      if (root === process.pid) continue;
      const start = readStat(String(root))?.startTime;
      if (start !== undefined && start >= since) visit(root);
    }
  }
  return found;
}

/** Where the kernel re-parents an orphan of this adapter's child: init, us, our ancestors. */
function reapers(): Set<number> {
  const found = new Set([1]);
  for (let pid: number | undefined = process.pid; pid && !found.has(pid);) {
    found.add(pid);
    pid = readStat(String(pid))?.ppid;
  }
  return found;
}

/** Whether this kernel lists each task's children (CONFIG_PROC_CHILDREN). */
let childrenLists: boolean | undefined;
function hasChildrenLists(): boolean {
  childrenLists ??= existsSync(`/proc/self/task/${process.pid}/children`);
  return childrenLists;
}

/** `pid`'s children, from each of its threads' list (an orphan joins one thread's). */
function childrenListed(pid: number): number[] {
  let tasks: string[];
  try {
    tasks = readdirSync(`/proc/${pid}/task`);
  } catch {
    return [];
  }
  const found: number[] = [];
  for (const task of tasks) {
    const length = readInto(`/proc/${pid}/task/${task}/children`);
    if (length <= 0) continue;
    for (const child of scratch.toString("latin1", 0, length).split(" ")) {
      if (child.trim()) found.push(Number(child));
    }
  }
  return found;
}

/** The process tree from every process's `stat`: the fallback of `childrenListed`. */
function childrenScanned(): (pid: number) => number[] {
  const tree = new Map<number, number[]>();
  let entries: string[] = [];
  try {
    entries = readdirSync("/proc");
  } catch {
    // no /proc: no tree
  }
  for (const entry of entries) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = readStat(entry);
    if (!stat) continue;
    const siblings = tree.get(stat.ppid);
    if (siblings) siblings.push(Number(entry));
    else tree.set(stat.ppid, [Number(entry)]);
  }
  return (pid) => tree.get(pid) ?? [];
}

/**
 * Kills every process that still carries `marker`, of a Claude Code started at `since`
 * (see `processesWithMarker`). Returns how many were signalled.
 */
export function sweepOrphans(marker: string, since?: number): number {
  let killed = 0;
  for (const pid of processesWithMarker(marker, since)) {
    try {
      process.kill(pid, "SIGKILL");
      killed++;
    } catch {
      // already gone
    }
  }
  return killed;
}
