/**
 * The part of two texts a line diff needs to see: everything but the whole lines they
 * share at their start and at their end, less `context` of those lines on each side (the
 * hunks' context). Git's own diff trims the common ends the same way (xdiff's
 * `xdl_trim_ends`) before it diffs. A one-line Edit of a 12,000-line file then diffs
 * 7 lines instead of 24,000: the line diff (`diff`'s `structuredPatch`) splits, hashes and
 * compares every line it gets, about 70 ms on the event loop for that file (issue 34), while
 * finding the common ends compares the texts in large slices.
 */
export interface ChangedWindow {
  /** Where the window starts in both texts (the common start before it is whole lines). */
  readonly start: number;
  /** The lines before `start`, so a hunk's line numbers are its window's plus these. */
  readonly linesBefore: number;
  /** Where the window ends in the old text and in the new one (the rest is common lines). */
  readonly oldEnd: number;
  readonly newEnd: number;
}

/** The largest slice compared at once while finding the common ends. */
const SLICE = 4096;

/**
 * The window of `oldText` → `newText` with `context` common lines kept before the change
 * and `after` common lines after it (fewer where a text begins or ends).
 */
export function changedWindow(
  oldText: string,
  newText: string,
  context: number,
  after = context,
): ChangedWindow {
  const prefix = commonPrefix(oldText, newText);
  let start = lineStartAt(oldText, prefix);
  // At the text's start this stays at 0 (the line that holds index -1 starts there).
  for (let i = 0; i < context; i++) start = lineStartAt(oldText, start - 1);
  // The common end may not reach into the common start: "a\n" → "a\na\n" is an added
  // second line (as the line diff, which follows the common start first, reports it).
  const room = Math.min(oldText.length, newText.length) - prefix;
  const suffix = commonSuffix(oldText, newText, room);
  // The first whole line of the common end starts after its first line break: what comes
  // before that break may be the end of a line that differs.
  const shift = newText.length - oldText.length;
  let oldEnd = oldText.length;
  const firstBreak = oldText.indexOf("\n", oldText.length - suffix);
  if (firstBreak !== -1) {
    oldEnd = firstBreak + 1;
    // At the text's end this stays there (gitPatch grows `after` only while the window
    // ends short of it, so this runs at most a few times its lines).
    for (let i = 0; i < after; i++) {
      const next = oldText.indexOf("\n", oldEnd);
      oldEnd = next === -1 ? oldText.length : next + 1;
    }
  }
  return { start, linesBefore: countBreaks(oldText, start), oldEnd, newEnd: oldEnd + shift };
}

/** The start of the line that holds `index` (a line holds its own break). */
function lineStartAt(text: string, index: number): number {
  return index <= 0 ? 0 : text.lastIndexOf("\n", index - 1) + 1;
}

function countBreaks(text: string, end: number): number {
  let count = 0;
  for (let at = text.indexOf("\n"); at !== -1 && at < end; at = text.indexOf("\n", at + 1)) count++;
  return count;
}

/**
 * How many characters both texts start with: slices first, then ever smaller ones. Bounded
 * by `a` alone: a slice that runs past `b`'s end is shorter than `a`'s, so it never matches
 * (bounded by the shorter text, the bound's choice was an equivalent mutant). The bound
 * itself stops equal texts, whose slices past both ends are both empty.
 */
function commonPrefix(a: string, b: string): number {
  let length = 0;
  for (let step = SLICE; step >= 1; step >>= 1)
    while (
      length + step <= a.length &&
      a.slice(length, length + step) === b.slice(length, length + step)
    )
      length += step;
  return length;
}

/** How many characters both texts end with, at most `max`. */
function commonSuffix(a: string, b: string, max: number): number {
  let length = 0;
  for (let step = SLICE; step >= 1; step >>= 1)
    while (
      length + step <= max &&
      a.slice(a.length - length - step, a.length - length) ===
        b.slice(b.length - length - step, b.length - length)
    )
      length += step;
  return length;
}
