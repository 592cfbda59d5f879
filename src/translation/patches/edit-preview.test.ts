import { describe, expect, it } from "vitest";
import { previewFileTool } from "./edit-preview.js";

const edit = (old_string: string, new_string: string, replace_all?: boolean) => ({
  file_path: "/w/f",
  old_string,
  new_string,
  ...(replace_all === undefined ? {} : { replace_all }),
});

describe("previewFileTool", () => {
  it.each([
    ["a unique match", "a\nb\nc\n", edit("b", "B"), "a\nB\nc\n"],
    ["replace_all", "x y x\n", edit("x", "z", true), "z y z\n"],
    ["a literal $& in new_string", "a\n", edit("a", "$&$&"), "$&$&\n"],
    // The empty new_string rule: the line break after old_string goes too.
    ["an empty new_string", "a\nb\nc\n", edit("b", ""), "a\nc\n"],
    ["an empty new_string at the end without a break", "a\nb", edit("b", ""), "a\n"],
    ["an empty new_string, old_string ending in a break", "a\nb\nc\n", edit("b\n", ""), "a\nc\n"],
    ["an empty new_string with replace_all", "x\nx\nxy\n", edit("x", "", true), "xy\n"],
    ["an empty old_string on an empty file", "", edit("", "new\n"), "new\n"],
  ])("Edit: %s", (_name, current, input, after) => {
    expect(previewFileTool("Edit", input, current)).toEqual({ oldText: current, newText: after });
  });

  it("Edit with an empty old_string creates a missing file", () => {
    expect(previewFileTool("Edit", edit("", "hi\n"), null)).toEqual({
      oldText: null,
      newText: "hi\n",
    });
  });

  it.each([
    ["a missing file", null, edit("a", "b"), "missing-file"],
    ["no match", "abc\n", edit("x", "y"), "no-match"],
    ["no match with replace_all", "abc\n", edit("x", "y", true), "no-match"],
    ["two matches", "a a\n", edit("a", "b"), "ambiguous-match"],
    ["an empty old_string on a file with text", "a\n", edit("", "b"), "file-exists"],
    ["a non-string new_string", "a\n", { old_string: "a", new_string: 1 }, "invalid-input"],
  ])("Edit: no preview for %s", (_name, current, input, reason) => {
    expect(previewFileTool("Edit", input, current)).toEqual({ noPreview: reason });
  });

  it("MultiEdit applies its edits in order", () => {
    const input = { file_path: "/w/f", edits: [edit("a", "b"), edit("b b", "c")] };
    expect(previewFileTool("MultiEdit", input, "a b\n")).toEqual({
      oldText: "a b\n",
      newText: "c\n",
    });
    const failing = { file_path: "/w/f", edits: [edit("a", "b"), edit("zzz", "c")] };
    expect(previewFileTool("MultiEdit", failing, "a\n")).toEqual({ noPreview: "no-match" });
    expect(previewFileTool("MultiEdit", { edits: [] }, "a\n")).toEqual({
      noPreview: "invalid-input",
    });
  });

  it("Write replaces the file or creates it", () => {
    const input = { file_path: "/w/f", content: "new\n" };
    expect(previewFileTool("Write", input, "old\n")).toEqual({
      oldText: "old\n",
      newText: "new\n",
    });
    expect(previewFileTool("Write", input, null)).toEqual({ oldText: null, newText: "new\n" });
    expect(previewFileTool("Write", { file_path: "/w/f" }, null)).toEqual({
      noPreview: "invalid-input",
    });
  });

  it("knows only the file tools", () => {
    expect(previewFileTool("Read", { file_path: "/w/f" }, "a")).toEqual({
      noPreview: "unknown-tool",
    });
  });
});
