import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";

type BlockKind = "text" | "thinking";

/**
 * Streamed assistant text and thinking → `agent_message_chunk` / `agent_thought_chunk`.
 *
 * Partial messages carry the text as it is generated; the complete assistant message
 * that follows repeats it. The complete message is sent only for the block kinds that
 * were not streamed (S000 "Tool call contract": streamed text is not sent again).
 * `messageId` is the Anthropic message id, the same live and on replay.
 *
 * Pure: holds only which messages streamed which kinds. Subagent traffic
 * (`parent_tool_use_id` set) stays out of the root transcript.
 */
export class MessageStreamTranslator {
  private currentMessageId: string | undefined;
  private readonly streamed = new Map<string, Set<BlockKind>>();

  translate(message: SDKMessage): SessionUpdate[] {
    if (message.type === "stream_event") return this.fromStreamEvent(message);
    if (message.type === "assistant") return this.fromCompleteMessage(message);
    return [];
  }

  private fromStreamEvent(message: Extract<SDKMessage, { type: "stream_event" }>): SessionUpdate[] {
    if (message.parent_tool_use_id !== null) return [];
    const event = message.event;
    if (event.type === "message_start") {
      this.currentMessageId = event.message.id;
      return [];
    }
    if (event.type !== "content_block_delta") return [];
    const delta = event.delta;
    if (delta.type === "text_delta" && delta.text) {
      this.markStreamed("text");
      return [this.chunk("agent_message_chunk", delta.text)];
    }
    if (delta.type === "thinking_delta" && delta.thinking) {
      this.markStreamed("thinking");
      return [this.chunk("agent_thought_chunk", delta.thinking)];
    }
    return [];
  }

  private markStreamed(kind: BlockKind): void {
    if (this.currentMessageId === undefined) return;
    let kinds = this.streamed.get(this.currentMessageId);
    if (!kinds) this.streamed.set(this.currentMessageId, (kinds = new Set()));
    kinds.add(kind);
  }

  private chunk(
    sessionUpdate: "agent_message_chunk" | "agent_thought_chunk",
    text: string,
    messageId = this.currentMessageId,
  ): SessionUpdate {
    return {
      sessionUpdate,
      content: { type: "text", text },
      ...(messageId !== undefined ? { messageId } : {}),
    };
  }

  private fromCompleteMessage(
    message: Extract<SDKMessage, { type: "assistant" }>,
  ): SessionUpdate[] {
    // An API error arrives as a synthetic assistant message; it ends the turn as a
    // JSON-RPC error instead, after redaction.
    if (message.parent_tool_use_id !== null || message.error !== undefined) return [];
    const id = message.message.id;
    const already = this.streamed.get(id);
    const updates: SessionUpdate[] = [];
    for (const block of message.message.content) {
      if (block.type === "text" && block.text && !already?.has("text")) {
        updates.push(this.chunk("agent_message_chunk", block.text, id));
      } else if (block.type === "thinking" && block.thinking && !already?.has("thinking")) {
        updates.push(this.chunk("agent_thought_chunk", block.thinking, id));
      }
    }
    return updates;
  }
}
