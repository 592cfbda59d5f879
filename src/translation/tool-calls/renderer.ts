import type { ToolCallContent } from "@agentclientprotocol/sdk/unstable";
import { planFilePath } from "../../extensions/air/plan-file.js";
import type { ClientProfile } from "../../profile/client-profile.js";
import type { ToolCallDecorator } from "./decorator.js";
import { decoratorsFor } from "./decorators.js";
import type { InputFacts } from "./facts.js";
import type { RenderedToolCall } from "./field-tracker.js";
import { reporterFor, safely } from "./registry.js";
import { genericReporter } from "./reporters/generic.js";
import { denialContent, denialResponse } from "./permission-denial.js";
import { fenced, textContent, type ToolReporter } from "./reporter.js";
import type { ToolCallState } from "./tool-call-state.js";

/**
 * The reporter's input facts, or the generic ones when the input is too odd to read. A
 * client that is not AIR gets upstream's titles, which name a file in the session's
 * directory relative to it; AIR's name the absolute path ("Claude tools and ACP fields").
 */
export function inputFacts(state: ToolCallState, profile: ClientProfile): InputFacts {
  const cwd = profile.air.client ? undefined : state.cwd;
  return safely(
    () => reporterOf(state, profile).describe(state.input, state.toolName, cwd),
    () => genericReporter.describe(state.input, state.toolName),
  );
}

/**
 * The tool's reporter for the client (AIR shows some tools differently, "Claude tools and
 * ACP fields"), or the generic one when the complete input is malformed.
 */
export function reporterOf(state: ToolCallState, profile: ClientProfile): ToolReporter {
  const reporter = reporterFor(state.toolName, profile.air.client);
  return state.inputComplete && !wellFormed(reporter.requires, state.input)
    ? genericReporter
    : reporter;
}

function wellFormed(
  requires: readonly string[] | undefined,
  input: Readonly<Record<string, unknown>>,
): boolean {
  return (requires ?? []).every((key) => typeof input[key] === "string");
}

/**
 * The ONE place that decides which ACP field carries each fact, for the negotiated
 * client (S000 "Tool call contract", "Claude tools and ACP fields", "Zed conventions").
 * Pure: the same state and profile always render the same report. The standard fields
 * and the upstream `_meta.claudeCode` keys are built here; `decorators` (picked once from
 * the profile, `decoratorsFor`; callers on the hot path pass them) add the negotiated
 * extensions' `_meta` keys. `facts`: the state's `inputFacts`, when the caller has them.
 */
export function renderToolCall(
  state: ToolCallState,
  profile: ClientProfile,
  facts: InputFacts = inputFacts(state, profile),
  decorators: readonly ToolCallDecorator[] = decoratorsFor(profile),
): RenderedToolCall {
  const air = profile.air.client;
  const done = state.status === "completed" || state.status === "failed";
  // The Zed terminal channel: a `terminal` block in place of the console output.
  const terminal = facts.command === true && profile.zed.terminalOutput;
  // AIR `planFile`: the plan file's path stands in for the plan text ("Plan file").
  const planPath =
    profile.air.planFile && state.toolName === "ExitPlanMode" ? planFilePath(state) : undefined;
  // Optional fields are assigned, not spread in: this runs for every report, mostly
  // before V8 optimises it (src/util/tiering.ts), where a spread costs ~5x an assignment.
  const claudeCode: Record<string, unknown> = { toolName: state.toolName };
  if (state.parentToolUseId) claudeCode.parentToolUseId = state.parentToolUseId;
  if (state.toolResponse !== undefined) {
    const response = air ? markersOf(state.toolResponse) : state.toolResponse;
    if (response !== undefined) claudeCode.toolResponse = response;
  }
  // A denial's reason: upstream's response for a client that is not AIR; AIR reads it
  // in `content` only (each fact in one field) and the kind in `nonExecutionKind`.
  if (state.denial && !air) claudeCode.toolResponse = denialResponse(state.denial);
  if (done && state.nonExecutionKind !== undefined)
    claudeCode.nonExecutionKind = state.nonExecutionKind;
  const meta: Record<string, unknown> = { claudeCode };
  for (let i = 0; i < decorators.length; i++) decorators[i]!.decorate(meta, state, facts);

  const report: Record<string, unknown> = {
    toolCallId: state.toolCallId,
    title: state.postFacts?.title ?? state.resultFacts?.title ?? facts.title,
    kind: facts.kind,
    status: state.status,
  };
  // A client that is not AIR gets upstream's pending title, and an empty location list
  // for a file tool whose path has not streamed yet.
  const pending = air || state.inputComplete ? undefined : pendingTitle(state.toolName);
  if (pending !== undefined && facts.title === state.toolName) report.title = pending;
  // Upstream's location of an edit, once done, names the line of its first hunk.
  const landed = air ? undefined : state.postFacts?.locations;
  if (landed) report.locations = landed.slice();
  else if (facts.locations) report.locations = facts.locations.slice();
  else if (!air && (facts.kind === "read" || facts.kind === "edit")) report.locations = [];
  const shown: Shown = { result: false };
  const display = planPath === undefined ? facts.displayText : undefined;
  report.content = renderContent(state, facts, profile, terminal, decorators, display, shown);
  report.rawInput = renderRawInput(state, profile, planPath);
  // AIR gets the raw result only when no other field carries it ("Tool call contract").
  const carried = shown.result || (air && state.resultFacts?.title !== undefined);
  if (done && state.result !== undefined && !terminal && !(air && carried))
    report.rawOutput = state.result.raw;
  report._meta = meta;
  return report;
}

