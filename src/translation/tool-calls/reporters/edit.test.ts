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

describe("edit and write reporters: partial inputs and the final diff", () => {
  it.each([
    ["an edit streaming", editReporter, {}, { kind: "edit", title: "Edit" }],
    [
      "an edit without its new text yet",
      editReporter,
      { file_path: "/w/a", old_string: "x" },
      { kind: "edit", title: "Edit /w/a", locations: [{ path: "/w/a" }] },
    ],
    [
      "an edit without old text (a new file)",
      editReporter,
      { file_path: "/w/a", new_string: "" },
      {
        kind: "edit",
        title: "Edit /w/a",
        locations: [{ path: "/w/a" }],
        inputContent: [{ type: "diff", path: "/w/a", oldText: null, newText: "" }],
      },
    ],
    ["a write streaming", writeReporter, { content: "x" }, { kind: "edit", title: "Write" }],
    [
      "a write without its content yet",
      writeReporter,
      { file_path: "/w/a" },
      { kind: "edit", title: "Write /w/a", locations: [{ path: "/w/a" }] },
    ],
    [
      "an empty write",
      writeReporter,
      { file_path: "/w/a", content: "" },
      {
        kind: "edit",
        title: "Write /w/a",
        locations: [{ path: "/w/a" }],
        inputContent: [{ type: "diff", path: "/w/a", oldText: null, newText: "" }],
      },
    ],
  ] as const)("%s", (_name, reporter, input, facts) => {
    expect(reporter.describe(input, "x")).toStrictEqual(facts);
  });

  it("shows no result of its own: the final diff comes from PostToolUse", () => {
    const result = { isError: false, text: "ok", raw: "ok", structured: undefined };
    expect(editReporter.result!(result, {})).toEqual({});
    expect(writeReporter.result!(result, {})).toEqual({});
  });

  it.each([
    [
      "the input's path when the response has none",
      editReporter,
      { toolResponse: { originalFile: "a" }, fileAfter: "b" },
      { content: [{ type: "diff", path: "/w/in", oldText: "a", newText: "b" }] },
    ],
    [
      "a write over a file it read",
      writeReporter,
      { toolResponse: { filePath: "/w/out", originalFile: "a" }, fileAfter: "" },
      { content: [{ type: "diff", path: "/w/out", oldText: "a", newText: "" }] },
    ],
    [
      "an original that is not text",
      writeReporter,
      { toolResponse: { originalFile: 3 }, fileAfter: "b" },
      { content: [{ type: "diff", path: "/w/in", oldText: null, newText: "b" }] },
    ],
  ] as const)("diffs with %s", (_name, reporter, post, facts) => {
    expect(reporter.postToolUse!(post, { file_path: "/w/in" })).toEqual(facts);
  });

  it("reads each hunk as upstream shows it, with its line, once it is done", () => {
    const post = {
      toolResponse: {
        filePath: "/w/a.ts",
        originalFile: "a\nb\nz",
        structuredPatch: [
          { newStart: 1, lines: [" a", "-b", "+c"] },
          { newStart: 3, lines: ["-z", "\\ No newline at end of file", "+y"] },
          { newStart: 9, lines: ["+new"] },
          { newStart: 20, lines: [] },
        ],
      },
      fileAfter: "a\nc\ny",
    };
    const facts = {
      content: [{ type: "diff", path: "/w/a.ts", oldText: "a\nb\nz", newText: "a\nc\ny" }],
      hunks: [
        { type: "diff", path: "/w/a.ts", oldText: "a\nb", newText: "a\nc" },
        { type: "diff", path: "/w/a.ts", oldText: "z", newText: "y" },
        { type: "diff", path: "/w/a.ts", oldText: null, newText: "new" },
      ],
      locations: [
        { path: "/w/a.ts", line: 1 },
        { path: "/w/a.ts", line: 3 },
        { path: "/w/a.ts", line: 9 },
      ],
    };
    expect(editReporter.postToolUse!(post, { file_path: "/w/in" })).toStrictEqual(facts);
    expect(writeReporter.postToolUse!(post, { file_path: "/w/in" })).toStrictEqual(facts);
    // A patch without changed lines (a Write that created its file) has no hunks.
    const created = { toolResponse: { filePath: "/w/a.ts", structuredPatch: [] }, fileAfter: "x" };
    expect(writeReporter.postToolUse!(created, {})).toStrictEqual({
      content: [{ type: "diff", path: "/w/a.ts", oldText: null, newText: "x" }],
    });
  });

  it("reads the file on disk for the whole file's diff only where it is shown", () => {
    const response = (structuredPatch: unknown) => ({ filePath: "/w/a.ts", structuredPatch });
    const changed = response([{ newStart: 1, lines: ["-a", "+b"] }]);
    for (const reporter of [editReporter, writeReporter]) {
      // A client of exact patches (AIR, v2) always shows the whole file.
      expect(reporter.readsFileAfter!(changed, false)).toBe(true);
      // Upstream's hunks need no file, unless there are none (a created file).
      expect(reporter.readsFileAfter!(changed, true)).toBe(false);
      expect(reporter.readsFileAfter!(response([]), true)).toBe(true);
      const onlyMarker = response([{ newStart: 1, lines: ["\\ No newline at end of file"] }]);
      expect(reporter.readsFileAfter!(onlyMarker, true)).toBe(true);
      expect(reporter.readsFileAfter!(undefined, true)).toBe(true);
    }
  });

  it("names a file in the session's directory relative to it, when given one", () => {
    const title = (input: Record<string, unknown>, cwd?: string) =>
      editReporter.describe(input, "Edit", cwd).title;
    const edit = { file_path: "/w/src/a.ts", old_string: "a", new_string: "b" };
    expect(title(edit, "/w")).toBe("Edit src/a.ts");
    expect(title(edit, "/w/")).toBe("Edit src/a.ts");
    expect(title(edit, "/other")).toBe("Edit /w/src/a.ts");
    expect(title({ ...edit, file_path: "/wx/a.ts" }, "/w")).toBe("Edit /wx/a.ts");
    expect(title({ ...edit, file_path: "rel/a.ts" }, "/w")).toBe("Edit rel/a.ts");
    expect(title(edit)).toBe("Edit /w/src/a.ts");
    expect(writeReporter.describe({ file_path: "/w/n.txt" }, "Write", "/w").title).toBe(
      "Write n.txt",
    );
  });

  it("has no final diff without any path", () => {
    expect(editReporter.postToolUse!({ toolResponse: "x", fileAfter: "b" }, {})).toEqual({});
  });
});
