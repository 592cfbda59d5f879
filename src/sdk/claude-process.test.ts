import { once } from "node:events";
import { closeSync, mkdtempSync, openSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
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

  it("a CLI run (`auth status`) gets the credential on the descriptor its environment names", async () => {
    const dir = mkdtempSync(join(tmpdir(), "cli-fd-"));
    writeFileSync(join(dir, "token"), "sk-ant-oat01-cli\n");
    const fd = openSync(join(dir, "token"), "r");
    try {
      const env = { ...process.env, CLAUDE_CODE_OAUTH_TOKEN_FILE_DESCRIPTOR: String(fd) };
      const read = `process.stdout.write(require("fs").readFileSync(${fd}, "utf8"))`;
      const output = await new Promise<string>((resolve, reject) =>
        execClaudeCli(process.execPath, ["-e", read], { env, timeout: 30_000 }, (error, out) =>
          error ? reject(error) : resolve(out),
        ),
      );
      expect(output).toBe("sk-ant-oat01-cli\n");
    } finally {
      closeSync(fd);
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("reports a failed CLI run with its output", async () => {
    const result = await new Promise<[string | undefined, string, string]>((resolve) =>
      execClaudeCli(
        process.execPath,
        ["-e", 'process.stdout.write("out"); process.stderr.write("err"); process.exit(3)'],
        { env: process.env, timeout: 30_000 },
        (error, out, err) => resolve([error?.message, out, err]),
      ),
    );
    expect(result).toEqual([`${process.execPath} exited with 3`, "out", "err"]);
  });
});
