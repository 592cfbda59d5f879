import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import type { ContentChunk, SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import type { RoutedUpdate } from "./routed-update.js";

type BlockKind = "text" | "thinking";

/**
 * Streamed assistant text and thinking → `agent_message_chunk` / `agent_thought_chunk`.
 *
 * Partial messages carry the text as it is generated; the complete assistant message
 * that follows repeats it. The complete message is sent only for the block kinds that
 * were not streamed (S000 "Tool call contract": streamed text is not sent again, also
 * for subagents). `messageId` is the Anthropic message id, the same live and on replay.
 *
 * Subagent traffic (`parent_tool_use_id` set) stays out of the root transcript unless
 * the client asked for the flat transcript; then it carries `_meta.claudeCode.parentToolUseId`.
 */
export class MessageStreamTranslator {
  /** The message streaming now, per parent tool use ("" for the main thread). */
  private readonly current = new Map<string, string>();
  private readonly streamed = new Map<string, Set<BlockKind>>();

  constructor(private readonly flatSubagents = false) {}

  /** Forgets the messages of a finished turn (not those of a subagent `keep` names). */
  endTurn(keep?: (parent: string) => boolean): void {
    if (!keep) {
      this.current.clear();
      this.streamed.clear();
      return;
    }
    for (const [parent, messageId] of [...this.current]) {
      if (parent !== "" && keep(parent)) continue;
      this.current.delete(parent);
      this.streamed.delete(messageId);
    }
  }

  translate(message: SDKMessage): RoutedUpdate[] {
    if (message.type === "stream_event") return this.fromStreamEvent(message);
    if (message.type === "assistant") return this.fromCompleteMessage(message);
    return [];
  }

  private visible(parent: string | null): boolean {
    return parent === null || this.flatSubagents;
  }

  private fromStreamEvent(message: Extract<SDKMessage, { type: "stream_event" }>): RoutedUpdate[] {
    const parent = message.parent_tool_use_id;
    if (!this.visible(parent)) return [];
    const event = message.event;
    if (event.type === "message_start") {
      this.current.set(parent ?? "", event.message.id);
      return [];
    }
    if (event.type !== "content_block_delta") return [];
    const messageId = this.current.get(parent ?? "");
    const delta = event.delta;
    if (delta.type === "text_delta" && delta.text) {
      this.markStreamed(messageId, "text");
      return [
        { target: parent, update: chunk("agent_message_chunk", delta.text, messageId, parent) },
      ];
    }
    if (delta.type === "thinking_delta" && delta.thinking) {
      this.markStreamed(messageId, "thinking");
      return [
        { target: parent, update: chunk("agent_thought_chunk", delta.thinking, messageId, parent) },
      ];
    }
    return [];
  }

  private markStreamed(messageId: string | undefined, kind: BlockKind): void {
    if (messageId === undefined) return;
    let kinds = this.streamed.get(messageId);
    if (!kinds) this.streamed.set(messageId, (kinds = new Set()));
    kinds.add(kind);
  }

  private fromCompleteMessage(message: Extract<SDKMessage, { type: "assistant" }>): RoutedUpdate[] {
    const parent = message.parent_tool_use_id;
    // An API error arrives as a synthetic assistant message; it ends the turn as a
    // JSON-RPC error instead, after redaction.
    if (!this.visible(parent) || message.error !== undefined) return [];
    const id = message.message.id;
    const already = this.streamed.get(id);
    const updates: RoutedUpdate[] = [];
    const content = message.message.content;
    // An index loop: this runs for every assistant entry of a replayed history, mostly
    // before V8 optimises it (src/util/tiering.ts).
    for (let i = 0; i < content.length; i++) {
      const block = content[i]!;
      if (block.type === "text" && block.text && !already?.has("text")) {
        updates.push({
          target: parent,
          update: chunk("agent_message_chunk", block.text, id, parent),
        });
      } else if (block.type === "thinking" && block.thinking && !already?.has("thinking")) {
        updates.push({
          target: parent,
          update: chunk("agent_thought_chunk", block.thinking, id, parent),
        });
      }
    }
    return updates;
  }
}

/** A text of the agent's own, outside any message Claude streams (an error, a command's output). */
export function agentTextChunk(text: string, messageId: string | undefined): SessionUpdate {
  return chunk("agent_message_chunk", text, messageId, null);
}

function chunk(
  sessionUpdate: "agent_message_chunk" | "agent_thought_chunk",
  text: string,
  messageId: string | undefined,
  parent: string | null,
): SessionUpdate {
  // Assigned, not spread in: one chunk per text block of a replayed history, mostly run
  // before V8 optimises it (src/util/tiering.ts).
  const update: ContentChunk & { sessionUpdate: typeof sessionUpdate } = {
    sessionUpdate,
    content: { type: "text", text },
  };
  if (messageId !== undefined) update.messageId = messageId;
  if (parent !== null) update._meta = { claudeCode: { parentToolUseId: parent } };
  return update;
}
