import type { PermissionResult } from "@anthropic-ai/claude-agent-sdk";
import type { ClientPort } from "../../client/client-port.js";
import type { PermissionAsk, ToolEvents } from "../../sdk/tool-callbacks.js";
import { UNANSWERED_CAPABILITY, type QuestionHints } from "../../translation/ask-user-question.js";
import type { PermissionRequestShape } from "../../translation/permissions/request.js";
import type { SdkMessageTranslator } from "../../translation/sdk-message-translator.js";
import type { Outbox } from "../outbox.js";
import {
  PermissionFlow,
  TOOL_USE_ABORTED,
  userRejected,
  type PlanHandoff,
} from "../dialogs/permission-flow.js";
import { readFileBeforeApproval } from "../dialogs/file-before-approval.js";
import { askQuestions } from "../dialogs/question-flow.js";
import { interruptTaken } from "./turn.js";
import { elicitForMcpServer } from "../mcp/elicitation-flow.js";
import { askUserDialog } from "../dialogs/user-dialog-flow.js";
import type { ElicitationModes } from "../../translation/mcp-elicitation.js";
import type { OpenAsks } from "./steering.js";
import type { ChildRoute } from "../subagents/child-route.js";

/** What the tool events need of their session. */
export interface ToolEventsHost {
  readonly sessionId: string;
  readonly client: ClientPort;
  readonly outbox: Outbox;
  /** Where subagents go: a native child gets its own request; a Lody run has it mirrored on the root. */
  readonly subagents: ChildRoute | undefined;
  readonly translator: SdkMessageTranslator;
  /** The client takes a preview of a file change in the approval (AIR `diffPatch`). */
  readonly previewFileChanges: boolean;
  /** The client extension's permission request (AIR's presentation), else upstream's. */
  readonly permissionShape: PermissionRequestShape | undefined;
  /** What the client's AskUserQuestion form carries (AIR and Lody hints). */
  readonly questionHints: QuestionHints;
  /** The elicitation modes the client declared (MCP servers' requests). */
  readonly elicitation: ElicitationModes;
  /** The session's open asks: a steer goes in at `later` while one waits for the user. */
  readonly asks: OpenAsks;
  /** The running turn's cancellation signal, or undefined between turns. */
  turnSignal(): AbortSignal | undefined;
  /** Modes the session offers now (ExitPlanMode choices). */
  offeredModes(): ReadonlySet<string>;
  /**
   * The user approved the plan with a clear context; settles when Claude Code may be
   * answered (`plan-handoff.ts`), or `signal` aborts.
   */
  handOffPlan(handoff: PlanHandoff, toolUseId: string, signal: AbortSignal): Promise<void>;
  /** The user kept a refusal (the refusal fallback dialog): the turn ends as a refusal. */
  refusalKept(): void;
  /** Claude Code runs another model than the options show (`ToolEvents.modelSwitched`). */
  modelSwitched(requested: string | null, model: string): void;
}

/**
 * Claude Code's calls back into a session while tools run: permission requests
 * (ordinary tools, AskUserQuestion), PostToolUse data, compaction summaries.
 */
export function toolEventsFor(host: ToolEventsHost): ToolEvents {
  const permissions = new PermissionFlow(host.sessionId, host.client, host.permissionShape);
  return {
    async requestPermission(ask: PermissionAsk): Promise<PermissionResult> {
      // A background child's request is not the turn's: it may come between turns, and
      // a cancel of the parent spares it (like the child itself).
      const parent = host.translator.tools.parentOf(ask.toolUseId);
      const background = parent !== null && host.subagents?.inBackground(parent) === true;
      const turnSignal = host.turnSignal();
      if ((!turnSignal && !background) || ask.signal.aborted) return TOOL_USE_ABORTED;
      // Read only for an approval: a session without approvals reads no file before a write.
      const fileBefore = host.previewFileChanges
        ? await readFileBeforeApproval(ask.toolName, ask.input, ask.toolUseId)
        : undefined;
      const { updates, toolCall, target } = host.translator.tools.forPermission(
        ask.toolUseId,
        ask.toolName,
        ask.input,
        fileBefore,
      );
      host.outbox.route(updates);
      // A subagent's request goes to its child session, where the tool call went.
      const child = target === null ? undefined : host.subagents?.sessionOf(target);
      const sessionId = child ?? host.sessionId;
      if (child) host.subagents?.requestOpened(target);
      // Lody's subagent events: the request is the root's, on a mirror of the child's call.
      const shown =
        (target !== null && host.subagents?.mirrorRequest?.(target, toolCall)) || toolCall;
      await host.outbox.flushed(); // the tool call always goes out before its permission request
      const signal =
        background || !turnSignal ? ask.signal : AbortSignal.any([ask.signal, turnSignal]);
      const close = host.asks.opened();
      let result: PermissionResult;
      try {
        result =
          ask.toolName === "AskUserQuestion"
            ? await askQuestions(
                sessionId,
                host.client,
                ask,
                signal,
                host.questionHints,
                host.translator.cliSupports(UNANSWERED_CAPABILITY),
              )
            : await permissions.ask(
                ask,
                shown,
                signal,
                host.offeredModes(),
                (handoff) => host.handOffPlan(handoff, ask.toolUseId, signal),
                sessionId,
              );
      } finally {
        close();
        if (child) host.subagents?.requestClosed(target);
      }
      if (signal.aborted) await interruptTaken(signal);
      if (result.behavior === "allow" && !signal.aborted)
        host.outbox.route(host.translator.tools.approved(ask.toolUseId));
      else if (userRejected(result)) host.translator.tools.refused(ask.toolUseId);
      return result;
    },
    readsFileAfter(toolUseId, toolResponse) {
      return host.translator.tools.readsFileAfter(toolUseId, toolResponse);
    },
    toolFinished(toolUseId, toolResponse, fileAfter) {
      const tools = host.translator.tools;
      const parent = tools.parentOf(toolUseId);
      const background = parent !== null && host.subagents?.inBackground(parent) === true;
      if (!host.turnSignal() && !background) return;
      // Claude Code waits for the hook's answer, which goes out before the report is made
      // (an edit's diff); the tool's result, sent after the answer, takes it first if need be.
      tools.postToolUseLater(toolUseId, { toolResponse, fileAfter });
      setImmediate(() => host.outbox.route(tools.takePosted(toolUseId)));
    },
    compacting(trigger) {
      host.outbox.sendAll(host.translator.compaction.triggered(trigger));
    },
    compacted(summary) {
      host.outbox.sendAll(host.translator.compaction.summary(summary));
    },
    modelSwitched(requested, model) {
      host.modelSwitched(requested, model);
    },
    taskChanged(event) {
      host.outbox.route(host.translator.tools.taskHook(event));
    },
    elicit(request, signal) {
      return elicitForMcpServer(host, request, signal);
    },
    dialog(request, signal) {
      return askUserDialog(host, request, signal);
    },
    // Only a route that reports where its children run asks for the SubagentStart hook.
    ...(host.subagents?.subagentStarted
      ? { subagentStarted: (agentId, cwd) => host.subagents?.subagentStarted?.(agentId, cwd) }
      : {}),
    // Only when an extension reads what the hooks report of each child.
    ...(host.subagents?.reports?.read
      ? { subagentReported: (report) => host.subagents?.reports?.report(report) }
      : {}),
  };
}
