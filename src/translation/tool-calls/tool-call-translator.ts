import type {
  SessionUpdate,
  ToolCall,
  ToolCallContent,
  ToolCallUpdate,
} from "@agentclientprotocol/sdk/unstable";
import type { ClientProfile } from "../../profile/client-profile.js";
import type { ToolCallContract } from "./contract.js";
import type {
  FileBeforeApproval,
  PostToolUse,
  RegularFileCheck,
  ToolResult,
  ToolResultBlock,
  ToolUseBlock,
} from "./facts.js";
import type { RoutedUpdate, UpdateTarget } from "../routed-update.js";
import { SUBAGENT_TOOLS, subagentsOffRoot } from "../subagents/child-session.js";
import { ToolCallFieldTracker } from "./field-tracker.js";
import { StreamedInputs } from "./partial-input.js";
import { safely } from "./registry.js";
import { inputFacts, renderingFor, renderToolCall, reporterOf } from "./renderer.js";
import type { ToolCallRendering } from "./renderer.js";
import { defaultResult, record, resultText, str } from "./reporter.js";
import { markdownPlanUpdates } from "./markdown-plan.js";
import { PlanUpdates } from "./plan-updates.js";
import { TASK_TOOLS, TaskPlan, type TaskHookEvent } from "./task-plan.js";
import { denialKind, type NonExecutionKind, type PermissionDenial } from "./permission-denial.js";
import { newToolCallState, type ToolCallState } from "./tool-call-state.js";

/**
 * Claude tool uses → `tool_call` / `tool_call_update` (and `plan`) for one session.
 * Holds the state of each tool call; the reporters read the data, the renderer picks
 * the fields, the tracker trims what the client has. No I/O.
 */
export class ToolCallTranslator {
  private calls = new Map<string, ToolCallState>();
  /** The session's task list, kept across turns. */
  private readonly taskPlan = new TaskPlan();
  private readonly tracker: ToolCallFieldTracker;
  /** The client's contract and its extensions' decorators, picked once. */
  private rendering: ToolCallRendering;
  private readonly contract: ToolCallContract;
  private readonly streaming = new StreamedInputs();
  /** PostToolUse data not reported yet (`postToolUseLater`). */
  private readonly posted = new Map<string, PostToolUse>();
  private readonly plans: PlanUpdates;
  /** The plan file check, for a contract with a plan file (AIR `planFile`) only. */
  private readonly regularFile: RegularFileCheck | undefined;
  /** Agent and Task are tool calls; not for native child sessions, whose card they would repeat. */
  private readonly subagentCalls: boolean;
  /** Whether a subagent call got its native child session (the session knows). */
  private hasChildSession: (toolUseId: string) => boolean = () => true;
  /**
   * Makes this a history replay's translator (`ToolCallRendering.replay`): the PostToolUse
   * facts (an edit's final diff) ride on the completion, not in an update of their own, and
   * no report carries the tool's response. Upstream's replay sends one update per stored
   * message, without it (issue 34); the client's merged view is otherwise the same.
   */
  replays(): void {
    this.rendering = { ...this.rendering, replay: true };
  }

  constructor(
    private readonly profile: ClientProfile,
    /** Whether subagent tool calls go to the root transcript (flat transcript). */
    private readonly flatSubagents: boolean,
    /** Checks an ExitPlanMode's plan file (AIR `planFile`); none: trust the CLI. */
    regularFile?: RegularFileCheck,
    /** The session's directory, which a title names a file in relative to (upstream's titles). */
    private readonly cwd?: string,
  ) {
    this.rendering = renderingFor(profile);
    const contract = (this.contract = this.rendering.contract);
    this.regularFile = contract.planFile ? regularFile : undefined;
    this.subagentCalls = !subagentsOffRoot(profile);
    this.plans = new PlanUpdates(!contract.repeatsPlans);
    const decorators = this.rendering.decorators;
    const appended = decorators.flatMap((decorator) => decorator.appendedKeys);
    const merged = decorators.flatMap((decorator) => decorator.mergedObjects ?? []);
    this.tracker = new ToolCallFieldTracker(contract.mergesMeta, appended, merged);
  }

  /**
   * A contract's plan file (AIR "Plan file"): the path goes out only when it names a
   * regular file ("Fallback": else the plan text). Checked once per path, before a report
   * renders it.
   */
  private checkPlanFile(state: ToolCallState): void {
    const planFile = this.contract.planFile;
    if (!this.regularFile || !planFile || state.toolName !== "ExitPlanMode") return;
    const path = planFile.candidate(state);
    if (path === undefined || state.checkedPlanFile === path) return;
    state.checkedPlanFile = path;
    state.missingPlanFile = this.regularFile(path) ? undefined : path;
  }

