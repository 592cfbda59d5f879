import type { ToolCallContent } from "@agentclientprotocol/sdk/unstable";
import type { ClientProfile } from "../../profile/client-profile.js";
import type { ToolCallDecorator } from "./decorator.js";
import { decoratorsFor } from "./decorators.js";
import type { InputFacts } from "./facts.js";
import type { RenderedToolCall } from "./field-tracker.js";
import { reporterFor, safely } from "./registry.js";
import { genericReporter } from "./reporters/generic.js";
import { fenced, textContent, type ToolReporter } from "./reporter.js";
import type { ToolCallState } from "./tool-call-state.js";

/** The reporter's input facts, or the generic ones when the input is too odd to read. */
export function inputFacts(state: ToolCallState): InputFacts {
  return safely(
    () => reporterOf(state).describe(state.input, state.toolName),
    () => genericReporter.describe(state.input, state.toolName),
  );
}

/** The tool's reporter, or the generic one when the complete input is malformed. */
export function reporterOf(state: ToolCallState): ToolReporter {
  const reporter = reporterFor(state.toolName);
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
  facts: InputFacts = inputFacts(state),
  decorators: readonly ToolCallDecorator[] = decoratorsFor(profile),
): RenderedToolCall {
  const done = state.status === "completed" || state.status === "failed";
  // The Zed terminal channel: a `terminal` block in place of the console output.
  const terminal = facts.command === true && profile.zed.terminalOutput;
  // Optional fields are assigned, not spread in: this runs for every report, mostly
  // before V8 optimises it (src/util/tiering.ts), where a spread costs ~5x an assignment.
  const claudeCode: Record<string, unknown> = { toolName: state.toolName };
  if (state.parentToolUseId) claudeCode.parentToolUseId = state.parentToolUseId;
  if (state.toolResponse !== undefined && !profile.air.client) {
    claudeCode.toolResponse = state.toolResponse;
  }
  const meta: Record<string, unknown> = { claudeCode };
  for (let i = 0; i < decorators.length; i++) decorators[i]!.decorate(meta, state, facts);

  const report: Record<string, unknown> = {
    toolCallId: state.toolCallId,
    title: state.postFacts?.title ?? state.resultFacts?.title ?? facts.title,
    kind: facts.kind,
    status: state.status,
  };
  if (facts.locations) report.locations = facts.locations.slice();
  report.content = renderContent(state, facts, profile, terminal, decorators);
  report.rawInput = renderRawInput(state, profile);
  if (done && state.result !== undefined && !terminal) report.rawOutput = state.result.raw;
  report._meta = meta;
  return report;
}

function renderRawInput(state: ToolCallState, profile: ClientProfile): unknown {
  // Upstream clients get `{}` first and each partial refinement; AIR only the complete input.
  if (state.inputComplete || !profile.air.client) return state.input;
  return undefined;
}

function renderContent(
  state: ToolCallState,
  facts: InputFacts,
  profile: ClientProfile,
  terminal: boolean,
  decorators: readonly ToolCallDecorator[],
): ToolCallContent[] {
  if (terminal) return [{ type: "terminal", terminalId: state.toolCallId }];
  const display: ToolCallContent[] =
    facts.displayText && !profile.air.rawInputRendering ? [textContent(facts.displayText)] : [];
  const output = state.resultFacts?.commandOutput;
  if (facts.command) {
    return output?.output ? display.concat(textContent(fenced(output.output, "console"))) : display;
  }
  const final = state.postFacts?.content;
  if (final && final.length > 0)
    return display.concat(decorated(final, "final", state, decorators));
  const shown = state.resultFacts?.content;
  if (shown && shown.length > 0) return display.concat(shown);
  if (state.status === "failed" && state.result?.text)
    return display.concat(textContent(state.result.text));
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
