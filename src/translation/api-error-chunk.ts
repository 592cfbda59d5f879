import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import { agentTextChunk } from "./message-stream.js";

/**
 * Claude Code's text of a failed model call (the synthetic assistant message it sends for
 * an API error) as an `agent_message_chunk`, for a client that is not AIR: the upstream
 * adapter shows it in the transcript before the prompt's error answer (spec Compatibility
 * rule). `redact` makes the text fit for the user, as the error answer's is. Undefined
 * for any other message, and for a subagent's failure (its tool call reports it).
 */
export function apiErrorChunk(
  message: SDKMessage,
  redact: (text: string) => string,
): SessionUpdate | undefined {
  if (message.type !== "assistant" || message.error === undefined) return undefined;
  if (message.parent_tool_use_id !== null) return undefined;
  const texts: string[] = [];
  for (const block of message.message.content)
    if (block.type === "text" && block.text) texts.push(block.text);
  const text = redact(texts.join("\n"));
  if (!text) return undefined;
  return agentTextChunk(text, message.message.id);
}
