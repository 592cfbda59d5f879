/**
 * File names in a Git patch header, as `git diff` writes them with the default
 * `core.quotePath` (air-extensions.md "Diff patch": "The adapter quotes a path as Git does").
 */

/** The single-letter escapes of Git's C-style quoting; every other control byte is octal. */
const LETTER_ESCAPES: Readonly<Record<number, string>> = {
  0x07: "a",
  0x08: "b",
  0x09: "t",
  0x0a: "n",
  0x0b: "v",
  0x0c: "f",
  0x0d: "r",
  0x22: '"',
  0x5c: "\\",
};

/**
 * Whether Git quotes a byte: a control byte, DEL, a double quote, a backslash, and (with
 * `core.quotePath`, Git's default) every byte of a non-ASCII character.
 */
function mustQuote(byte: number): boolean {
  return byte < 0x20 || byte >= 0x7f || byte === 0x22 || byte === 0x5c;
}

/**
 * `name` as Git writes it in a header: unchanged when no byte needs quoting, else in
 * double quotes with C escapes and three-digit octal for the other bytes of its UTF-8 form.
 */
export function quoteGitPath(name: string): string {
  const bytes = new TextEncoder().encode(name);
  if (!bytes.some(mustQuote)) return name;
  let quoted = '"';
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    if (!mustQuote(byte)) quoted += String.fromCharCode(byte);
    else if (LETTER_ESCAPES[byte] !== undefined) quoted += `\\${LETTER_ESCAPES[byte]}`;
    else quoted += `\\${byte.toString(8).padStart(3, "0")}`;
  }
  return `${quoted}"`;
}

/** A drive-letter (`C:\`) or UNC (`\\server`) path: its backslashes are separators. */
const WINDOWS_PATH = /^(?:[A-Za-z]:\\|\\\\)/;

/**
 * The name of `path` in the patch, before the `a/` and `b/` prefixes: a Windows path with
 * forward slashes, then without its leading slash. A backslash in a POSIX name is part of
 * the name and stays (Git quotes it).
 */
export function patchName(path: string): string {
  const slashed = WINDOWS_PATH.test(path) ? path.replace(/\\/g, "/") : path;
  return slashed.startsWith("/") ? slashed.slice(1) : slashed;
}
