import { execFile } from "node:child_process";
import { once } from "node:events";
import { describe, expect, it } from "vitest";
import {
  diesWithAdapter,
  killAllClaudeProcesses,
  markedEnv,
  trackClaudeProcess,
} from "./claude-process.js";
import { PROCESS_MARKER_ENV } from "./orphan-sweep.js";

describe("Claude Code processes", () => {
  it("ends a tracked process started some other way (the login probe) at shutdown", async () => {
    const { env, marker } = markedEnv(process.env);
    const [command, args] = diesWithAdapter("sleep", ["30"]);
    const child = execFile(command, args, { env });
    trackClaudeProcess(child, marker);
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
