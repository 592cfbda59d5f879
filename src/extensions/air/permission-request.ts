import type {
  PermissionOption,
  RequestPermissionRequest,
  ToolCallUpdate,
} from "@agentclientprotocol/sdk/unstable";
import { blockedLocations } from "../../translation/permissions/blocked-locations.js";
import { declineFirst } from "../../translation/permissions/choices.js";
import type {
  PermissionFacts,
  PermissionRequestShape,
} from "../../translation/permissions/request.js";
import { subjectTitle } from "../../translation/permissions/request-subject.js";
import { airMeta } from "./air-meta.js";
import { PERMISSION } from "./keys.js";
import { permissionRecord } from "./permission-record.js";

/**
 * The AIR permission request (the `permissionRequest` hook): the decline offered first
 * for `defaultToNo`, the presentation of `airPermissionRequest`.
 */
export const airPermissionShape: PermissionRequestShape = (sessionId, toolCall, choices, facts) => {
  const offered = facts.defaultToNo ? declineFirst(choices) : choices;
  const options = offered.map((c) => c.option);
  return { request: airPermissionRequest(sessionId, toolCall, options, facts), offered };
};

/**
 * `session/request_permission` for an AIR client ("Permission presentation"): the
 * permission record in `_meta.jetbrains.air`, and a tool call trimmed to what the client
 * does not have yet, because the `tool_call` went out first: `toolCallId`, `title`,
 * `rawInput`, the content the session kept (only an exact preview patch), `locations`
 * only for a blocked path the tool call does not name, `_meta.claudeCode.mcpServer`.
 */
export function airPermissionRequest(
  sessionId: string,
  toolCall: ToolCallUpdate,
  options: readonly PermissionOption[],
  facts: PermissionFacts,
): RequestPermissionRequest {
  const trimmed: ToolCallUpdate = { toolCallId: toolCall.toolCallId };
  const title = requestTitle(toolCall.title, facts);
  if (title !== undefined) trimmed.title = title;
  if (toolCall.rawInput !== undefined) trimmed.rawInput = toolCall.rawInput;
  if (toolCall.content) trimmed.content = toolCall.content;
  const locations = blockedLocations(toolCall.locations ?? [], facts.blockedPath);
  if (locations) trimmed.locations = locations;
  if (facts.mcpServer) trimmed._meta = { claudeCode: { mcpServer: facts.mcpServer } };
  const record = permissionRecord({
    toolName: facts.toolName,
    title,
    decisionReason: facts.decisionReason,
    defaultToNo: facts.defaultToNo,
  });
  return {
    sessionId,
    toolCall: trimmed,
    options: [...options],
    _meta: airMeta({ [PERMISSION]: record }),
  };
}

/**
 * The request's title: the tool call's, except for a Sandbox Network request (its
 * host) and a Computer Use one (the SDK's display name), whose tool names say nothing.
 */
function requestTitle(
  title: string | null | undefined,
  facts: PermissionFacts,
): string | undefined {
  const own = subjectTitle(facts.toolName, facts.input, facts.displayName);
  return own ?? (typeof title === "string" ? title : undefined);
}
