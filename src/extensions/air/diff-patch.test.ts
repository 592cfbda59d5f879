import { describe, expect, it } from "vitest";
import {
  decodeFileText,
  gitPatch,
  MAX_PATCH_TEXT_BYTES,
} from "../../translation/patches/git-patch.js";
import { diffBlock, patchDiffBlock, requestPreview } from "./diff-patch.js";

const lines = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => `line ${from + i}\n`).join("");

describe("gitPatch", () => {
  it("writes the spec's example", () => {
    expect(gitPatch("/workspace/src/App.ts", "old\n", "new\n")).toEqual({
      patch:
        "diff --git a/workspace/src/App.ts b/workspace/src/App.ts\n" +
        "--- a/workspace/src/App.ts\n+++ b/workspace/src/App.ts\n" +
        "@@ -1 +1 @@\n-old\n+new\n",
    });
  });

  it("keeps 3 lines of context and splits distant changes into hunks", () => {
    const before = lines(1, 20);
    const after = before.replace("line 2\n", "two\n").replace("line 18\n", "eighteen\n");
    expect(gitPatch("/w/f", before, after)).toEqual({
      patch:
        "diff --git a/w/f b/w/f\n--- a/w/f\n+++ b/w/f\n" +
        "@@ -1,5 +1,5 @@\n line 1\n-line 2\n+two\n line 3\n line 4\n line 5\n" +
        "@@ -15,6 +15,6 @@\n line 15\n line 16\n line 17\n-line 18\n+eighteen\n line 19\n line 20\n",
    });
  });

  it("creates a file with new file mode and /dev/null", () => {
    expect(gitPatch("/w/new.ts", null, "a\nb\n")).toEqual({
      patch:
        "diff --git a/w/new.ts b/w/new.ts\nnew file mode 100644\n" +
        "--- /dev/null\n+++ b/w/new.ts\n@@ -0,0 +1,2 @@\n+a\n+b\n",
    });
  });

  it("quotes names and ends a name with a space with a tab", () => {
    expect(gitPatch('/w/a "b"/ü c', "x\n", "y\n")).toEqual({
      patch:
        'diff --git "a/w/a \\"b\\"/\\303\\274 c" "b/w/a \\"b\\"/\\303\\274 c"\n' +
        '--- "a/w/a \\"b\\"/\\303\\274 c"\t\n+++ "b/w/a \\"b\\"/\\303\\274 c"\t\n' +
        "@@ -1 +1 @@\n-x\n+y\n",
    });
    expect(gitPatch("/w/a b", "x\n", "y\n")).toEqual({
      patch: "diff --git a/w/a b b/w/a b\n--- a/w/a b\t\n+++ b/w/a b\t\n@@ -1 +1 @@\n-x\n+y\n",
    });
  });

  it.each([
    [
      "the old text",
      "a\nb",
      "a\nc\n",
      "@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n",
    ],
    [
      "the new text",
      "a\nb\n",
      "a\nc",
      "@@ -1,2 +1,2 @@\n a\n-b\n+c\n\\ No newline at end of file\n",
    ],
    [
      "both texts",
      "a\nb",
      "a\nc",
      "@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n",
    ],
    [
      "both, on context",
      "a\nb",
      "A\nb",
      "@@ -1,2 +1,2 @@\n-a\n+A\n b\n\\ No newline at end of file\n",
    ],
  ])("marks a missing final newline in %s", (_name, before, after, hunks) => {
    expect(gitPatch("/w/f", before, after)).toEqual({
      patch: `diff --git a/w/f b/w/f\n--- a/w/f\n+++ b/w/f\n${hunks}`,
    });
  });

  it("empties a file and fills an empty one", () => {
    const head = "diff --git a/w/f b/w/f\n--- a/w/f\n+++ b/w/f\n";
    expect(gitPatch("/w/f", "a\nb\n", "")).toEqual({ patch: `${head}@@ -1,2 +0,0 @@\n-a\n-b\n` });
    expect(gitPatch("/w/f", "", "a\n")).toEqual({ patch: `${head}@@ -0,0 +1 @@\n+a\n` });
  });

  it.each([
    ["an unchanged file", "a\n", "a\n", "unchanged"],
    ["a CRLF old file", "a\r\nb\r\n", "a\nb\n", "carriage-return"],
    ["a CR in the new text", "a\n", "a\rb\n", "carriage-return"],
    ["a NUL", "a\n", "a\0b\n", "binary"],
    ["a byte order mark", "\uFEFFa\n", "\uFEFFb\n", "byte-order-mark"],
    ["a text over 1 MiB", "a\n", "x".repeat(MAX_PATCH_TEXT_BYTES + 1), "too-large"],
    ["over 1 MiB of UTF-8", "é".repeat(MAX_PATCH_TEXT_BYTES / 2 + 1), "a\n", "too-large"],
    ["a created empty file", null, "", "empty-new-file"],
  ])("sends no patch for %s", (_name, before, after, reason) => {
    expect(gitPatch("/w/f", before, after)).toEqual({ noPatch: reason });
  });

  it("patches 200 changed lines of 12,000", () => {
    const before = lines(1, 12_000);
    const after = before.replace(/^line (5\d\d[05])$/gm, "row $1");
    const result = gitPatch("/w/f", before, after);
    expect("patch" in result && result.patch.split("\n+row").length - 1).toBe(200);
  });

  it("patches a rewrite too large to diff cheaply as one hunk between the common ends", () => {
    const before = lines(1, 600);
    const after = before.replace(/line (\d+[1-9])$/gm, "row $1");
    const result = gitPatch("/w/f", before, after);
    const patch = "patch" in result ? result.patch : "";
    expect(patch.match(/^@@ .* @@$/gm)).toEqual(["@@ -8,593 +8,593 @@"]);
    expect(patch.split("\n").filter((l) => l.startsWith("-line")).length).toBe(589);
  });
});

