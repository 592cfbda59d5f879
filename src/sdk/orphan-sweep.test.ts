import { spawn, type ChildProcess } from "node:child_process";
import { once } from "node:events";
import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it } from "vitest";
import {
  hasEnvEntry,
  PROCESS_MARKER_ENV,
  processesWithMarker,
  processStartTime,
  sweepOrphans,
} from "./orphan-sweep.js";

const environ = (...entries: string[]): Buffer => Buffer.from(entries.join("\0") + "\0");
const entry = Buffer.from("M=abc");

describe("hasEnvEntry", () => {
  it("finds the entry first, in the middle, last, and without a trailing NUL", () => {
    expect(hasEnvEntry(environ("M=abc", "A=1"), entry)).toBe(true);
    expect(hasEnvEntry(environ("A=1", "M=abc", "B=2"), entry)).toBe(true);
    expect(hasEnvEntry(environ("A=1", "M=abc"), entry)).toBe(true);
    expect(hasEnvEntry(Buffer.from("A=1\0M=abc"), entry)).toBe(true);
  });

  it("ignores the entry as part of another one (longer value, longer name, inside a value)", () => {
    expect(hasEnvEntry(environ("M=abcd"), entry)).toBe(false);
    expect(hasEnvEntry(environ("XM=abc"), entry)).toBe(false);
    expect(hasEnvEntry(environ("A=M=abc"), entry)).toBe(false);
    expect(hasEnvEntry(environ("XM=abc", "M=abcd", "M=abc"), entry)).toBe(true);
    expect(hasEnvEntry(Buffer.alloc(0), entry)).toBe(false);
  });
});

describe.runIf(process.platform === "linux")("processesWithMarker", () => {
  const children: ChildProcess[] = [];
  const orphans: number[] = [];
  afterEach(async () => {
    for (const pid of orphans.splice(0)) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // swept by the test
      }
    }
    for (const child of children.splice(0)) {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = once(child, "exit");
        child.kill("SIGKILL");
        await exited;
      }
    }
  });
  const sleeper = (env: NodeJS.ProcessEnv): ChildProcess => {
    const child = spawn("sleep", ["30"], { env, stdio: "ignore" });
    children.push(child);
    return child;
  };

  it("finds exactly the processes whose environment carries the marker, past 64 KB of environment too", async () => {
    const marker = randomUUID();
    const marked = sleeper({ PATH: process.env.PATH, [PROCESS_MARKER_ENV]: marker });
    // The marker after 100 KB of other variables: the reader's buffer must grow.
    const big = sleeper({
      PATH: process.env.PATH,
      FILLER: "x".repeat(100_000),
      [PROCESS_MARKER_ENV]: marker,
    });
    sleeper({ PATH: process.env.PATH, [PROCESS_MARKER_ENV]: `${marker}0` });
    sleeper({ PATH: process.env.PATH, OTHER: `${PROCESS_MARKER_ENV}=${marker}` });
    await Promise.all(children.map((c) => once(c, "spawn")));
    expect(processesWithMarker(marker).sort()).toEqual([marked.pid, big.pid].sort());
  });

  it("finds a shell's child re-parented when the shell died, and its own children", async () => {
    const marker = randomUUID();
    // The shell starts a shell that starts a sleep, reports both, and exits at once: the
    // inner shell and its sleep lose their parent as a Claude Code's shells do.
    const shell = spawn("sh", ["-c", "sh -c 'sleep 30 & echo $!; wait' & echo $!"], {
      env: { PATH: process.env.PATH, [PROCESS_MARKER_ENV]: marker },
      stdio: ["ignore", "pipe", "ignore"],
    });
    children.push(shell);
    await once(shell, "spawn");
    const since = processStartTime(shell.pid);
    expect(since).toBeGreaterThan(0);
    let out = "";
    shell.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    await once(shell, "exit");
    while (out.trim().split("\n").length < 2) await new Promise((r) => setTimeout(r, 20));
    const [inner, sleep] = out.trim().split("\n").map(Number) as [number, number];
    orphans.push(inner, sleep);
    expect(processesWithMarker(marker, since).sort()).toEqual([inner, sleep].sort());
    expect(sweepOrphans(marker, since)).toBe(2);
    // SIGKILL lands asynchronously; a dead process's environment reads empty.
    const deadline = Date.now() + 5_000;
    while (processesWithMarker(marker, since).length > 0 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(processesWithMarker(marker, since)).toEqual([]);
  });

  it("looks only at processes started since the Claude Code started", async () => {
    const marker = randomUUID();
    const older = sleeper({ PATH: process.env.PATH, [PROCESS_MARKER_ENV]: marker });
    await once(older, "spawn");
    expect(processesWithMarker(marker, processStartTime(older.pid))).toEqual([older.pid]);
    // A start time after the sleeper's: it cannot be that Claude Code's.
    expect(processesWithMarker(marker, processStartTime(older.pid)! + 1)).toEqual([]);
  });
});
