import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import { str } from "./reporter.js";
import type { ToolCallState } from "./tool-call-state.js";

/**
 * The plan id of a plan-mode plan (ExitPlanMode), suffixed with its tool call: each
 * plan Claude proposes is a plan of its own, apart from the session's task list.
 */
export const PLAN_MODE_PLAN_ID = "plan-mode";

/** ACP v1 unstable `plan_update` with the markdown text of an ExitPlanMode plan. */
export function markdownPlanUpdate(toolCallId: string, content: string): SessionUpdate {
  return {
    sessionUpdate: "plan_update",
    plan: { type: "markdown", planId: `${PLAN_MODE_PLAN_ID}:${toolCallId}`, content },
  };
}

/**
 * ExitPlanMode's plan as a markdown `plan_update`, for a client that declared
 * `clientCapabilities.plan` (`enabled`): once per tool call and plan text. The CLI adds
 * the plan to the input it asks permission with; the model's own input has none.
 */
export function markdownPlanUpdates(state: ToolCallState, enabled: boolean): SessionUpdate[] {
  if (!enabled || state.toolName !== "ExitPlanMode") return [];
  const content = str(state.input.plan);
  if (!content || state.markdownPlanSent === content) return [];
  state.markdownPlanSent = content;
  return [markdownPlanUpdate(state.toolCallId, content)];
}
