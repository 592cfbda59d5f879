/**
 * Copies untrusted JSON into plain data: own enumerable keys only, and never the keys
 * that reach an object's prototype (`__proto__`, `constructor`, `prototype`). Parsers
 * run on the copy, so a client cannot switch a flag on through an inherited property.
 */
const FORBIDDEN_KEYS = new Set(["__proto__", "constructor", "prototype"]);
const MAX_DEPTH = 64;

export function toPlainData(value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== "object") return value;
  if (depth >= MAX_DEPTH) return undefined;
  if (Array.isArray(value)) return value.map((item) => toPlainData(item, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    if (FORBIDDEN_KEYS.has(key)) continue;
    copy[key] = toPlainData((value as Record<string, unknown>)[key], depth + 1);
  }
  return copy;
}

/**
 * Deep equality of plain data: what `JSON.parse` returns and object literals of it (the
 * fields of a tool call report). Own enumerable keys only; `undefined` values count, as
 * for `isDeepStrictEqual`, which this replaces where it runs for every report: Node's
 * general comparison costs ~5x this before V8 optimises either (src/util/tiering.ts).
 */
export function samePlainData(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (a === null || b === null || typeof a !== "object" || typeof b !== "object") return false;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!samePlainData(a[i], b[i])) return false;
    return true;
  }
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    if (!Object.prototype.hasOwnProperty.call(b, key)) return false;
    if (!samePlainData((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]))
      return false;
  }
  return true;
}

/** Reads `obj[key]` only when it is the object's own property. */
export function ownField(obj: unknown, key: string): unknown {
  if (obj === null || typeof obj !== "object" || Array.isArray(obj)) return undefined;
  return Object.prototype.hasOwnProperty.call(obj, key)
    ? (obj as Record<string, unknown>)[key]
    : undefined;
}

/** A JSON object: an object that is neither null nor an array. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** A value that is neither `null` nor `undefined` (a type guard for `filter`). */
export function present<T>(value: T | null | undefined): value is T {
  return value !== null && value !== undefined;
}
