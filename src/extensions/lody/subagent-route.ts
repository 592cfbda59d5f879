import { watchToolCalls } from "../../session/subagents/subagent-calls.js";
import { randomUUID } from "node:crypto";
import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import type { SessionUpdate, ToolCallUpdate } from "@agentclientprotocol/sdk/unstable";
import { LODY_NOTIFICATIONS } from "./keys.js";
import { childOutput, mirrored } from "./subagent-events/child-output.js";
import { EarlyOutput } from "./subagent-events/early-output.js";
import { SubagentRunEmitter, type RunEnd } from "./subagent-events/emitter.js";
import type { SubagentEvent } from "./subagent-events/schema.js";
import type { RoutedUpdate } from "../../translation/routed-update.js";
import type { SdkMessageTranslator } from "../../translation/sdk-message-translator.js";
import { nonEmpty } from "../../translation/subagents/child-session.js";
import type { ChildRoute } from "../../session/subagents/child-route.js";

/** An Agent / Task tool use seen in the stream: a run that may start. */
interface SubagentCall {
  /** The tool use id of the subagent that made the call; null: the root session. */
  readonly parent: string | null;
  input: Record<string, unknown>;
  background?: boolean;
  /** Its run was opened (it may have ended since). */
  started?: boolean;
}

/** How the route speaks: events and root updates, in the session's order. */
export interface LodyRouteOutput {
  /** A `_lody/subagents/event`; `loud`: also while the session is quiet (a background run). */
  notify(method: string, params: SubagentEvent, loud: boolean): void;
  /** An update of the root session (a mirrored child tool call). */
  sendRoot(update: SessionUpdate): void;
}

/** A `task_notification` status → how the run ended (a stopped task was cancelled). */
function taskEnd(status: string): RunEnd {
  if (status === "completed") return "completed";
  return status === "stopped" ? "cancelled" : "failed";
}

/**
 * A session's subagents as Lody subagent events (lody-contract.md §4), for a client that
 * negotiated them: each Agent / Task child is a run, opened by its snapshot once its
 * task starts (or its first update comes), its updates sent as the run's output, its
 * progress from Claude Code's `task_progress`, its end from the tool result or the
 * task's notification. The root session gets none of the child's work: only a child's
 * tool call that asks for permission is mirrored there, for the request.
 */
export class LodySubagentRoute implements ChildRoute {
  private readonly calls = new Map<string, SubagentCall>();
  private readonly runs: SubagentRunEmitter;
  private readonly early = new EarlyOutput<SessionUpdate>();
  /** Child tool calls mirrored on the root, by tool call id: the mirror's run id. */
  private readonly mirrors = new Map<string, string>();

  constructor(
    rootSessionId: string,
    private readonly out: LodyRouteOutput,
    newRunId: () => string = randomUUID,
    now: () => number = () => Math.floor(Date.now() / 1000),
  ) {
    this.runs = new SubagentRunEmitter(rootSessionId, newRunId, now);
  }

  attach(translator: SdkMessageTranslator): void {
    translator.keepAcrossTurns((parent) => this.inBackground(parent));
    // A launch that ended before any run opened stays a (failed) tool call on the root.
    translator.tools.knowChildSessions((toolUseId) => this.calls.get(toolUseId)?.started === true);
  }

  observe(message: SDKMessage): boolean {
    watchToolCalls(message, {
      sawCall: (id, parent) => this.sawCall(id, parent),
      sawResult: (id, isError) => this.sawResult(id, isError),
    });
    if (message.type === "system") this.fromSystem(message);
    const parent = (message as { parent_tool_use_id?: unknown }).parent_tool_use_id;
    return typeof parent === "string" && this.inBackground(parent);
  }

  sendWork(routed: readonly RoutedUpdate[]): void {
    for (let i = 0; i < routed.length; i++) {
      const { target, update } = routed[i]!;
      if (target !== null) this.output(target, update);
    }
  }

  /** A child's update is the run's output, never a session's. */
  sessionOf(target: string, update?: SessionUpdate): undefined {
    if (update) this.output(target, update);
    return undefined;
  }

  inBackground(toolUseId: string): boolean {
    const call = this.calls.get(toolUseId);
    return call?.background === true && call.started === true;
  }

  requestOpened(): void {}
  requestClosed(): void {}
  owns(): boolean {
    return false;
  }
  /** Runs are not cancellable on their own (`support.cancel: false`). */
  cancel(): void {}

  /** Claude Code's interrupt stopped the foreground runs of the cancelled turn. */
  parentCancelled(): void {
    for (const [toolUseId, call] of this.calls)
      if (call.started && call.background !== true) this.end(toolUseId, "cancelled");
  }

  /** Lost observation: every live run's fate is unknown (contract §4). */
  queryExited(): void {
    for (const [toolCallId, runId] of this.mirrors) this.endMirror(toolCallId, runId, "failed");
    for (const event of this.runs.disconnect())
      this.out.notify(LODY_NOTIFICATIONS.subagentEvent, event, true);
  }

