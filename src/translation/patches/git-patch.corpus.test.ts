import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PatchRepo } from "../../../test/support/git-apply.js";
import { gitPatch } from "./git-patch.js";
import { previewFileTool } from "./edit-preview.js";

/**
 * Exactness, proven by Git: for every case the patch applies to the old file with
 * `git apply --check` and `git apply`, and leaves the new text byte for byte. Each case
 * lives in its own folder of one scratch repository, named as an absolute path under it.
 */

interface Case {
  readonly name: string;
  /** The file's text before; null when it does not exist. */
  readonly before: string | null;
  /** The new text, or a Claude file tool's input to preview over `before`. */
  readonly after: string | { readonly tool: string; readonly input: Record<string, unknown> };
}

const numbered = (count: number) =>
  Array.from({ length: count }, (_, i) => `line ${i + 1}\n`).join("");
const big = numbered(12_000);
const edit = (old_string: string, new_string: string, replace_all = false) => ({
  tool: "Edit",
  input: { old_string, new_string, replace_all },
});
const write = (content: string) => ({ tool: "Write", input: { content } });

const named: Case[] = [
  { name: "plain.ts", before: "a\nb\nc\n", after: "a\nB\nc\n" },
  { name: "with space.ts", before: "a\n", after: "b\n" },
  { name: "two  spaces/and dir.ts", before: "a\n", after: "b\n" },
  { name: 'quote"d.ts', before: "a\n", after: "b\n" },
  { name: "it's.ts", before: "a\n", after: "b\n" },
  { name: "back\\slash.ts", before: "a\n", after: "b\n" },
  { name: "tab\tname.ts", before: "a\n", after: "b\n" },
  { name: "line\nbreak.ts", before: "a\n", after: "b\n" },
  { name: "trailing space ", before: "a\n", after: "b\n" },
  { name: "über/ファイル 1.md", before: "a\n", after: "b\n" },
  { name: "emoji-😀.txt", before: "a\n", after: "b\n" },
  { name: 'all "of\\ them"\tü', before: "a\n", after: "b\n" },
];

const contents: Case[] = [
  { name: "no-eol-old", before: "a\nb", after: "a\nc\n" },
  { name: "no-eol-new", before: "a\nb\n", after: "a\nc" },
  { name: "no-eol-both-last", before: "a\nb", after: "a\nc" },
  { name: "no-eol-both-first", before: "a\nb\nc\nd\ne", after: "A\nb\nc\nd\ne" },
  { name: "no-eol-added", before: "a\n", after: "a\nb" },
  { name: "no-eol-dropped", before: "a\nb", after: "a\n" },
  { name: "empty-to-text", before: "", after: "x\ny\n" },
  { name: "empty-to-no-eol", before: "", after: "x" },
  { name: "text-to-empty", before: "x\ny\n", after: "" },
  { name: "no-eol-to-empty", before: "x", after: "" },
  { name: "only-newlines", before: "\n\n\n", after: "\n\n" },
  { name: "tabs", before: "\tone\n\t\ttwo\nthree\t\n", after: "\tone\n\t\t2\nthree\t\n" },
  { name: "trailing-ws", before: "a  \nb\n", after: "a\nb  \n" },
  {
    name: "patch-lookalikes",
    before: "--- a/x\n+++ b/x\n@@ -1 +1 @@\n\\ No newline at end of file\ndiff --git a b\n",
    after: "--- a/y\n+++ b/x\n@@ -1 +1 @@\n\\ No newline at end of file\ndiff --git b a\n",
  },
  { name: "unicode", before: "héllo\n日本\n", after: "héllo\n日本語\n😀\n" },
  { name: "12000-lines", before: big, after: big.replace("line 6000\n", "line six thousand\n") },
  { name: "12000-lines-tail", before: big, after: `${big}one more` },
];

