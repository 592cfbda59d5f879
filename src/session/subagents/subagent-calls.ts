import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import { childAnswer } from "../../translation/subagents/child-answer.js";
import { SUBAGENT_TOOLS } from "../../translation/subagents/child-session.js";

/** What a subagent route keeps of a tool call it saw: its input, once streamed whole. */
export interface SeenCall {
  input?: Record<string, unknown>;
}

/** A subagent route's ears: a subagent call starts, gets its input, gets its result. */
export interface CallWatcher {
  /** An Agent/Task call began (`parent`: the subagent call it runs under, null at the root). */
  sawCall(id: string, parent: string | null): SeenCall | undefined;
  /**
   * A tool result came back (for any call: the route knows which are its own); `answer`
   * reads a subagent's final answer out of it (`childAnswer`).
   */
  sawResult(toolUseId: string, isError: boolean, answer: () => string | undefined): void;
}

/**
 * Reads the subagent calls out of one Claude Code message for a subagent route (native
 * child sessions and Lody's subagent events follow the same calls): a streamed Agent/Task
 * call's start, an assistant message's whole calls with their input, a user message's
 * tool results. Other messages (system ones) are the route's own.
 */
export function watchToolCalls(message: SDKMessage, watcher: CallWatcher): void {
  if (message.type === "stream_event") {
    const event = message.event;
    if (
      event.type === "content_block_start" &&
      event.content_block.type === "tool_use" &&
      SUBAGENT_TOOLS.has(event.content_block.name)
    ) {
      watcher.sawCall(event.content_block.id, message.parent_tool_use_id);
    }
  } else if (message.type === "assistant") {
    for (const block of message.message.content) {
      if (block.type !== "tool_use" || !SUBAGENT_TOOLS.has(block.name)) continue;
      const call = watcher.sawCall(block.id, message.parent_tool_use_id);
      if (call && block.input && typeof block.input === "object")
        call.input = block.input as Record<string, unknown>;
    }
  } else if (message.type === "user" && Array.isArray(message.message.content)) {
    const structured = "tool_use_result" in message ? message.tool_use_result : undefined;
    for (const block of message.message.content as unknown as Array<Record<string, unknown>>) {
      if (block?.type === "tool_result" && typeof block.tool_use_id === "string")
        watcher.sawResult(block.tool_use_id, block.is_error === true, () =>
          childAnswer(block.content, structured),
        );
    }
  }
}
