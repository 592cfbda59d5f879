import type { ElicitationRequest, ElicitationResult } from "@anthropic-ai/claude-agent-sdk";
import type {
  CreateElicitationRequest,
  CreateElicitationResponse,
  ElicitationSchema,
} from "@agentclientprotocol/sdk/unstable";

/** The elicitation modes a client declared (`clientCapabilities.elicitation`). */
export interface ElicitationModes {
  readonly form: boolean;
  readonly url: boolean;
}

/**
 * An MCP server's `elicitation/create` (through the SDK's `onElicitation`) as the ACP
 * `elicitation/create` of the session (features 1i): a form with the server's schema, or
 * a URL to open. Undefined when the client cannot show it (a mode it did not declare, a
 * URL request without a URL): the server then hears `cancel`. `toolCallId`: the tool call
 * the request was made during, if any (ACP's session scope ties it to that call).
 */
export function toAcpElicitation(
  request: ElicitationRequest,
  sessionId: string,
  modes: ElicitationModes,
  toolCallId?: string,
): CreateElicitationRequest | undefined {
  const scope = toolCallId === undefined ? { sessionId } : { sessionId, toolCallId };
  if (request.mode === "url") {
    if (!modes.url || !request.url || !request.elicitationId) return undefined;
    return {
      mode: "url",
      ...scope,
      message: request.message,
      url: request.url,
      elicitationId: request.elicitationId,
    };
  }
  if (!modes.form) return undefined;
  return {
    mode: "form",
    ...scope,
    message: request.message,
    requestedSchema: formSchema(request.requestedSchema),
  };
}

/**
 * The server's schema as ACP carries it: MCP's `requestedSchema` is already a flat JSON
 * Schema object of primitive fields, which is ACP's form shape; the server checks the
 * answer against its own schema.
 */
function formSchema(schema: Record<string, unknown> | undefined): ElicitationSchema {
  const properties =
    schema?.properties && typeof schema.properties === "object" && !Array.isArray(schema.properties)
      ? schema.properties
      : {};
  return {
    ...schema,
    type: "object",
    properties: properties as ElicitationSchema["properties"],
  } as ElicitationSchema;
}

/** The client's answer as the MCP `ElicitResult` the server gets. */
export function toMcpElicitResult(response: CreateElicitationResponse): ElicitationResult {
  if (response.action === "accept") {
    const content = (response as { content?: unknown }).content;
    return {
      action: "accept",
      content:
        content && typeof content === "object" && !Array.isArray(content)
          ? (content as ElicitationResult["content"])
          : {},
    };
  }
  return { action: response.action === "decline" ? "decline" : "cancel" };
}
