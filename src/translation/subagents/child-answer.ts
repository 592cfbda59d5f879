import { record, resultText } from "../tool-calls/reporter.js";
import { subagentReport } from "../tool-calls/reporters/agent.js";

/**
 * A finished subagent's answer to its parent, from its Agent / Task call's result: the
 * report the parent got, without Claude Code's notes and trailer for the model. Only a
 * completed run's result is an answer (`tool_use_result.status: "completed"`, Claude Code
 * 2.1.318): a background launch's result is a placeholder, and an error is not the
 * child's. Undefined when there is none.
 */
export function childAnswer(content: unknown, structured: unknown): string | undefined {
  if (record(structured)?.status !== "completed") return undefined;
  const report = subagentReport({
    isError: false,
    text: resultText(content),
    raw: content,
    structured,
  });
  return report || undefined;
}

/**
 * A background subagent's answer: the `summary` of its `task_notification` when it
 * completed (Claude Code 2.1.318 puts the child's final message there).
 */
export function notifiedAnswer(status: string, summary: unknown): string | undefined {
  if (status !== "completed" || typeof summary !== "string") return undefined;
  return summary.trim() || undefined;
}
