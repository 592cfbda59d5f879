import type { PermissionResult } from "@anthropic-ai/claude-agent-sdk";
import type { ToolCallUpdate } from "@agentclientprotocol/sdk/unstable";
import type { ClientPort } from "../client/client-port.js";
import type { PermissionAsk } from "../sdk/tool-callbacks.js";
import { permissionOptions, toDecision } from "../translation/permissions/options.js";
import { log } from "../util/log.js";

/**
 * How a tool use ends when the request was cancelled or could not finish. No
 * `interrupt`: a cancelled turn was already interrupted, and a cancelled request alone
 * must not end the turn (0.3.318 ends an interrupting denial with an error result).
 */
export const TOOL_USE_ABORTED: PermissionResult = { behavior: "deny", message: "Tool use aborted" };

const USER_REJECTED: PermissionResult = {
  behavior: "deny",
  message: "The user rejected this tool use.",
  decisionClassification: "user_reject",
};

/**
 * One permission request: ask the client with the tool call's cancellation signal,
 * check the answer was one of the options offered, and map it to Claude's result.
 */
export class PermissionFlow {
  constructor(
    private readonly sessionId: string,
    private readonly client: ClientPort,
  ) {}

  async ask(
    ask: PermissionAsk,
    toolCall: ToolCallUpdate,
    signal: AbortSignal,
  ): Promise<PermissionResult> {
    if (signal.aborted) return TOOL_USE_ABORTED;
    const options = permissionOptions();
    let response;
    try {
      response = await this.client.requestPermission(
        { sessionId: this.sessionId, toolCall, options },
        signal,
      );
    } catch (error) {
      if (!signal.aborted)
        log.warn("permission request failed", {
          sessionId: this.sessionId,
          toolCallId: ask.toolUseId,
          message: String(error),
        });
      return TOOL_USE_ABORTED;
    }
    if (signal.aborted) return TOOL_USE_ABORTED;
    switch (toDecision(response, options)) {
      case "allow":
        return { behavior: "allow", updatedInput: ask.input };
      case "reject":
        return USER_REJECTED;
      case "cancelled":
        return TOOL_USE_ABORTED;
    }
  }
}
