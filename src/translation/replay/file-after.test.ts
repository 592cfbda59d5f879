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

describe("fileAfterTool: what it cannot rebuild", () => {
  it.each([
    ["a Write whose content is no text", "Write", { content: 5 }, undefined],
    [
      "another tool with edits",
      "Read",
      { originalFile: "a", edits: [{ oldString: "a", newString: "b" }] },
      undefined,
    ],
    ["a MultiEdit without edits", "MultiEdit", { originalFile: "a" }, undefined],
    [
      "a MultiEdit whose first edit does not apply",
      "MultiEdit",
      {
        originalFile: "a",
        edits: [
          { oldString: "x", newString: "y" },
          { oldString: "a", newString: "b" },
        ],
      },
      undefined,
    ],
    [
      "an Edit with no new text",
      "Edit",
      { originalFile: "a", oldString: "a", newString: 1 },
      undefined,
    ],
    [
      "an Edit with no old text",
      "Edit",
      { originalFile: "a", oldString: null, newString: "b" },
      undefined,
    ],
    [
      "an Edit that creates the file",
      "Edit",
      { originalFile: "", oldString: "", newString: "new" },
      "new",
    ],
    [
      "an empty old text in a file that has text",
      "Edit",
      { originalFile: "a", oldString: "", newString: "b" },
      undefined,
    ],
  ])("%s", (_name, toolName, structured, after) => {
    expect(fileAfterTool(toolName, structured)).toBe(after);
  });
});
