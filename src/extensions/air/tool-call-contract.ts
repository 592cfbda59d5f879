import type { ToolCallContract } from "../../translation/tool-calls/contract.js";
import type { ToolCallState } from "../../translation/tool-calls/tool-call-state.js";
import { requestPreview } from "./diff-patch.js";
import { planFileCandidate, planFilePath } from "./plan-file.js";
import type { AirProfile } from "./profile.js";
import { AIR_REPORTERS } from "./reporters.js";

/**
 * AIR's tool call contract (air-extensions.md "Tool call contract", "Claude tools and ACP
 * fields"; the `toolCallContract` hook): each fact in one field, `_meta` merged key by
 * key, absolute paths in titles, only the complete input, no repeated plans; an approved
 * tool runs at once, and a permission request repeats only an exact preview patch (the
 * client has the tool call). `rawInputRendering`: the client renders the raw input itself,
 * so no display text; `planFile`: the plan file's path stands in for the plan text.
 */
export function airToolCallContract(air: AirProfile): ToolCallContract {
  return Object.freeze({
    relativeTitles: false,
    reporters: AIR_REPORTERS,
    toolResponse: markersOf,
    denialInResponse: false,
    pendingTitles: false,
    upstreamLocations: false,
    rawInput: airRawInput,
    ...(air.planFile ? { planFile: { candidate: planFileCandidate, path: planFilePath } } : {}),
    rawOutputAlways: false,
    displayText: !air.rawInputRendering,
    rawOnlyInContent: false,
    outputReplacesDescription: false,
    editHunks: false,
    repeatsPlans: false,
    mergesMeta: true,
    fullResponseUpdate: false,
    approvalRuns: true,
    namesTool: false,
    requestContent: requestPreview,
    repeatsTerminalContent: false,
  });
}

/**
 * AIR's `claudeCode.toolResponse` ("Zed conventions"): only the `status` and `isAsync`
 * markers of the PostToolUse response, or undefined when it has neither.
 */
function markersOf(response: unknown): Record<string, unknown> | undefined {
  if (response === null || typeof response !== "object") return undefined;
  const full = response as Record<string, unknown>;
  if (full.status === undefined && full.isAsync === undefined) return undefined;
  const markers: Record<string, unknown> = {};
  if (full.status !== undefined) markers.status = full.status;
  if (full.isAsync !== undefined) markers.isAsync = full.isAsync;
  return markers;
}

/** The input keys that hold file text, which AIR takes from the diff only ("Tool call contract"). */
const FILE_TEXT_KEYS: Readonly<Record<string, readonly string[]>> = {
  Edit: ["old_string", "new_string"],
  Write: ["content"],
};

/**
 * AIR's `rawInput`: only the complete input (upstream clients get `{}` first and each
 * partial refinement), the plan file in place of the plan, no file text.
 */
function airRawInput(state: ToolCallState, planPath: string | undefined): unknown {
  if (!state.inputComplete) return undefined;
  if (planPath !== undefined) return { planFilePath: planPath };
  const fileText = Object.prototype.hasOwnProperty.call(FILE_TEXT_KEYS, state.toolName)
    ? FILE_TEXT_KEYS[state.toolName]!
    : undefined;
  if (!fileText) return state.input;
  // A copy without the file text: a for…in and assignments (hot path).
  const input: Record<string, unknown> = {};
  for (const key in state.input) if (!fileText.includes(key)) input[key] = state.input[key];
  return input;
}
