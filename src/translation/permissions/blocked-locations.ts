import type { ToolCallLocation } from "@agentclientprotocol/sdk/unstable";

const MAX_PATH = 4096;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;

/**
 * The tool call's locations with the blocked path added, or undefined when the path is
 * not a valid absolute path or already a location (the client has it). The whole list
 * goes out, since a location list replaces the one before it.
 */
export function blockedLocations(
  known: readonly ToolCallLocation[],
  blockedPath: string | undefined,
): ToolCallLocation[] | undefined {
  if (!blockedPath || !isAbsolute(blockedPath) || blockedPath.length > MAX_PATH) return undefined;
  if (CONTROL.test(blockedPath)) return undefined;
  if (known.some((l) => l.path === blockedPath)) return undefined;
  return [...known, { path: blockedPath }];
}

function isAbsolute(path: string): boolean {
  return path.startsWith("/") || /^[A-Za-z]:[\\/]/.test(path) || path.startsWith("\\\\");
}
