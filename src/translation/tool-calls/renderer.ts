import type { ToolCallContent } from "@agentclientprotocol/sdk/unstable";
import type { ClientProfile } from "../../profile/client-profile.js";
import { contractFor, type ToolCallContract } from "./contract.js";
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
 * What the renderer needs of the client, resolved once per translator from its profile
 * (`renderingFor`): its tool call contract, the negotiated extensions' decorators, and
 * whether one of them shows commands in a terminal (Zed's terminal channel).
 */
export interface ToolCallRendering {
  readonly contract: ToolCallContract;
  readonly decorators: readonly ToolCallDecorator[];
  readonly terminal: boolean;
  /**
   * A history replay: no PostToolUse hook ran, so no report carries the tool's response
   * in `claudeCode.toolResponse`. Upstream's replay sends none; the stored response is
   * as large as the output the report shows already (issue 34: 2.8 of a 20 MB history's
   * 17 MB replay). The response still feeds the reporters (an edit's final diff).
   */
  readonly replay?: boolean;
}

/** The rendering of the client `profile` describes (`decorators`: its extensions' by default). */
export function renderingFor(
  profile: ClientProfile,
  decorators: readonly ToolCallDecorator[] = decoratorsFor(profile),
): ToolCallRendering {
  return {
    contract: contractFor(profile),
    decorators,
    terminal: decorators.some((decorator) => decorator.terminal === true),
  };
}

/**
 * The reporter's input facts, or the generic ones when the input is too odd to read.
 * Upstream's titles name a file in the session's directory relative to it; a contract
 * without `relativeTitles` (AIR's) names the absolute path.
 */
export function inputFacts(state: ToolCallState, rendering: ToolCallRendering): InputFacts {
  const cwd = rendering.contract.relativeTitles ? state.cwd : undefined;
  return safely(
    () => reporterOf(state, rendering.contract).describe(state.input, state.toolName, cwd),
    () => genericReporter.describe(state.input, state.toolName),
  );
}

/**
 * The tool's reporter for the client's contract (which may show some tools in a shape of
 * its own: AIR's, "Claude tools and ACP fields"), or the generic one when the complete
 * input is malformed.
 */
export function reporterOf(state: ToolCallState, contract: ToolCallContract): ToolReporter {
  const reporter = reporterFor(state.toolName, contract.reporters);
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
 * client (S000 "Tool call contract", "Claude tools and ACP fields", "Zed conventions"),
 * as its contract says (`contract.ts`). Pure: the same state and rendering always render
 * the same report. The standard fields and the upstream `_meta.claudeCode` keys are built
 * here; the decorators add the negotiated extensions' `_meta` keys. `rendering` is
 * resolved once per translator (`renderingFor`); `facts`: the state's `inputFacts`, when
 * the caller has them.
 */
export function renderToolCall(
  state: ToolCallState,
  rendering: ToolCallRendering,
  facts: InputFacts = inputFacts(state, rendering),
): RenderedToolCall {
  const contract = rendering.contract;
  const decorators = rendering.decorators;
  const done = state.status === "completed" || state.status === "failed";
  // The terminal channel (Zed's): a `terminal` block in place of the console output.
  const terminal = facts.command === true && rendering.terminal;
  // The plan file's path stands in for the plan text (AIR `planFile`, "Plan file").
  const planFile = contract.planFile;
  const planPath =
    planFile !== undefined && state.toolName === "ExitPlanMode" ? planFile.path(state) : undefined;
  // Optional fields are assigned, not spread in: this runs for every report, mostly
  // before V8 optimises it (src/util/tiering.ts), where a spread costs ~5x an assignment.
  const claudeCode: Record<string, unknown> = { toolName: state.toolName };
  if (state.parentToolUseId) claudeCode.parentToolUseId = state.parentToolUseId;
  if (state.toolResponse !== undefined && rendering.replay !== true) {
    const response = contract.toolResponse(state.toolResponse);
    if (response !== undefined) claudeCode.toolResponse = response;
  }
  // A denial's reason: upstream's response too; a contract without it (AIR's) reads it
  // in `content` only (each fact in one field) and the kind in `nonExecutionKind`.
  if (state.denial && contract.denialInResponse)
    claudeCode.toolResponse = denialResponse(state.denial);
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
  // Upstream's pending title, and an empty location list for a file tool whose path has
  // not streamed yet.
  const pending =
    contract.pendingTitles && !state.inputComplete ? pendingTitle(state.toolName) : undefined;
  if (pending !== undefined && facts.title === state.toolName) report.title = pending;
  // Upstream's location of an edit, once done, names the line of its first hunk.
  const upstreamLocations = contract.upstreamLocations;
  const landed = upstreamLocations ? state.postFacts?.locations : undefined;
  if (landed) report.locations = landed.slice();
  else if (facts.locations) report.locations = facts.locations.slice();
  else if (upstreamLocations && (facts.kind === "read" || facts.kind === "edit"))
    report.locations = [];
  const shown: Shown = { result: false };
  const display = planPath === undefined ? facts.displayText : undefined;
  report.content = renderContent(state, facts, contract, terminal, decorators, display, shown);
  report.rawInput = contract.rawInput(state, planPath);
  // The raw result: always (upstream), or only when no other field carries it (AIR's
  // "Tool call contract").
  const carried = shown.result || state.resultFacts?.title !== undefined;
  if (done && state.result !== undefined && !terminal && (contract.rawOutputAlways || !carried))
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

function renderContent(
  state: ToolCallState,
  facts: InputFacts,
  contract: ToolCallContract,
  terminal: boolean,
  decorators: readonly ToolCallDecorator[],
  displayText: string | undefined,
  shown: Shown,
): ToolCallContent[] {
  const display: ToolCallContent[] =
    displayText && contract.displayText && !terminal ? [textContent(displayText)] : [];
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
    // Upstream's output replaces the description (Compatibility rule); AIR's and v2's
    // contracts keep the description above it.
    if (contract.outputReplacesDescription) return [block];
    return display.concat(block);
  }
  // Upstream's hunks for a client that takes no exact patch (AIR's or v2's), else the file.
  const hunks = contract.editHunks ? state.postFacts?.hunks : undefined;
  const final = hunks ?? state.postFacts?.content;
  if (final && final.length > 0) {
    shown.result = true;
    return display.concat(decorated(final, "final", state, decorators));
  }
  // A result without a display form of its own goes to AIR in `rawOutput` only.
  const rawOnly = !contract.rawOnlyInContent && state.resultFacts?.rawOnly === true;
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
