import { describe, expect, it } from "vitest";
import { fileAfterTool } from "./file-after.js";

describe("fileAfterTool", () => {
  it.each([
    [
      "an Edit (as stored by Claude Code 2.1.318)",
      "Edit",
      {
        filePath: "/w/notes.txt",
        oldString: "beta",
        newString: "BETA",
        originalFile: "alpha\nbeta\n",
        structuredPatch: [],
        userModified: false,
        replaceAll: false,
      },
      "alpha\nBETA\n",
    ],
    [
      "an Edit of the first occurrence only",
      "Edit",
      { oldString: "a", newString: "b", originalFile: "a a", replaceAll: false },
      "b a",
    ],
    [
      "an Edit of every occurrence",
      "Edit",
      { oldString: "a", newString: "b", originalFile: "a a", replaceAll: true },
      "b b",
    ],
    [
      "replacement text that looks like a pattern",
      "Edit",
      { oldString: "x", newString: "$& $1", originalFile: "x" },
      "$& $1",
    ],
    ["a Write", "Write", { type: "create", filePath: "/w/n", content: "fresh\n" }, "fresh\n"],
    [
      "a MultiEdit",
      "MultiEdit",
      {
        originalFile: "one two",
        edits: [
          { old_string: "one", new_string: "1" },
          { old_string: "two", new_string: "2" },
        ],
      },
      "1 2",
    ],
  ])("%s", (_name, tool, structured, after) => {
    expect(fileAfterTool(tool, structured)).toBe(after);
  });

  it.each([
    ["no original file", "Edit", { oldString: "a", newString: "b" }],
    ["an edit that does not apply", "Edit", { oldString: "zz", newString: "b", originalFile: "a" }],
    ["another tool", "Read", { originalFile: "a" }],
    ["no structured result", "Edit", "The file has been updated"],
  ])("is undefined for %s", (_name, tool, structured) => {
    expect(fileAfterTool(tool, structured)).toBeUndefined();
  });
});
