import type { PermissionMode, PermissionResult } from "@anthropic-ai/claude-agent-sdk";
import type { ToolCallUpdate } from "@agentclientprotocol/sdk/unstable";
import type { ClientPort } from "../../client/client-port.js";
import type { PermissionAsk } from "../../sdk/tool-callbacks.js";
import { permissionChoices } from "../../translation/permissions/choices.js";
import { toDecision } from "../../translation/permissions/options.js";
import {
  permissionRequest,
  type PermissionRequestShape,
} from "../../translation/permissions/request.js";
import { snapshotSuggestions } from "../../translation/permissions/suggestions.js";
import { log } from "../../util/log.js";

/**
 * How a tool use ends when the request was cancelled or could not finish. No
 * `interrupt`: a cancelled turn was already interrupted, and a cancelled request alone
 * must not end the turn (0.3.318 ends an interrupting denial with an error result).
 */
export const TOOL_USE_ABORTED: PermissionResult = { behavior: "deny", message: "Tool use aborted" };

const USER_REJECTED: PermissionResult = {
  behavior: "deny",
  message: "The user doesn't want to proceed with this tool use.",
  decisionClassification: "user_reject",
};

/** The user refused the tool in the permission request. */
export function userRejected(result: PermissionResult): boolean {
  return result === USER_REJECTED;
}

/** The user approved a plan and chose to continue it with a clear context. */
export interface PlanHandoff {
  readonly plan: string;
  readonly mode: PermissionMode;
}

/**
 * One permission request (S000 "Request lifecycle"): snapshot the suggestions, build
 * the ordered choices for the tool family, ask the client with the tool call's
 * cancellation signal, check the answer was offered, map it to Claude's result.
 */
export class PermissionFlow {
  constructor(
    private readonly sessionId: string,
    private readonly client: ClientPort,
    /** The client extension's own request (AIR's presentation), else upstream's. */
    private readonly shape: PermissionRequestShape | undefined,
  ) {}

  async ask(
    ask: PermissionAsk,
    toolCall: ToolCallUpdate,
    signal: AbortSignal,
    availableModes: ReadonlySet<string>,
    /** Settles when Claude Code may have the handoff's deny+interrupt (`plan-handoff.ts`). */
    onHandoff: (handoff: PlanHandoff) => Promise<void>,
    /** The session the request is for: a subagent's child session, else this one. */
    sessionId = this.sessionId,
  ): Promise<PermissionResult> {
    if (signal.aborted) return TOOL_USE_ABORTED;
    const choices = permissionChoices({
      toolName: ask.toolName,
      input: ask.input,
      suggestions: snapshotSuggestions(ask.suggestions),
      matchedAskRule: ask.noDurableChoice,
      availableModes,
    });
    const { request, offered } = permissionRequest(sessionId, toolCall, choices, ask, this.shape);
    let response;
    try {
      response = await this.client.requestPermission(request, signal);
    } catch (error) {
      if (!signal.aborted) {
        log.warn("permission request failed", {
          sessionId,
          toolCallId: ask.toolUseId,
          message: String(error),
        });
      }
      return TOOL_USE_ABORTED;
    }
    if (signal.aborted) return TOOL_USE_ABORTED;
    const decision = toDecision(response, offered);
    switch (decision.kind) {
      case "allow":
        return {
          behavior: "allow",
          updatedInput: ask.input,
          ...(decision.updates.length > 0 ? { updatedPermissions: [...decision.updates] } : {}),
        };
      case "exit-plan":
        if (decision.clearContext && typeof ask.input.plan === "string" && ask.input.plan.trim()) {
          // The session replaces this query; what Claude hears here is never shown.
          await onHandoff({ plan: ask.input.plan, mode: decision.mode });
          if (signal.aborted) return TOOL_USE_ABORTED; // cancelled while the call ended
          return {
            behavior: "deny",
            message: "The plan continues in a new conversation.",
            interrupt: true,
          };
        }
        return {
          behavior: "allow",
          updatedInput: ask.input,
          updatedPermissions: [{ type: "setMode", mode: decision.mode, destination: "session" }],
        };
      case "reject":
        return USER_REJECTED;
      case "cancelled":
        return TOOL_USE_ABORTED;
    }
  }
}
