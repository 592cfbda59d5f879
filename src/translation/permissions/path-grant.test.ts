import type { PermissionUpdate } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import { grantCoversPath, toolPath } from "./path-grant.js";

const dirs = (...directories: string[]): PermissionUpdate => ({
  type: "addDirectories",
  directories,
  destination: "session",
});
const rule = (toolName: string, ruleContent?: string): PermissionUpdate => ({
  type: "addRules",
  rules: [{ toolName, ...(ruleContent !== undefined ? { ruleContent } : {}) }],
  behavior: "allow",
  destination: "session",
});
const acceptEdits: PermissionUpdate = {
  type: "setMode",
  mode: "acceptEdits",
  destination: "session",
};

describe("grantCoversPath", () => {
  it.each<[string, PermissionUpdate[], unknown, boolean]>([
    ["a mode change, any path", [acceptEdits], "/w/a.txt", true],
    ["a directory holding the path", [dirs("/other", "/data/")], "/data/x/y.txt", true],
    ["the directory itself", [dirs("/data")], "/data", true],
    ["a sibling with the same prefix", [dirs("/data")], "/database/x", false],
    ["a directory, relative path", [dirs("/data")], "data/x", false],
    ["a whole-tool rule", [rule("Read")], undefined, true],
    ["an absolute //dir/** rule", [rule("Read", "//data/**")], "/data/a", true],
    ["an absolute //dir/** rule, elsewhere", [rule("Read", "//data/**")], "/etc/a", false],
    ["an exact //path rule", [rule("Edit", "//data/a")], "/data/a", true],
    ["the project's /.claude/** rule", [rule("Edit", "/.claude/**")], "/w/.claude/s.json", true],
    ["the /.claude/** rule, elsewhere", [rule("Edit", "/.claude/**")], "/w/src/a.ts", false],
    ["a glob it cannot read", [rule("Edit", "//data/*.ts")], "/data/a.ts", false],
    ["a relative rule", [rule("Edit", "src/**")], "/w/src/a.ts", false],
    ["every part must cover", [acceptEdits, dirs("/data")], "/w/a.txt", false],
    ["an empty bundle", [], "/w/a.txt", false],
  ])("%s", (_, updates, path, covered) => {
    expect(grantCoversPath(updates, path)).toBe(covered);
  });
});

describe("toolPath", () => {
  it.each([
    ["Read", { file_path: "/a" }, "/a"],
    ["Write", { file_path: "/b" }, "/b"],
    ["NotebookEdit", { notebook_path: "/n.ipynb" }, "/n.ipynb"],
    ["Grep", { path: "/src", pattern: "x" }, "/src"],
    ["Glob", { pattern: "*.ts" }, undefined],
    ["Bash", { command: "ls" }, undefined],
  ])("%s", (tool, input, path) => {
    expect(toolPath(tool, input)).toBe(path);
  });
});