  private visible(parentToolUseId: string | null): boolean {
    return parentToolUseId === null || this.flatSubagents;
  }

  /** A streamed tool_use begins: the first `tool_call` goes out at once. */
  start(block: { id: string; name: string }, parent: string | null, index: number): RoutedUpdate[] {
    if (!this.visible(parent) || this.calls.has(block.id)) return [];
    const state = newToolCallState(block.id, block.name, parent, this.cwd);
    this.calls.set(block.id, state);
    this.streaming.begin(block.id, parent, index);
    return this.report(state);
  }

  /** More streamed input: a refinement when a new parameter is complete. */
  inputDelta(partialJson: string, parent: string | null, index: number): RoutedUpdate[] {
    const streaming = this.streaming.append(partialJson, parent, index);
    if (!streaming) return [];
    const state = this.calls.get(streaming.toolCallId);
    if (!state || state.inputComplete) return [];
    const partial = this.streaming.refined(streaming, partialJson);
    if (!partial) return [];
    state.input = partial;
    return this.report(state);
  }

  /** The end of a streamed message. */
  messageStopped(parent: string | null): void {
    this.streaming.messageStopped(parent);
  }

  /** The complete tool_use block (from the assistant message). */
  complete(block: ToolUseBlock, parent: string | null): RoutedUpdate[] {
    if (!this.visible(parent)) {
      // A hidden subagent's task tools still change the session's task list.
      if (TASK_TOOLS.has(block.name)) this.taskPlan.awaitResult(block.id, block.name, block.input);
      return [];
    }
    let state = this.calls.get(block.id);
    if (!state) {
      state = newToolCallState(block.id, block.name, parent, this.cwd);
      this.calls.set(block.id, state);
    }
    state.input = record(block.input) ?? {};
    state.inputComplete = true;
    return this.report(state);
  }

  /**
   * The tool ran (or was denied): its result; `stamped`: Claude Code's non-execution kind.
   * A PostToolUse report not sent yet (`postToolUseLater`) goes first.
   */
  result(block: ToolResultBlock, structured: unknown, stamped?: NonExecutionKind): RoutedUpdate[] {
    const posted = this.takePosted(block.tool_use_id); // then nothing is left to take
    if (posted.length > 0) return posted.concat(this.result(block, structured, stamped));
    const state = this.calls.get(block.tool_use_id);
    const kind = state?.nonExecutionKind;
    // The kind Claude Code stamped is the exact one of a refusal (auto mode has three).
    if (state && kind !== undefined && stamped) state.nonExecutionKind = stamped;
    // A denial ended the call with the refusal this result repeats: no second report.
    if (state?.denial && state.status === "failed")
      return state.nonExecutionKind === kind ? [] : this.report(state);
    if (!state) {
      const result = { isError: block.is_error === true, text: "", raw: block.content, structured };
      const plan = this.taskPlan.awaitedResult(block.tool_use_id, result);
      return plan ? this.plans.of(null, plan) : [];
    }
    const result: ToolResult = {
      isError: block.is_error === true,
      text: resultText(block.content),
      raw: block.content,
      structured,
    };
    // The structured output is the tool's full response (the PostToolUse hook runs only
    // for the file tools); a hook response that came first stays.
    const updates: RoutedUpdate[] = [];
    if (state.toolResponse === undefined && structured !== undefined && !result.isError) {
      state.toolResponse = structured;
      // Upstream sends the full response as its own update before the completion.
      const full = typeof structured === "object" && structured !== null;
      const own = full && !this.rendering.replay && this.contract.fullResponseUpdate;
      if (own && !TASK_TOOLS.has(state.toolName)) updates.push(...this.report(state));
    }
    state.result = result;
    state.status = result.isError ? "failed" : "completed";
    if (TASK_TOOLS.has(state.toolName) && !this.tracker.has(state.toolCallId)) {
      const plan = this.taskPlan.apply(state.toolName, state.input, result);
      return plan ? this.plans.of(state.parentToolUseId, plan) : [];
    }
    const reporter = reporterOf(state, this.contract);
    state.resultFacts = safely(
      () => (reporter.result ?? defaultResult)(result, state.input),
      () => defaultResult(result),
    );
    return updates.concat(this.report(state));
  }

