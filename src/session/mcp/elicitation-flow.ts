import type { ElicitationRequest, ElicitationResult } from "@anthropic-ai/claude-agent-sdk";
import type { ClientPort } from "../../client/client-port.js";
import {
  toAcpElicitation,
  toMcpElicitResult,
  type ElicitationModes,
} from "../../translation/mcp-elicitation.js";
import type { SdkMessageTranslator } from "../../translation/sdk-message-translator.js";
import { log } from "../../util/log.js";
import type { OpenAsks } from "../turn/steering.js";

/** What an MCP elicitation needs of its session. */
export interface McpElicitationHost {
  readonly sessionId: string;
  readonly client: ClientPort;
  /** The modes the client declared. */
  readonly elicitation: ElicitationModes;
  /** The session's open asks: a steer goes in at `later` while one waits for the user. */
  readonly asks: OpenAsks;
  /** The session's translator: it knows the MCP tool calls running now. */
  readonly translator: SdkMessageTranslator;
  /** The running turn's cancellation signal, or undefined between turns. */
  turnSignal(): AbortSignal | undefined;
}

const CANCELLED: ElicitationResult = { action: "cancel" };

/**
 * An MCP server asks the user for input (features 1i): the request goes to the client
 * as an ACP elicitation and its answer back to the server. A request the client cannot
 * show, a failed request and a cancelled turn answer `cancel` (the user made no choice);
 * only the user's own refusal is `decline`. A request made during one of the server's
 * tool calls carries that call's id.
 */
export async function elicitForMcpServer(
  host: McpElicitationHost,
  request: ElicitationRequest,
  signal: AbortSignal,
): Promise<ElicitationResult> {
  const toolCallId = host.translator.mcpCalls.of(request.serverName);
  const params = toAcpElicitation(request, host.sessionId, host.elicitation, toolCallId);
  if (!params) return CANCELLED;
  const turn = host.turnSignal();
  const until = turn ? AbortSignal.any([signal, turn]) : signal;
  const close = host.asks.opened();
  try {
    const response = await host.client.elicit(params, until);
    return until.aborted ? CANCELLED : toMcpElicitResult(response);
  } catch (error) {
    if (!until.aborted)
      log.warn("MCP elicitation failed", {
        sessionId: host.sessionId,
        server: request.serverName,
        message: String(error),
      });
    return CANCELLED;
  } finally {
    close();
  }
}
