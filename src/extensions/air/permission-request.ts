import type {
  PermissionOption,
  RequestPermissionRequest,
  ToolCallUpdate,
} from "@agentclientprotocol/sdk/unstable";
import { blockedLocations } from "../../translation/permissions/blocked-locations.js";
import { subjectTitle } from "../../translation/permissions/request-subject.js";
import { airMeta } from "./air-meta.js";
import { PERMISSION } from "./keys.js";
import { permissionRecord } from "./permission-record.js";

/** What the SDK said about the request, beyond the tool call itself. */
export interface AirPermissionFacts {
  readonly toolName: string;
  readonly decisionReason: string | undefined;
  readonly defaultToNo: boolean;
  readonly blockedPath: string | undefined;
  readonly mcpServer: string | undefined;
  /** The tool input (a Sandbox Network request's `host`). */
  readonly input: Readonly<Record<string, unknown>>;
  /** The SDK's short name of the action (a Computer Use request's heading). */
  readonly displayName: string | undefined;
}

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
  facts: AirPermissionFacts,
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
  facts: AirPermissionFacts,
): string | undefined {
  const own = subjectTitle(facts.toolName, facts.input, facts.displayName);
  return own ?? (typeof title === "string" ? title : undefined);
}
