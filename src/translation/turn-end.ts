import type { SDKAssistantMessageError, SDKResultMessage } from "@anthropic-ai/claude-agent-sdk";
import type { PromptResponse, SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import { toTurnOutcome } from "./turn-outcome.js";
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
}

/** Claude's `result` → the prompt's answer (stop reason, usage, quota) or its error. */
export function turnEnd(result: SDKResultMessage, facts: TurnFacts): TurnEnd {
  const outcome = toTurnOutcome(result, facts.assistantError);
  if (outcome.kind === "error") return outcome;
  const modelUsage = result.modelUsage ?? {};
  const contextWindow = Object.values(modelUsage)[0]?.contextWindow;
  const usageUpdate = toUsageUpdate(facts.lastCallUsage, contextWindow, result.total_cost_usd);
  const usage = toAcpUsage(result.usage);
  return {
    kind: "response",
    updates: usageUpdate ? [usageUpdate] : [],
    response: {
      stopReason: outcome.stopReason,
      usage,
      _meta: { quota: quotaMeta(usage, modelUsage, facts.modelUsageBefore) },
    },
  };
}
