import { describe, expect, it } from "vitest";
import { changedWindow } from "./changed-window.js";

const numbered = (count: number) =>
  Array.from({ length: count }, (_, i) => `line ${i + 1}\n`).join("");

/** The window's texts, for readable expectations. */
function texts(oldText: string, newText: string, context = 3, after = context) {
  const w = changedWindow(oldText, newText, context, after);
  return {
    linesBefore: w.linesBefore,
    old: oldText.slice(w.start, w.oldEnd),
    new: newText.slice(w.start, w.newEnd),
  };
}

describe("changedWindow", () => {
  it("keeps a one-line change of 12,000 lines and 3 common lines on each side", () => {
    const big = numbered(12_000);
    expect(texts(big, big.replace("line 6000\n", "line 6000 changed\n"))).toEqual({
      linesBefore: 5996,
      old: "line 5997\nline 5998\nline 5999\nline 6000\nline 6001\nline 6002\nline 6003\n",
      new: "line 5997\nline 5998\nline 5999\nline 6000 changed\nline 6001\nline 6002\nline 6003\n",
    });
  });

  it("keeps `after` common lines after the change", () => {
    expect(texts(numbered(20), numbered(20).replace("line 5\n", "five\n"), 1, 4)).toEqual({
      linesBefore: 3,
      old: "line 4\nline 5\nline 6\nline 7\nline 8\nline 9\n",
      new: "line 4\nfive\nline 6\nline 7\nline 8\nline 9\n",
    });
  });

  it("keeps whole lines: a change inside a line takes the line from its start", () => {
    expect(texts("a\nb\nc\nxyz\nd\ne\nf\ng\n", "a\nb\nc\nxYz\nd\ne\nf\ng\n", 1)).toEqual({
      linesBefore: 2,
      old: "c\nxyz\nd\n",
      new: "c\nxYz\nd\n",
    });
  });

  it("takes the line a common end begins inside of: its start differs", () => {
    // "b\nc\n" is common to both ends, but the line "xb" is not "b".
    expect(texts("a\nxb\nc\n", "a\nb\nc\n", 0)).toEqual({
      linesBefore: 1,
      old: "xb\n",
      new: "b\n",
    });
  });

  it("never lets the common end overlap the common start", () => {
    // The common start "a\n" and the common end "a\n" are the same characters of the new text.
    expect(texts("a\n", "a\na\n", 0)).toEqual({ linesBefore: 1, old: "", new: "a\n" });
    expect(texts("a\na\n", "a\n", 0)).toEqual({ linesBefore: 1, old: "a\n", new: "" });
  });

  it("bounds the common end by the shorter text's rest after the common start, not the longer's", () => {
    // Bounded by the longer text, the common end "x\ny\n" would take the shorter text's
    // common start too, and the window would end after the first repeated line.
    expect(texts("x\ny\nx\ny\n", "x\ny\n", 0)).toEqual({ linesBefore: 2, old: "x\ny\n", new: "" });
    expect(texts("x\ny\n", "x\ny\nx\ny\n", 0)).toEqual({ linesBefore: 2, old: "", new: "x\ny\n" });
  });

  it("ends at once for equal texts: an empty window at their end", () => {
    // gitPatch never asks for it, but the common start must stop at the texts' end.
    expect(changedWindow("a\nb\n", "a\nb\n", 0)).toEqual({
      start: 4,
      linesBefore: 2,
      oldEnd: 4,
      newEnd: 4,
    });
  });

  it("runs to a text's end when the change is there, a last line without a break included", () => {
    expect(texts("a\nb\nc\nd", "a\nb\nc\nD", 1)).toEqual({
      linesBefore: 2,
      old: "c\nd",
      new: "c\nD",
    });
    expect(texts("a\nb\n", "a\nb\nc", 5)).toEqual({
      linesBefore: 0,
      old: "a\nb\n",
      new: "a\nb\nc",
    });
  });

  it("compares past the slice size (common ends longer than 4096 characters)", () => {
    const head = "h".repeat(5000) + "\n";
    const tail = "t".repeat(9000) + "\n";
    expect(texts(`${head}old\n${tail}`, `${head}new\n${tail}`, 0)).toEqual({
      linesBefore: 1,
      old: "old\n",
      new: "new\n",
    });
  });
});

describe("changedWindow at a text's first character and at empty lines", () => {
  it("starts at 0 when the texts differ from their first line on, also after a leading empty line", () => {
    // The line that holds index 0 starts at 0, though the character there is a break.
    expect(texts("\na\n", "\nb\n", 0)).toEqual({ linesBefore: 1, old: "a\n", new: "b\n" });
    expect(texts("\na\n", "x\na\n", 0)).toEqual({ linesBefore: 0, old: "\n", new: "x\n" });
    expect(texts("\na\nb\n", "\na\nB\n", 3)).toEqual({
      linesBefore: 0,
      old: "\na\nb\n",
      new: "\na\nB\n",
    });
  });

  it("counts the lines before a window that starts at an empty line", () => {
    expect(texts("a\nb\n\nc\n", "a\nb\n\nC\n", 1)).toEqual({
      linesBefore: 2,
      old: "\nc\n",
      new: "\nC\n",
    });
  });
});

/**
 * The window by whole lines, the plain way: the lines common to both starts, then those
 * common to both ends among the rest, and `context`/`after` of them kept around the change.
 */
function byLines(oldText: string, newText: string, context: number, after: number) {
  const lines = (text: string) => text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
  const a = lines(oldText);
  const b = lines(newText);
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (
    tail < a.length - head &&
    tail < b.length - head &&
    a[a.length - 1 - tail] === b[b.length - 1 - tail]
  )
    tail++;
  const from = Math.max(0, head - context);
  const keep = Math.min(tail, after);
  return {
    linesBefore: from,
    old: a.slice(from, a.length - tail + keep).join(""),
    new: b.slice(from, b.length - tail + keep).join(""),
  };
}

describe("changedWindow is the window of whole lines", () => {
  it("agrees with the plain line-by-line window on generated changes", () => {
    let seed = 20_261_207;
    const next = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed % n;
    };
    const pieces = ["a", "a\n", "\n", "b\n", "ab", "x"];
    const text = (length: number) =>
      Array.from({ length }, () => pieces[next(pieces.length)]!).join("");
    for (let i = 0; i < 3000; i++) {
      const shared = text(next(6));
      const oldText = shared + text(next(8));
      const newText = (next(2) ? shared : "") + text(next(8));
      const context = next(4);
      const after = next(5);
      // gitPatch never asks for the window of equal texts.
      if (oldText === newText) continue;
      expect(
        texts(oldText, newText, context, after),
        JSON.stringify({ oldText, newText, context, after }),
      ).toEqual(byLines(oldText, newText, context, after));
    }
  });
});
