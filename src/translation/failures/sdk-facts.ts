import type {
  SDKAssistantMessage,
  SDKMessage,
  SDKResultMessage,
} from "@anthropic-ai/claude-agent-sdk";
import type { ApiRetry, TurnFailure } from "./tracker.js";
import { isUsageLimitText, SYNTHETIC_MODEL } from "./usage-limit.js";

/** A `system` `api_retry` message → the retry it announces; undefined for anything else. */
export function apiRetryOf(message: SDKMessage): ApiRetry | undefined {
  if (message.type !== "system" || message.subtype !== "api_retry") return undefined;
  const retry = message as Extract<SDKMessage, { subtype: "api_retry" }>;
  return {
    attempt: retry.attempt,
    maxRetries: retry.max_retries,
    error: retry.error,
    status: typeof retry.error_status === "number" ? retry.error_status : null,
  };
}

/** The top-level error message of a turn: Claude's error kind, status and text. */
interface AssistantError {
  readonly error: string;
  readonly status: number | undefined;
  readonly text: string | undefined;
}

/**
 * What one turn's messages say about its failure: the last top-level assistant error
 * (Claude's user-facing text), and whether a real model answer came after it.
 */
export class TurnFailureFacts {
  private lastError: AssistantError | undefined;

  /**
   * Reads one message of the turn. Returns true for a real model answer: a top-level
   * assistant message that is not an error and not made up by Claude Code.
   */
  observe(message: SDKMessage): boolean {
    if (message.type !== "assistant" || message.parent_tool_use_id !== null) return false;
    if (message.error !== undefined) {
      this.lastError = {
        error: message.error,
        status: statusOf(message),
        text: textOf(message),
      };
      return false;
    }
    this.lastError = undefined;
    return message.message.model !== SYNTHETIC_MODEL;
  }

  /** The turn ended with `result` as an error: the failure to report. */
  failure(result: SDKResultMessage): TurnFailure {
    const resultText =
      result.subtype === "success" ? result.result : result.errors.join("\n") || undefined;
    const text = this.lastError?.text ?? (resultText || undefined);
    // Claude Code 2.1.318 ends a start it refused with this result (not in the SDK type).
    const startup = (result as { startup_failure_reason?: unknown }).startup_failure_reason;
    return {
      error: this.lastError?.error,
      status: this.lastError?.status ?? statusOf(result),
      subtype: result.subtype,
      usageLimit: isUsageLimitText(text),
      ...(typeof startup === "string" && startup !== "" ? { startupFailure: startup } : {}),
      text,
    };
  }
}

/** `api_error_status`: on the result (typed) and the error message (Claude Code 2.1.318). */
function statusOf(message: object): number | undefined {
  const status = (message as { api_error_status?: unknown }).api_error_status;
  return typeof status === "number" ? status : undefined;
}

function textOf(message: SDKAssistantMessage): string | undefined {
  const texts: string[] = [];
  for (const block of message.message.content) {
    if (block.type === "text" && block.text) texts.push(block.text);
  }
  return texts.length > 0 ? texts.join("\n") : undefined;
}
