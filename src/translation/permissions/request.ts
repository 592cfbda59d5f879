import type { RequestPermissionRequest, ToolCallUpdate } from "@agentclientprotocol/sdk/unstable";
import type { ClientProfile } from "../../profile/client-profile.js";
import { blockedLocations } from "./blocked-locations.js";
import type { PermissionChoice } from "./choices.js";
import { inputFallback, subjectTitle } from "./request-subject.js";

/** What the SDK said about the request, beyond the tool call itself. */
export interface PermissionFacts {
  readonly toolName: string;
  readonly decisionReason: string | undefined;
  readonly defaultToNo: boolean;
  readonly blockedPath: string | undefined;
  readonly mcpServer: string | undefined;
  /** Where the MCP server is configured (upstream's `mcpServer.source`). */
  readonly mcpServerSource?: string | undefined;
  /** The tool input (a Sandbox Network request's `host`). */
  readonly input: Readonly<Record<string, unknown>>;
  /** The SDK's short name of the action (a Computer Use request's heading). */
  readonly displayName: string | undefined;
}

/** A permission request and the choices in the order it offers them. */
export interface ShapedPermissionRequest {
  readonly request: RequestPermissionRequest;
  readonly offered: readonly PermissionChoice[];
}

/**
 * An extension's own permission request in place of upstream's (AIR "Permission
 * presentation"), from the same tool call, choices and facts.
 */
export type PermissionRequestShape = (
  sessionId: string,
  toolCall: ToolCallUpdate,
  choices: readonly PermissionChoice[],
  facts: PermissionFacts,
) => ShapedPermissionRequest;

declare module "../../profile/hooks.js" {
  interface ExtensionHooks {
    /** The negotiated extension's permission request (AIR's), else upstream's. */
    readonly permissionRequest?: PermissionRequestShape;
  }
}

/** The permission request shape of the client's extension, undefined for upstream's. */
export function permissionRequestShape(profile: ClientProfile): PermissionRequestShape | undefined {
  return profile.hooks.permissionRequest;
}

/**
 * The `session/request_permission` params. A client whose extension shapes its own
 * request gets that (`shape`: AIR's presentation, air-extensions.md "Permission
 * presentation"); every other client the upstream request: the whole
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
  facts: PermissionFacts,
  shape?: PermissionRequestShape,
): ShapedPermissionRequest {
  if (shape) return shape(sessionId, toolCall, choices, facts);
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
function withSubject(toolCall: ToolCallUpdate, facts: PermissionFacts): ToolCallUpdate {
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
