import { once } from "node:events";
import { describe, expect, it } from "vitest";
import { execClaudeCli, killAllClaudeProcesses, markedEnv } from "./claude-process.js";
import { PROCESS_MARKER_ENV } from "./orphan-sweep.js";

describe("Claude Code processes", () => {
  it("ends a short CLI run (the login probe, logout) at shutdown", async () => {
    const child = execClaudeCli("sleep", ["30"], { env: process.env, timeout: 60_000 }, () => {});
    const exited = once(child, "exit");
    killAllClaudeProcesses("SIGTERM");
    const [code, signal] = await exited;
    expect({ code, signal }).toEqual({ code: null, signal: "SIGTERM" });
  });

  it("marks each process's environment with a marker of its own", () => {
    const a = markedEnv({ PATH: "/bin" });
    const b = markedEnv({ PATH: "/bin" });
    expect(a.env).toEqual({ PATH: "/bin", [PROCESS_MARKER_ENV]: a.marker });
    expect(a.marker).not.toBe(b.marker);
  });
});
