import { Allow, parse } from "partial-json";
import { record } from "./reporter.js";

/**
 * Reads streamed tool input JSON. Strings are taken only once complete, so a half-typed
 * path never becomes a title; numbers, objects and arrays may be partial.
 */
export function parsePartialInput(json: string): Record<string, unknown> | undefined {
  if (!json.trim()) return {};
  try {
    return record(parse(json, Allow.ALL & ~Allow.STR)) as Record<string, unknown> | undefined;
  } catch {
    return undefined;
  }
}