  /** A TaskCreated / TaskCompleted hook: the session's plan, whoever changed the task list. */
  taskHook(event: TaskHookEvent): RoutedUpdate[] {
    const plan = this.taskPlan.hook(event);
    return plan ? this.plans.of(null, plan) : [];
  }

  /** Whether the PostToolUse report shows the file on disk (read before the hook answers). */
  readsFileAfter(toolUseId: string, toolResponse: unknown): boolean {
    const state = this.calls.get(toolUseId);
    const reporter = state && reporterOf(state, this.contract);
    return reporter?.readsFileAfter?.(toolResponse, this.contract.editHunks) === true;
  }

  /**
   * The PostToolUse data, reported once the hook answered (`takePosted`): an edit's diff
   * need not hold Claude Code up. Its result (sent after the answer) takes it first if it is
   * still here: the report always precedes the completion.
   */
  postToolUseLater(toolUseId: string, post: PostToolUse): void {
    if (this.calls.has(toolUseId)) this.posted.set(toolUseId, post);
  }

  /** The report of a `postToolUseLater` not sent yet. */
  takePosted(toolUseId: string): RoutedUpdate[] {
    const post = this.posted.get(toolUseId);
    if (post === undefined) return [];
    this.posted.delete(toolUseId);
    return this.postToolUse(toolUseId, post);
  }

  /** The PostToolUse hook: the full tool response, and final facts such as a diff. */
  postToolUse(toolUseId: string, post: PostToolUse): RoutedUpdate[] {
    const state = this.calls.get(toolUseId);
    if (!state) return [];
    state.toolResponse = post.toolResponse;
    if (post.replayed) state.replayed = true;
    const reporter = reporterOf(state, this.contract);
    if (reporter.postToolUse) {
      const facts = safely(
        () => reporter.postToolUse!(post, state.input),
        () => ({}),
      );
      if (Object.keys(facts).length > 0) state.postFacts = facts;
    }
    // A replay reports these facts with the completion that follows at once.
    return this.rendering.replay ? [] : this.report(state);
  }

  /**
   * A progress beat: the tool runs. A beat of a tool the client does not know (a
   * subagent's, outside the flat transcript) goes to its parent tool call.
   */
  progress(toolUseId: string, parent: string | null): RoutedUpdate[] {
    if (this.calls.has(toolUseId)) return this.running(toolUseId);
    return parent !== null ? this.running(parent) : [];
  }

  /** Which subagent calls got a child session (one without is an ordinary tool call). */
  knowChildSessions(hasChildSession: (toolUseId: string) => boolean): void {
    this.hasChildSession = hasChildSession;
  }

  /** The subagent whose work a known tool call is (its `parentToolUseId`), else null. */
  parentOf(toolUseId: string): UpdateTarget {
    return this.calls.get(toolUseId)?.parentToolUseId ?? null;
  }

  /** The user allowed the tool: AIR's contract learns that it runs now (upstream: no such status). */
  approved(toolUseId: string): RoutedUpdate[] {
    return this.contract.approvalRuns ? this.running(toolUseId) : [];
  }

  /** The user refused the tool: its result ends it with `claudeCode.nonExecutionKind`. */
  refused(toolUseId: string): void {
    const state = this.calls.get(toolUseId);
    if (state) state.nonExecutionKind = "permission-rule";
  }

  /** A rule, the classifier or a mode refused the tool unasked: it failed, with the reason. */
  denied(denial: PermissionDenial): RoutedUpdate[] {
    const state = this.calls.get(denial.toolUseId);
    if (!state || state.status === "completed" || state.status === "failed") return [];
    state.denial = denial;
    state.nonExecutionKind = denialKind(denial);
    state.status = "failed";
    return this.report(state);
  }

  /** The tool runs now. */
  running(toolUseId: string): RoutedUpdate[] {
    const state = this.calls.get(toolUseId);
    if (!state || state.status !== "pending") return [];
    state.status = "in_progress";
    return this.report(state);
  }

