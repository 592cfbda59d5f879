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

/** Reads `obj[key]` only when it is the object's own property. */
export function ownField(obj: unknown, key: string): unknown {
  if (obj === null || typeof obj !== "object" || Array.isArray(obj)) return undefined;
  return Object.prototype.hasOwnProperty.call(obj, key)
    ? (obj as Record<string, unknown>)[key]
    : undefined;
}
