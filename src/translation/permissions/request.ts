import type { RequestPermissionRequest, ToolCallUpdate } from "@agentclientprotocol/sdk/unstable";
import {
  airPermissionRequest,
  type AirPermissionFacts,
} from "../../extensions/air/permission-request.js";
import { blockedLocations } from "./blocked-locations.js";
import { declineFirst, type PermissionChoice } from "./choices.js";
import { inputFallback, subjectTitle } from "./request-subject.js";

/**
 * The `session/request_permission` params. An AIR client gets its presentation
 * (air-extensions.md "Permission presentation": the record, the trimmed tool call, the
 * decline first for `defaultToNo`); every other client the upstream request: the whole
 * tool call, with the MCP server in `_meta.claudeCode.mcpServer` as upstream names it
 * (`{name, source}`: the server's name and where it is configured) and the path Claude Code
 * names as blocked (a command's redirect target) among its `locations`, as upstream
 * shows it ("Tool call of the request"); a Sandbox Network or Computer Use request is titled
 * with its host or action and, without content of its own, shows its input as a JSON
 * code block (`request-subject.ts`). Returns the choices in the order offered, which
 * the answer is checked against.
 */
export function permissionRequest(
  sessionId: string,
  toolCall: ToolCallUpdate,
  choices: readonly PermissionChoice[],
  facts: AirPermissionFacts & { readonly mcpServerSource?: string | undefined },
  air: boolean,
): { request: RequestPermissionRequest; offered: readonly PermissionChoice[] } {
  if (air) {
    const offered = facts.defaultToNo ? declineFirst(choices) : choices;
    const options = offered.map((c) => c.option);
    return { request: airPermissionRequest(sessionId, toolCall, options, facts), offered };
  }
  const locations = blockedLocations(toolCall.locations ?? [], facts.blockedPath);
  const located = locations ? { ...toolCall, locations } : toolCall;
  return {
    request: {
      sessionId,
      toolCall: withMcpServer(withSubject(located, facts), facts.mcpServer, facts.mcpServerSource),
      options: choices.map((c) => c.option),
    },
    offered: choices,
  };
}

/** A Sandbox Network or Computer Use request's heading and input, for a plain client. */
function withSubject(toolCall: ToolCallUpdate, facts: AirPermissionFacts): ToolCallUpdate {
  const title = subjectTitle(facts.toolName, facts.input, facts.displayName);
  const content = inputFallback(facts.toolName, facts.input, toolCall.content);
  if (title === undefined && content === undefined) return toolCall;
  return {
    ...toolCall,
    ...(title !== undefined ? { title } : {}),
    ...(content ? { content } : {}),
  };
}

function withMcpServer(
  toolCall: ToolCallUpdate,
  name: string | undefined,
  source: string | undefined,
): ToolCallUpdate {
  if (!name) return toolCall;
  const meta = toolCall._meta ?? {};
  const claudeCode = (meta.claudeCode ?? {}) as Record<string, unknown>;
  const mcpServer = source === undefined ? { name } : { name, source };
  return { ...toolCall, _meta: { ...meta, claudeCode: { ...claudeCode, mcpServer } } };
}