  /**
   * The tool call a permission request shows, after making sure the client has seen it
   * (a tool call always goes out before its permission request). `fileBefore`: the
   * target file of a file tool, read for a client that takes a preview of the change.
   */
  forPermission(
    toolUseId: string,
    toolName: string,
    input: unknown,
    fileBefore?: FileBeforeApproval,
  ): { updates: RoutedUpdate[]; toolCall: ToolCallUpdate; target: UpdateTarget } {
    let state = this.calls.get(toolUseId);
    const updates: RoutedUpdate[] = [];
    if (!state) {
      state = newToolCallState(toolUseId, toolName, null, this.cwd);
      this.calls.set(toolUseId, state);
    }
    // The CLI may add to the model's input before it asks (ExitPlanMode gets `plan` and
    // `planFilePath`): the input of the request is the one the tool runs with.
    state.input = record(input) ?? state.input;
    state.inputComplete = true;
    if (fileBefore) state.fileBeforeApproval = fileBefore;
    this.checkPlanFile(state);
    // A plan tool is reported as a plan; only a permission request shows it as a tool call.
    updates.push(...this.report(state, true));
    const rendered = renderToolCall(state, this.rendering);
    const { _meta, content, ...fields } = rendered;
    // Upstream's request repeats the whole tool call, with its tool's name; AIR's contract
    // has the tool call already, so its request repeats only an exact preview patch.
    const contract = this.contract;
    const shown = contract.requestContent(content as ToolCallContent[] | undefined);
    const named = contract.namesTool
      ? { toolCallId: fields.toolCallId, name: state.toolName, ...fields }
      : fields;
    return {
      updates,
      toolCall: { ...named, ...(shown ? { content: shown } : {}), _meta } as ToolCallUpdate,
      target: state.parentToolUseId,
    };
  }

  /**
   * Forgets the tool calls of a finished turn (the task list stays), and what their
   * reports sent: no report of them can follow, and a long session (or the replay of a
   * long history) would otherwise keep every tool output it ever reported.
   */
  endTurn(keep?: (parent: string) => boolean): void {
    const kept = new Map<string, ToolCallState>();
    for (const [toolCallId, state] of this.calls) {
      const parent = state.parentToolUseId;
      // A background subagent's tool calls go on after the turn (`keep`).
      if (parent !== null && keep?.(parent)) kept.set(toolCallId, state);
      else {
        this.tracker.forget(toolCallId);
        this.posted.delete(toolCallId);
      }
    }
    this.calls = kept;
    this.streaming.endTurn(keep);
  }

  private report(state: ToolCallState, asToolCall = false): RoutedUpdate[] {
    // A native child session is the subagent's card (its own permission request aside);
    // a launch that ended without a child is an ordinary tool call.
    if (!this.subagentCalls && !asToolCall && SUBAGENT_TOOLS.has(state.toolName)) {
      const ended = state.status === "completed" || state.status === "failed";
      if (!ended || this.hasChildSession(state.toolCallId)) return [];
    }
    // Task tools are reported as the plan they build; only a permission request shows them.
    if (TASK_TOOLS.has(state.toolName) && !asToolCall && !this.tracker.has(state.toolCallId))
      return [];
    const facts = inputFacts(state, this.rendering);
    if (facts.plan && !asToolCall) {
      // One plan per tool use, when its input is complete.
      if (!state.inputComplete || state.planSent) return [];
      state.planSent = true;
      return this.plans.of(state.parentToolUseId, facts.plan);
    }
    const first = !this.tracker.has(state.toolCallId);
    this.checkPlanFile(state);
    const markdown = markdownPlanUpdates(state, this.profile.plan).map((u) => routed(state, u));
    const rendered = renderToolCall(state, this.rendering, facts);
    const done = state.status === "completed" || state.status === "failed";
    // Upstream convention: the final update of a terminal command repeats its content.
    const terminal = done && facts.command && this.rendering.terminal;
    const repeat = terminal && this.contract.repeatsTerminalContent ? ["content"] : [];
    const fields = this.tracker.trim(state.toolCallId, rendered, repeat);
    if (!fields) return markdown;
    // Object.assign, not spreads: see trim().
    if (first) {
      const toolCall = Object.assign({ sessionUpdate: "tool_call" }, fields, {
        toolCallId: state.toolCallId,
        title: str(fields.title) ?? state.toolName,
      });
      // Upstream names the Claude tool in the first report (not an ACP field; not AIR's).
      if (this.contract.namesTool) Object.assign(toolCall, { name: state.toolName });
      return [routed(state, toolCall as SessionUpdate & ToolCall), ...markdown];
    }
    const update = Object.assign({ sessionUpdate: "tool_call_update" }, fields as ToolCallFields, {
      toolCallId: state.toolCallId,
    });
    return [routed(state, update as SessionUpdate), ...markdown];
  }
}

type ToolCallFields = Omit<ToolCallUpdate, "toolCallId"> & { content?: ToolCallContent[] };

/** An update of `state`'s tool call, for the session its tool use belongs to. */
function routed(state: ToolCallState, update: SessionUpdate): RoutedUpdate {
  return { target: state.parentToolUseId, update };
}
