import type * as v1 from "@agentclientprotocol/sdk/unstable";
import type * as v2 from "@agentclientprotocol/sdk/experimental/v2/unstable";
import { V1_TERMINAL_META } from "./v1-terminal-keys.js";
import { v2ToolCall } from "./mapping.js";
import { commandOf, terminalIdOf, withoutTerminalKeys } from "./terminal-mapper.js";

/**
 * A v1 permission request → v2: the required `title` (the tool call's), and its
 * `subject`. A command (a tool call with a display terminal and a `command` input) is a
 * `command` subject: the command, `cwd` (the session's directory, where Claude Code's
 * shell starts), its tool call and terminal; the tool call's own fields go out as an
 * upsert before the request (`commandSubject`). Any other tool call is a `tool_call`
 * subject, as is a command whose session directory is not known. A tool call names its
 * terminal by its content only (the terminal extension's `_meta` keys are v1's, and the
 * terminal was announced with the tool call).
 */
export function v2PermissionRequest(
  request: v1.RequestPermissionRequest,
  cwd?: string,
): v2.RequestPermissionRequest {
  const toolCall = v2ToolCall({
    ...request.toolCall,
    _meta: withoutTerminalKeys(request.toolCall._meta),
  });
  const command = cwd === undefined ? undefined : commandSubject(request.toolCall, cwd);
  return {
    sessionId: request.sessionId,
    title: request.toolCall.title ?? "Allow this tool call?",
    subject: command ?? { type: "tool_call", toolCall },
    options: request.options.map((o) => ({ optionId: o.optionId, name: o.name, kind: o.kind })),
  };
}

/** A command's permission subject, or undefined for a tool call that runs no command. */
export function commandSubject(
  toolCall: v1.ToolCallUpdate,
  cwd: string,
): (v2.CommandPermissionSubject & { type: "command" }) | undefined {
  const command = commandOf(toolCall.rawInput);
  const terminalId = terminalOf(toolCall);
  if (command === undefined || terminalId === undefined) return undefined;
  return { type: "command", command, cwd, toolCallId: toolCall.toolCallId, terminalId };
}

/** The display terminal a tool call shows, by its content or the extension's `_meta`. */
function terminalOf(toolCall: v1.ToolCallUpdate): string | undefined {
  for (const content of toolCall.content ?? [])
    if (content.type === "terminal") return content.terminalId;
  return terminalIdOf(toolCall._meta?.[V1_TERMINAL_META.info]);
}