describe("decodeFileText", () => {
  const bytes = (...b: number[]) => new Uint8Array(b);
  it.each([
    ["UTF-8 text", bytes(0x61, 0xc3, 0xbc, 0x0a), { text: "aü\n" }],
    ["invalid UTF-8", bytes(0x61, 0xff, 0x0a), { noPatch: "not-utf8" }],
    ["a NUL", bytes(0x61, 0x00), { noPatch: "binary" }],
    ["a NUL in invalid UTF-8", bytes(0xff, 0x00), { noPatch: "binary" }],
    // Kept for the standard diff; gitPatch refuses them.
    ["a byte order mark", bytes(0xef, 0xbb, 0xbf, 0x61), { text: "\uFEFFa" }],
    ["a CR", bytes(0x61, 0x0d, 0x0a), { text: "a\r\n" }],
    ["over 1 MiB", new Uint8Array(MAX_PATCH_TEXT_BYTES + 1).fill(0x61), { noPatch: "too-large" }],
  ])("%s", (_name, input, expected) => {
    expect(decodeFileText(input)).toEqual(expected);
  });
});

describe("diff blocks", () => {
  const patch = "diff --git a/w/f b/w/f\n--- a/w/f\n+++ b/w/f\n@@ -1 +1 @@\n-a\n+b\n";

  it("puts the payload under _meta.jetbrains.air with placeholders in the text fields", () => {
    expect(patchDiffBlock("/w/f", patch)).toEqual({
      type: "diff",
      path: "/w/f",
      oldText: null,
      newText: "",
      _meta: {
        jetbrains: {
          air: { version: 1, diffPatch: { version: 1, format: "git_patch", text: patch } },
        },
      },
    });
  });

  it("falls back to the standard diff with the real texts", () => {
    expect(diffBlock("/w/f", "a\r\n", "b\r\n")).toEqual({
      type: "diff",
      path: "/w/f",
      oldText: "a\r\n",
      newText: "b\r\n",
    });
    expect(diffBlock("/w/f", "a\n", "b\n")).toEqual(patchDiffBlock("/w/f", patch));
  });
});

describe("requestPreview", () => {
  const patch = patchDiffBlock("/w/a.ts", "--- a/a.ts\n+++ b/a.ts\n");
  it("repeats only exact preview patches, as a copy of the content", () => {
    const content = [patch, patch];
    const preview = requestPreview(content);
    expect(preview).toEqual([patch, patch]);
    expect(preview).not.toBe(content);
  });

  it("is undefined for no content, a plain diff, or another block that carries the patch key", () => {
    expect(requestPreview(undefined)).toBeUndefined();
    expect(requestPreview([])).toBeUndefined();
    const plain = { type: "diff" as const, path: "/w/a.ts", oldText: "a", newText: "b" };
    expect(requestPreview([patch, plain])).toBeUndefined();
    const text = { type: "content" as const, content: { type: "text" as const, text: "t" } };
    expect(requestPreview([{ ...text, _meta: patch._meta }])).toBeUndefined();
  });
});
