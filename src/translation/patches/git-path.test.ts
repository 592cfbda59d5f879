import { describe, expect, it } from "vitest";
import { patchName, quoteGitPath } from "./git-path.js";

describe("quoteGitPath", () => {
  it.each([
    ["a/src/App.ts", "a/src/App.ts"],
    ["a/with space.ts", "a/with space.ts"],
    ["a/it's.ts", "a/it's.ts"],
    ['a/say "hi".ts', '"a/say \\"hi\\".ts"'],
    ["a/back\\slash", '"a/back\\\\slash"'],
    ["a/tab\there", '"a/tab\\there"'],
    ["a/line\nbreak", '"a/line\\nbreak"'],
    ["a/bell\u0007", '"a/bell\\a"'],
    ["a/esc\u001b", '"a/esc\\033"'],
    ["a/del\u007f", '"a/del\\177"'],
    ["a/über.ts", '"a/\\303\\274ber.ts"'],
    ["a/日本.md", '"a/\\346\\227\\245\\346\\234\\254.md"'],
    ["a/😀", '"a/\\360\\237\\230\\200"'],
  ])("%j → %s", (name, quoted) => {
    expect(quoteGitPath(name)).toBe(quoted);
  });
});

describe("patchName", () => {
  it.each([
    ["/workspace/src/App.ts", "workspace/src/App.ts"],
    ["relative/App.ts", "relative/App.ts"],
    ["C:\\Users\\me\\App.ts", "C:/Users/me/App.ts"],
    ["c:/Users/me/App.ts", "c:/Users/me/App.ts"],
    // A backslash in a POSIX name is a character of the name, not a separator.
    ["/ws/back\\slash", "ws/back\\slash"],
  ])("%s → %s", (path, name) => {
    expect(patchName(path)).toBe(name);
  });
});
