import { execFile, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { ADAPTER_BIN, PROFILES, REPO_ROOT } from "../support/acp-harness.js";
import { useScenarios } from "../support/scenario-test.js";

const run = promisify(execFile);
const { version } = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as {
  version: string;
};

/** Runs the bin with `args`; resolves with its exit code and output, never rejects. */
function bin(args: string[]): { code: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [ADAPTER_BIN, ...args], {
    encoding: "utf8",
    input: "",
    timeout: 10_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe("the command line", () => {
  it.each([["--version"], ["-v"]])("%s prints the version on stdout", (flag) => {
    expect(bin([flag])).toEqual({ code: 0, stdout: `${version}\n`, stderr: "" });
  });

  it.each([["--help"], ["-h"]])("%s prints the usage on stdout", (flag) => {
    const { code, stdout, stderr } = bin([flag]);
    expect({ code, stderr }).toEqual({ code: 0, stderr: "" });
    expect(stdout).toMatch(/^Usage: claude-agent-acp \[options\]\n/);
    for (const option of ["--hide-claude-auth", "--cli", "--version", "--help"]) {
      expect(stdout).toContain(option);
    }
  });

  it("an unknown option is a usage error: exit code 2, the usage on stderr, nothing on stdout", () => {
    const { code, stdout, stderr } = bin(["--bogus"]);
    expect({ code, stdout }).toEqual({ code: 2, stdout: "" });
    expect(stderr).toMatch(/^claude-agent-acp: unknown option "--bogus"\n\nUsage: /);
  });

  it("started in a terminal, it says on stderr what it is, in one line, and keeps stdout clean", async () => {
    // `script` gives the bin a terminal; what it shows there is the bin's stdout.
    const probe = spawnSync("script", ["--version"], { encoding: "utf8" });
    expect(probe.status, "util-linux script(1) is needed for this test").toBe(0);
    const dir = mkdtempSync(join(tmpdir(), "acp-tty-"));
    try {
      const err = join(dir, "stderr");
      const { stdout } = await run(
        "script",
        ["-qec", `timeout -s INT 2 ${process.execPath} ${ADAPTER_BIN} 2>${err}`, "/dev/null"],
        { timeout: 15_000 },
      ).catch((error: { stdout: string }) => ({ stdout: error.stdout }));
      expect(stdout.trim()).toBe("");
      expect(readFileSync(err, "utf8")).toBe(
        "claude-agent-acp speaks the Agent Client Protocol on stdin/stdout and waits for an ACP client (an editor such as Zed or JetBrains AIR); see --help, or run `npm run demo` in a checkout to watch it work. Ctrl-C quits.\n",
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("started by a client (stdin is a pipe), it prints nothing", async () => {
    const { code, stdout, stderr } = bin([]);
    expect({ code, stdout, stderr }).toEqual({ code: 0, stdout: "", stderr: "" });
  });
});

const scenario = useScenarios();

describe("--hide-claude-auth", () => {
  it("offers no Claude subscription login", async () => {
    const s = await scenario({ args: ["--hide-claude-auth"] });
    const init = await s.initialize({ auth: { terminal: true } });
    expect(init.authMethods?.map((m) => m.id)).toEqual(["console-login"]);
  });

  it("without it, both logins are offered", async () => {
    const s = await scenario();
    const init = await s.initialize({ ...PROFILES.zed });
    expect(init.authMethods?.map((m) => m.id)).toEqual(["claude-ai-login", "console-login"]);
  });
});