/**
 * Upstream's title of a tool call whose input has not streamed yet, for a client that is
 * not AIR ("standard ACP fields with the upstream values"); other tools show their name.
 */
const PENDING_TITLES: ReadonlyMap<string, string> = new Map([
  ["Bash", "Terminal"],
  ["Read", "Read File"],
  ["Write", "Preparing file…"],
  ["Agent", "Task"],
]);

function pendingTitle(toolName: string): string | undefined {
  return PENDING_TITLES.get(toolName);
}

/** What `renderContent` put in `content`: whether a block shows the result. */
interface Shown {
  result: boolean;
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

function renderRawInput(
  state: ToolCallState,
  profile: ClientProfile,
  planPath: string | undefined,
): unknown {
  // Upstream clients get `{}` first and each partial refinement; AIR only the complete input.
  if (!profile.air.client) return state.input;
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

function renderContent(
  state: ToolCallState,
  facts: InputFacts,
  profile: ClientProfile,
  terminal: boolean,
  decorators: readonly ToolCallDecorator[],
  displayText: string | undefined,
  shown: Shown,
): ToolCallContent[] {
  const display: ToolCallContent[] =
    displayText && !profile.air.rawInputRendering && !terminal ? [textContent(displayText)] : [];
  // A tool refused before it ran: its reason is the result (a command ran in no terminal).
  if (state.denial) {
    shown.result = true;
    return display.concat(denialContent(state.denial));
  }
  if (terminal) {
    shown.result = true;
    return [{ type: "terminal", terminalId: state.toolCallId }];
  }
  const output = state.resultFacts?.commandOutput;
  if (facts.command) {
    if (!output?.output) return display;
    shown.result = true;
    const block = textContent(fenced(output.output, "console"));
    // Upstream's output replaces the description for a client that is neither AIR nor v2
    // (Compatibility rule); AIR and v2 keep the description above it.
    if (!profile.air.client && !profile.v2.filePatches) return [block];
    return display.concat(block);
  }
  // Upstream's hunks for a client that takes no exact patch (AIR's or v2's), else the file.
  const hunks = profile.air.client || profile.v2.filePatches ? undefined : state.postFacts?.hunks;
  const final = hunks ?? state.postFacts?.content;
  if (final && final.length > 0) {
    shown.result = true;
    return display.concat(decorated(final, "final", state, decorators));
  }
  // A result without a display form of its own goes to AIR in `rawOutput` only.
  const rawOnly = profile.air.client && state.resultFacts?.rawOnly === true;
  const result = state.resultFacts?.content;
  if (result && result.length > 0 && !rawOnly) {
    shown.result = true;
    return display.concat(result);
  }
  if (state.status === "failed" && state.result?.text && !rawOnly) {
    shown.result = true;
    return display.concat(textContent(state.result.text));
  }
  return display.concat(decorated(facts.inputContent ?? [], "input", state, decorators));
}

/** `picked` after each decorator's `content` hook (an index loop: hot path). */
function decorated(
  picked: readonly ToolCallContent[],
  from: "input" | "final",
  state: ToolCallState,
  decorators: readonly ToolCallDecorator[],
): readonly ToolCallContent[] {
  let content = picked;
  for (let i = 0; i < decorators.length; i++) {
    const hook = decorators[i]!.content;
    if (hook) content = hook.call(decorators[i], content, from, state);
  }
  return content;
}
