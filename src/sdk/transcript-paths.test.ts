import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it, vi } from "vitest";
import {
  findTranscript,
  isSessionId,
  projectFolderName,
  subagentTranscriptPath,
} from "./transcript-paths.js";

describe("Claude Code transcript paths", () => {
  it.each([
    ["/tmp/acp-scenario-YKLZkM/workspace", "-tmp-acp-scenario-YKLZkM-workspace"],
    ["/home/me/My Project.v2", "-home-me-My-Project-v2"],
    ["/srv/ünï", "-srv--n-"],
  ])("the project folder of %s", (cwd, name) => {
    expect(projectFolderName(cwd)).toBe(name);
  });

  it("cuts an over-long folder name and appends Claude Code's hash", () => {
    const cwd = `/${"a".repeat(250)}`;
    const name = projectFolderName(cwd);
    expect(name.startsWith(`-${"a".repeat(199)}-`)).toBe(true);
    expect(name).toMatch(/^-a{199}-[0-9a-z]+$/);
  });

  it("accepts only UUID session ids (they become file names)", () => {
    expect(isSessionId("0ae4ecbb-3e54-4a6a-ab16-29e29e6e8cbb")).toBe(true);
    expect(isSessionId("../../etc/passwd")).toBe(false);
    expect(isSessionId(42)).toBe(false);
  });

  it("finds subagent transcripts beside the session's own", () => {
    expect(subagentTranscriptPath("/p/x/abc.jsonl", "a1")).toBe(
      "/p/x/abc/subagents/agent-a1.jsonl",
    );
  });

  it("puts back a transcript an unfinished first-prompt edit left aside, and finds it", async () => {
    const root = mkdtempSync(join(tmpdir(), "paths-"));
    vi.stubEnv("CLAUDE_CONFIG_DIR", root);
    try {
      const id = "0ae4ecbb-3e54-4a6a-ab16-29e29e6e8cbb";
      const folder = join(root, "projects", projectFolderName("/w"));
      mkdirSync(folder, { recursive: true });
      writeFileSync(join(folder, `${id}.jsonl.replaced`), "old\n");
      expect(await findTranscript(id, "/w")).toEqual({
        path: join(folder, `${id}.jsonl`),
        projectDir: folder,
      });
      expect(readFileSync(join(folder, `${id}.jsonl`), "utf8")).toBe("old\n");
    } finally {
      vi.unstubAllEnvs();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
