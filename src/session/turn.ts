import { randomUUID } from "node:crypto";
import type { SDKAssistantMessageError, SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import type { PromptResponse } from "@agentclientprotocol/sdk/unstable";
import type { ApiUsage, ModelUsageTable } from "../translation/usage.js";
import type { ClaudeUserBlock } from "../translation/prompt.js";

/** A prompt waiting for its turn. */
export interface PendingPrompt {
  readonly content: ClaudeUserBlock[];
  resolve(response: PromptResponse): void;
  reject(error: unknown): void;
}

/**
 * The state of one prompt while Claude works on it: what was streamed, the usage of
 * the latest model call, and the error tag Claude put on its last message.
 */
export class Turn {
  /** The uuid of the turn's user message: the turn id of its failure records. */
  readonly id = randomUUID();
  /** Aborted when the turn is cancelled: ends its open permission requests. */
  readonly abort = new AbortController();
  lastCallUsage: ApiUsage | undefined;
  /** Claude Code reported that it runs this turn (session_state_changed). */
  sawRunning = false;
  /** Tokens of a query this turn already left (a plan continued with a clear context). */
  carriedUsage: ApiUsage | undefined;
  private spent: Record<keyof ApiUsage, number> = {
    input_tokens: 0,
    output_tokens: 0,
    cache_read_input_tokens: 0,
    cache_creation_input_tokens: 0,
  };
  assistantError: SDKAssistantMessageError | undefined;

  constructor(
    readonly prompt: PendingPrompt,
    /** The query-wide `modelUsage` reading before this turn. */
    readonly modelUsageBefore: ModelUsageTable,
  ) {}

  /** Moves what this turn spent so far into the carried usage (the query is replaced). */
  carryOver(): void {
    const carried = this.carriedUsage ?? {};
    this.carriedUsage = Object.fromEntries(
      Object.entries(this.spent).map(([key, value]) => [
        key,
        value + (carried[key as keyof ApiUsage] ?? 0),
      ]),
    ) as ApiUsage;
    this.spent = {
      input_tokens: 0,
      output_tokens: 0,
      cache_read_input_tokens: 0,
      cache_creation_input_tokens: 0,
    };
  }

  /** Records the facts of a message that the response needs. */
  observe(message: SDKMessage): void {
    if (message.type === "stream_event" && message.parent_tool_use_id === null) {
      const event = message.event;
      if (event.type === "message_start") {
        this.lastCallUsage = { ...event.message.usage };
      } else if (event.type === "message_delta" && this.lastCallUsage) {
        this.lastCallUsage = { ...this.lastCallUsage, output_tokens: event.usage.output_tokens };
        for (const key of Object.keys(this.spent) as Array<keyof ApiUsage>) {
          this.spent[key] += this.lastCallUsage[key] ?? 0;
        }
      }
    } else if (message.type === "assistant" && message.parent_tool_use_id === null) {
      this.assistantError = message.error;
    }
  }
}
