import { describe, expect, it } from "vitest";
import { isSessionId, projectFolderName, subagentTranscriptPath } from "./transcript-paths.js";

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
});
