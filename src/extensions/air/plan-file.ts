import type { ToolCallState } from "../../translation/tool-calls/tool-call-state.js";

/**
 * AIR `planFile` ("Plan file", "ExitPlanMode reports"): the absolute path of the plan
 * file an ExitPlanMode names, for `rawInput: {planFilePath}` in place of the plan text.
 * The path of the complete input (the CLI adds it only when the plan file exists), else,
 * once the tool is done, the `filePath` of the structured result. Undefined while the
 * path is not known (a streaming input, an older CLI that sends the plan only inline):
 * the report then carries no `planFilePath` key, never a blank or relative one, because
 * AIR reads a present non-file value as a retraction.
 */
export function planFilePath(state: ToolCallState): string | undefined {
  const path = planFileCandidate(state);
  // "Fallback": a plan file that does not exist gives the plan text as before.
  return path !== undefined && state.missingPlanFile === path ? undefined : path;
}

/**
 * The path `planFilePath` sends unless the session found that it names no regular file
 * (`ToolCallState.missingPlanFile`, checked once per path by the translator).
 */
export function planFileCandidate(state: ToolCallState): string | undefined {
  if (!state.inputComplete) return undefined;
  const named = absolutePath(state.input.planFilePath);
  if (named !== undefined) return named;
  const response = state.toolResponse as { filePath?: unknown } | null | undefined;
  return response ? absolutePath(response.filePath) : undefined;
}

/** A non-blank absolute path (POSIX, or a Windows drive or UNC path), else undefined. */
function absolutePath(value: unknown): string | undefined {
  if (typeof value !== "string" || value.trim() !== value || value === "") return undefined;
  return value.startsWith("/") || /^[A-Za-z]:[\\/]/.test(value) || value.startsWith("\\\\")
    ? value
    : undefined;
}
