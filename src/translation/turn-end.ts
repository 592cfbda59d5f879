import type { SDKAssistantMessageError, SDKResultMessage } from "@anthropic-ai/claude-agent-sdk";
import type { PromptResponse, SessionUpdate, StopReason } from "@agentclientprotocol/sdk/unstable";
import { toTurnOutcome, type TurnOutcome } from "./turn-outcome.js";
import {
  quotaMeta,
  toAcpUsage,
  toUsageUpdate,
  type ApiUsage,
  type ModelUsageTable,
} from "./usage.js";

/** How a turn ends on the wire: the updates before the answer, and the answer. */
export type TurnEnd =
  | {
      readonly kind: "response";
      readonly updates: SessionUpdate[];
      readonly response: PromptResponse;
    }
  | { readonly kind: "error"; readonly text: string; readonly auth: boolean };

/** What a turn observed that its end needs. */
export interface TurnFacts {
  readonly assistantError: SDKAssistantMessageError | undefined;
  readonly lastCallUsage: ApiUsage | undefined;
  readonly modelUsageBefore: ModelUsageTable;
  /** Tokens of an earlier query of the same turn (a plan continued with a clear context). */
  readonly carriedUsage?: ApiUsage | undefined;
  /**
   * The user answered a refusal with "edit the prompt" (the refusal fallback dialog):
   * Claude Code then stops the turn as if interrupted, and the turn ends as a refusal.
   */
  readonly refusalKept?: boolean;
}

function addUsage(a: ApiUsage, b: ApiUsage | undefined): ApiUsage {
  if (!b) return a;
  const sum = (key: keyof ApiUsage) => (a[key] ?? 0) + (b[key] ?? 0);
  return {
    input_tokens: sum("input_tokens"),
    output_tokens: sum("output_tokens"),
    cache_read_input_tokens: sum("cache_read_input_tokens"),
    cache_creation_input_tokens: sum("cache_creation_input_tokens"),
  };
}

/** Claude's `result` → the prompt's answer (stop reason, usage, quota) or its error. */
export function turnEnd(result: SDKResultMessage, facts: TurnFacts): TurnEnd {
  // Claude Code 2.1.318 ends it `error_during_execution` (`aborted_streaming`), no error of the user's.
  if (facts.refusalKept && result.subtype === "error_during_execution")
    return turnResponse(result, facts, "refusal");
  const outcome = toTurnOutcome(result, facts.assistantError);
  if (outcome.kind === "error") return outcome;
  return turnResponse(result, facts, outcome.stopReason);
}

/**
 * The answer of a turn that ends with `stopReason`: its usage and quota, and the usage
 * update before it. Also the answer of a failed turn that an extension reports as a
 * record instead of an error (AIR `sessionFailure`).
 */
export function turnResponse(
  result: SDKResultMessage,
  facts: TurnFacts,
  stopReason: StopReason,
): Extract<TurnEnd, { kind: "response" }> {
  const modelUsage = result.modelUsage ?? {};
  const contextWindow = Object.values(modelUsage)[0]?.contextWindow;
  const usageUpdate = toUsageUpdate(facts.lastCallUsage, contextWindow, result.total_cost_usd);
  const usage = toAcpUsage(addUsage(result.usage, facts.carriedUsage));
  return {
    kind: "response",
    updates: usageUpdate ? [usageUpdate] : [],
    response: {
      stopReason,
      usage,
      _meta: { quota: quotaMeta(usage, modelUsage, facts.modelUsageBefore) },
    },
  };
}

/** What the client is told of a turn that Claude Code left without its `result`. */
export const NO_RESULT_TEXT =
  "Claude Code stopped working on this prompt without finishing it (it went idle without a result). " +
  "Any partial answer may be incomplete; send the prompt again to retry.";

/**
 * How a turn ends when Claude Code went idle before its `result` (features 1a): a local
 * command (`/compact` and the like: a prompt that starts with `/`) may end so, and ends
 * the turn; any other prompt was dropped on the way (issue #825 upstream), an error.
 */
export function idleTurnEnd(promptText: string): TurnOutcome {
  if (promptText.trimStart().startsWith("/")) return { kind: "stop", stopReason: "end_turn" };
  return { kind: "error", text: NO_RESULT_TEXT, auth: false };
}