const tools: Case[] = [
  { name: "edit.ts", before: "const a = 1;\nconst b = 2;\n", after: edit("b = 2", "b = 3") },
  { name: "edit-12000", before: big, after: edit("line 7000\n", "line 7000 changed\n") },
  { name: "replace-all.ts", before: "x = x + 1\ny = x\n", after: edit("x", "z", true) },
  { name: "remove-line.ts", before: "a\nb\nc\n", after: edit("b", "") },
  { name: "remove-last-no-eol.ts", before: "a\nb", after: edit("b", "") },
  { name: "edit-create.ts", before: null, after: edit("", "created\n") },
  { name: "write-over.ts", before: "old\ntext\n", after: write("new\ntext\nmore\n") },
  { name: "write-over-no-eol.ts", before: "old", after: write("new") },
  { name: "write-empty.ts", before: "some\ntext\n", after: write("") },
  { name: "new/dir/write-new.ts", before: null, after: write("brand\nnew\n") },
  { name: "write-new no eol ü.ts", before: null, after: write("brand new") },
  {
    name: "multi-edit.ts",
    before: "a\nb\nc\n",
    after: {
      tool: "MultiEdit",
      input: {
        edits: [
          { old_string: "a", new_string: "A" },
          { old_string: "c\n", new_string: "C\nD\n" },
        ],
      },
    },
  },
];

/** Deterministic random files and line edits: repeated lines make the diff ambiguous. */
function generated(count: number): Case[] {
  let seed = 20_261_201;
  const next = (n: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed % n;
  };
  const words = ["a", "b", "x", "", "\tindented", "  spaced  ", "ü", "}"];
  const file = () => {
    const lines = Array.from({ length: next(40) }, () => words[next(words.length)]!);
    const text = lines.join("\n");
    return next(3) === 0 || text === "" ? text : `${text}\n`;
  };
  const mutate = (text: string) => {
    const lines = text.split("\n");
    for (let edits = 1 + next(4); edits > 0; edits--) {
      const at = next(lines.length + 1);
      const op = next(3);
      if (op === 0) lines.splice(at, 0, words[next(words.length)]!);
      else if (op === 1) lines.splice(at, 1);
      else lines.splice(at, 1, `changed ${edits}`);
    }
    return lines.join("\n");
  };
  return Array.from({ length: count }, (_, i) => {
    const before = file();
    let after = mutate(before);
    if (after === before) after += "\nend";
    return { name: `generated/${i}.txt`, before, after };
  });
}

const corpus = [...named, ...contents, ...tools, ...generated(60)];

describe("every patch applies with git apply and gives the new text byte for byte", () => {
  let repo: PatchRepo;
  beforeAll(() => {
    repo = new PatchRepo();
  });
  afterAll(() => repo.dispose());

  // Each case twice: the line diff's hunks, and the one hunk of a change too large for it
  // (`maxEditLength` 0 makes every change too large).
  const runs = [
    ...corpus.map((c) => [c, undefined] as const),
    ...corpus.map((c) => [c, 0] as const),
  ];
  it.each(runs.map(([c, max], i) => [c.name, max ?? "line diff", c, max, i] as const))(
    "%j (%s)",
    (_name, _label, c, maxEditLength, i) => {
      // An absolute path, as Claude reports it; the patch drops the leading slash.
      const name = `case${i}/${c.name}`;
      let newText: string;
      if (typeof c.after === "string") newText = c.after;
      else {
        const preview = previewFileTool(c.after.tool, c.after.input, c.before);
        if (!("newText" in preview)) throw new Error(`no preview: ${preview.noPreview}`);
        newText = preview.newText;
      }
      if (c.before !== null) repo.write(name, c.before);
      const result = gitPatch(`/${name}`, c.before, newText, maxEditLength);
      if (!("patch" in result)) throw new Error(`no patch: ${result.noPatch}`);
      expect(result.patch).not.toContain("\r");
      repo.apply(result.patch);
      expect(repo.read(name).equals(Buffer.from(newText, "utf8"))).toBe(true);
    },
  );
});
