import type * as v1 from "@agentclientprotocol/sdk/unstable";
import type * as v2 from "@agentclientprotocol/sdk/experimental/v2/unstable";
import { v2ToolCall } from "./tool-call-mapping.js";
import { withoutTerminalKeys } from "./terminal-mapper.js";

/**
 * A v1 permission request → v2, in upstream's v2 shape: the required `title` (the tool
 * call's) and a `tool_call` subject, the tool call named (`name`) with its input,
 * title, kind, locations and content, but not its status (a pending call is what is
 * asked about). A command is such a subject too: its content references its display
 * terminal (seed 004: "the terminal referenced in the permission request"); the terminal
 * extension's `_meta` keys are v1's, and the terminal was announced with the tool call.
 */
export function v2PermissionRequest(
  request: v1.RequestPermissionRequest,
): v2.RequestPermissionRequest {
  const { status: _status, ...toolCall } = v2ToolCall(
    { ...request.toolCall, _meta: withoutTerminalKeys(request.toolCall._meta) },
    true,
  );
  return {
    sessionId: request.sessionId,
    title: request.toolCall.title ?? "Allow this tool call?",
    subject: { type: "tool_call", toolCall },
    options: request.options.map((o) => ({ optionId: o.optionId, name: o.name, kind: o.kind })),
  };
}
