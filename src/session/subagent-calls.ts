import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";

/** What a subagent route keeps of a tool call it saw: its input, once streamed whole. */
export interface SeenCall {
  input?: Record<string, unknown>;
}

/** A subagent route's ears for tool calls: each starts, gets its input, gets its result. */
export interface CallWatcher {
  /** A tool call began (`parent`: the subagent call it runs under, null at the root). */
  sawCall(id: string, name: string, parent: string | null): SeenCall | undefined;
  /** A user message's content: the tool results in it end their calls. */
  sawResults(content: unknown): void;
}

/**
 * Reads the tool calls out of one Claude Code message for a subagent route (native child
 * sessions and Lody's subagent events both follow the same calls): a streamed call's
 * start, an assistant message's whole calls with their input, a user message's results.
 * Other messages (system ones) are the route's own.
 */
export function watchToolCalls(message: SDKMessage, watcher: CallWatcher): void {
  if (message.type === "stream_event") {
    const event = message.event;
    if (event.type === "content_block_start" && event.content_block.type === "tool_use") {
      watcher.sawCall(event.content_block.id, event.content_block.name, message.parent_tool_use_id);
    }
  } else if (message.type === "assistant") {
    for (const block of message.message.content) {
      if (block.type !== "tool_use") continue;
      const call = watcher.sawCall(block.id, block.name, message.parent_tool_use_id);
      if (call && block.input && typeof block.input === "object")
        call.input = block.input as Record<string, unknown>;
    }
  } else if (message.type === "user") {
    watcher.sawResults(message.message.content);
  }
}
