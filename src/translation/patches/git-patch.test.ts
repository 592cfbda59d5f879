import * as diff from "diff";
import { describe, expect, it, vi } from "vitest";

/** The texts the line diff was given, per call. */
const diffed: { old: string; new: string }[] = [];
vi.mock("diff", async (importOriginal) => {
  const real = await importOriginal<typeof diff>();
  return {
    ...real,
    structuredPatch: ((...args: Parameters<typeof real.structuredPatch>) => {
      diffed.push({ old: String(args[2]), new: String(args[3]) });
      return real.structuredPatch(...args);
    }) as typeof real.structuredPatch,
  };
});

// The unit setup (test/support/unit-setup.ts) loaded git-patch.ts with the real `diff`
// already (the AIR hooks import it): a fresh module graph takes the mock above.
vi.resetModules();
const { gitPatch } = await import("./git-patch.js");

const numbered = (count: number) =>
  Array.from({ length: count }, (_, i) => `line ${i + 1}\n`).join("");

/** The hunks of the line diff of the whole texts, as git-patch.ts writes them. */
function wholeDiffHunks(oldText: string, newText: string): string {
  const range = (start: number, count: number) =>
    count === 1 ? `${start}` : `${count === 0 ? start - 1 : start},${count}`;
  const hunks = diff.structuredPatch("", "", oldText, newText, undefined, undefined, {
    context: 3,
  }).hunks;
  return hunks
    .map(
      (h) =>
        `@@ -${range(h.oldStart, h.oldLines)} +${range(h.newStart, h.newLines)} @@\n` +
        h.lines.map((line) => `${line}\n`).join(""),
    )
    .join("");
}

function hunksOf(oldText: string, newText: string): string {
  const result = gitPatch("/f.txt", oldText, newText);
  if (!("patch" in result)) throw new Error(result.noPatch);
  return result.patch.slice(result.patch.indexOf("@@"));
}

describe("gitPatch diffs the changed lines only", () => {
  it("gives the line diff of a one-line Edit of 12,000 lines 7 lines of each text", () => {
    const big = numbered(12_000);
    const changed = big.replace("line 6000\n", "line 6000 changed\n");
    diffed.length = 0;
    expect(hunksOf(big, changed)).toBe(
      "@@ -5997,7 +5997,7 @@\n line 5997\n line 5998\n line 5999\n-line 6000\n" +
        "+line 6000 changed\n line 6001\n line 6002\n line 6003\n",
    );
    expect(diffed.map((d) => [d.old.split("\n").length - 1, d.new.split("\n").length - 1])).toEqual(
      [[7, 7]],
    );
  });

  it("widens the window when the diff puts a change in repeated lines at its end", () => {
    // In the first window (3 lines after the change) the line diff deletes the second `a`
    // at the window's end, with 2 lines of context: the patch still gets its 3.
    const oldText = "a\nb\na\na\nx\nb\na\nx\n";
    const newText = "b\na\nx\nb\na\nx\n";
    diffed.length = 0;
    expect(hunksOf(oldText, newText)).toBe("@@ -1,7 +1,5 @@\n-a\n b\n a\n-a\n x\n b\n a\n");
    expect(diffed.length).toBe(2);
  });

  it("gives the whole texts' line diff, also for changes among repeated lines", () => {
    let seed = 20_261_207;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const words = ["a", "a", "b", "", "x", "\tindented"];
    for (let i = 0; i < 400; i++) {
      const lines = Array.from({ length: next(120) }, () => words[next(words.length)]!);
      const oldText = lines.join("\n") + (next(3) === 0 ? "" : "\n");
      const edited = oldText.split("\n");
      for (let edits = 1 + next(5); edits > 0; edits--) {
        const at = next(edited.length + 1);
        const op = next(3);
        if (op === 0) edited.splice(at, 0, words[next(words.length)]!);
        else if (op === 1) edited.splice(at, 1);
        else edited.splice(at, 1, `changed ${edits}`);
      }
      const newText = edited.join("\n");
      if (newText === oldText) continue;
      expect(hunksOf(oldText, newText), JSON.stringify({ oldText, newText })).toBe(
        wholeDiffHunks(oldText, newText),
      );
    }
  });
});