  /**
   * The child's tool call on the root, for its permission request: a `tool_call`
   * mirror, then the request shows the same mirrored id.
   */
  mirrorRequest(target: string, toolCall: ToolCallUpdate): ToolCallUpdate | undefined {
    const runId = this.open(target);
    if (runId === undefined) return undefined;
    const shown = mirrored(toolCall, runId);
    if (!this.mirrors.has(toolCall.toolCallId)) {
      this.mirrors.set(toolCall.toolCallId, runId);
      const update = { ...shown, sessionUpdate: "tool_call", title: shown.title ?? "" };
      this.out.sendRoot(childOutput(update as SessionUpdate & { sessionUpdate: "tool_call" })!);
    }
    return shown;
  }

  private sawCall(id: string, parent: string | null): SubagentCall {
    let call = this.calls.get(id);
    if (!call) this.calls.set(id, (call = { parent, input: {} }));
    return call;
  }

  private fromSystem(message: Extract<SDKMessage, { type: "system" }>): void {
    if (message.subtype === "task_started" && message.tool_use_id) {
      const call = this.calls.get(message.tool_use_id);
      if (!call) return;
      call.background = message.is_backgrounded === true;
      this.open(message.tool_use_id);
    } else if (message.subtype === "task_progress" && message.tool_use_id) {
      const { usage, summary, last_tool_name: lastToolName } = message;
      this.emit(
        this.runs.progress(message.tool_use_id, {
          ...(summary !== undefined ? { summary } : {}),
          ...(lastToolName !== undefined ? { lastToolName } : {}),
          totalTokens: usage.total_tokens,
          toolCallCount: usage.tool_uses,
          durationMs: usage.duration_ms,
        }),
        message.tool_use_id,
      );
    } else if (message.subtype === "task_notification" && message.tool_use_id) {
      // A task that ends before its start was seen still opens first, then ends once.
      this.open(message.tool_use_id);
      this.end(message.tool_use_id, taskEnd(message.status));
    }
  }

  /** A foreground run ends with its call's result. */
  private sawResult(toolUseId: string, isError: boolean): void {
    const call = this.calls.get(toolUseId);
    if (call?.started && call.background !== true)
      this.end(toolUseId, isError ? "failed" : "completed");
  }

  /**
   * The live run of the call `toolUseId`, opened now if it never was (its parents
   * first), with what came for it early; undefined: no such call (yet), or its run ended.
   */
  private open(toolUseId: string): string | undefined {
    const call = this.calls.get(toolUseId);
    if (!call) return undefined;
    if (call.started) return this.runs.liveRunId(toolUseId);
    const parentRunId = call.parent === null ? null : this.open(call.parent);
    if (parentRunId === undefined) return undefined;
    call.started = true;
    const early = this.early.take(toolUseId);
    const start = this.runs.start(toolUseId, {
      parentRunId,
      parentToolCallId: toolUseId,
      name: nonEmpty(call.input.subagent_type),
      description: nonEmpty(call.input.description),
      outputIncomplete: early.lost,
    });
    this.emit(start, toolUseId);
    for (const update of early.updates) this.output(toolUseId, update);
    return this.runs.liveRunId(toolUseId);
  }

  /** A child's update as its run's output; held while its run cannot open yet. */
  private output(target: string, update: SessionUpdate): void {
    const output = childOutput(update as SessionUpdate & { sessionUpdate: string });
    if (!output) return;
    if (!this.calls.get(target)?.started && this.open(target) === undefined)
      return this.early.hold(target, output);
    this.emit(this.runs.output(target, output), target);
    this.closeMirror(output);
  }

  /** A mirrored tool call that ended ends its mirror on the root. */
  private closeMirror(update: SessionUpdate): void {
    if (update.sessionUpdate !== "tool_call_update") return;
    const runId = this.mirrors.get(update.toolCallId);
    if (runId === undefined || (update.status !== "completed" && update.status !== "failed"))
      return;
    this.endMirror(update.toolCallId, runId, update.status);
  }

  /** A mirror lives only while its run does: the run's end fails the ones still open. */
  private closeMirrorsOf(runId: string | undefined): void {
    for (const [toolCallId, mirrorRunId] of this.mirrors)
      if (mirrorRunId === runId) this.endMirror(toolCallId, mirrorRunId, "failed");
  }

  private endMirror(toolCallId: string, runId: string, status: "completed" | "failed"): void {
    this.mirrors.delete(toolCallId);
    const end = { toolCallId, status };
    this.out.sendRoot({ sessionUpdate: "tool_call_update", ...mirrored(end, runId) });
  }

  private end(toolUseId: string, state: RunEnd): void {
    this.closeMirrorsOf(this.runs.liveRunId(toolUseId));
    this.emit(this.runs.end(toolUseId, state), toolUseId);
  }

  private emit(events: readonly SubagentEvent[], toolUseId: string): void {
    const loud = this.calls.get(toolUseId)?.background === true;
    for (const event of events) this.out.notify(LODY_NOTIFICATIONS.subagentEvent, event, loud);
  }
}
