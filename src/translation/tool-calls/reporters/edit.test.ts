import { describe, expect, it } from "vitest";
import { editReporter, finalDiff, writeReporter } from "./edit.js";

describe("edit and write reporters", () => {
  it("shows the snippet diff of an edit", () => {
    expect(
      editReporter.describe({ file_path: "/w/a.ts", old_string: "a", new_string: "b" }, "Edit"),
    ).toEqual({
      kind: "edit",
      title: "Edit /w/a.ts",
      locations: [{ path: "/w/a.ts" }],
      inputContent: [{ type: "diff", path: "/w/a.ts", oldText: "a", newText: "b" }],
    });
  });

  it("shows the new content of a write", () => {
    expect(
      writeReporter.describe({ file_path: "/w/n.txt", content: "x" }, "Write").inputContent,
    ).toEqual([{ type: "diff", path: "/w/n.txt", oldText: null, newText: "x" }]);
  });

  it("diffs the original file against the disk after the tool ran", () => {
    expect(
      finalDiff(
        { toolResponse: { filePath: "/w/a.ts", originalFile: "1\n2\n" }, fileAfter: "1\n3\n" },
        undefined,
      ),
    ).toEqual({
      content: [{ type: "diff", path: "/w/a.ts", oldText: "1\n2\n", newText: "1\n3\n" }],
    });
  });

  it("has no final diff when the file could not be read", () => {
    expect(
      finalDiff({ toolResponse: { filePath: "/w/a.ts", originalFile: "1" } }, undefined),
    ).toEqual({});
  });

  it("a created file diffs from nothing", () => {
    expect(
      finalDiff(
        { toolResponse: { filePath: "/w/n", originalFile: null }, fileAfter: "x" },
        undefined,
      ).content,
    ).toEqual([{ type: "diff", path: "/w/n", oldText: null, newText: "x" }]);
  });
});
