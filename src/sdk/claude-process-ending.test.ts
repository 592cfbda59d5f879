import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { endClaudeProcesses, execClaudeCli } from "./claude-process.js";

// A file of its own: the shutdown it starts lasts as long as the module.
describe("the adapter's shutdown of its Claude Code processes", () => {
  const cli = (args: string[]) =>
    execClaudeCli(args[0]!, args.slice(1), { env: process.env, timeout: 60_000 }, () => {});

  it("SIGTERMs every process and settles once the last one exited", async () => {
    const quick = cli(["sleep", "30"]);
    // Ignores the SIGTERM and ends on its own a second later.
    const slow = cli(["sh", "-c", "trap '' TERM; echo armed; sleep 1"]);
    await once(slow.stdout!, "data");
    let settled = false;
    const ended = endClaudeProcesses().then(() => (settled = true));
    const [, signal] = await once(quick, "exit");
    expect(signal).toBe("SIGTERM");
    // A sync point: a promise that settled at once would have by the next macrotask.
    await new Promise((resolve) => setImmediate(resolve));
    expect([settled, slow.exitCode]).toEqual([false, null]);
    await ended;
    expect(slow.exitCode).toBe(0);
  });

  it("ends a process started during the shutdown (a login probe) at once", async () => {
    const late = cli(["sleep", "30"]);
    const [, signal] = await once(late, "exit");
    expect(signal).toBe("SIGTERM");
    await expect(endClaudeProcesses()).resolves.toBeUndefined();
  });
});
