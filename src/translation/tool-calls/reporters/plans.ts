import type { PlanEntry } from "@agentclientprotocol/sdk/unstable";
import { record, str, type ToolReporter } from "../reporter.js";

const STATUSES = new Set(["pending", "in_progress", "completed"]);

/**
 * TodoWrite's list → ACP plan entries. `active`: the entry in progress shows what is being
 * done (its `activeForm`, "Writing the summary"), as upstream and Claude Code show it.
 */
export function todoPlan(todos: unknown, active = false): PlanEntry[] {
  if (!Array.isArray(todos)) return [];
  return todos.flatMap((todo): PlanEntry[] => {
    const item = record(todo);
    const content = str(item?.content);
    const status = str(item?.status);
    if (!content || !status || !STATUSES.has(status)) return [];
    const doing = active && status === "in_progress" ? str(item?.activeForm) : undefined;
    return [
      { content: doing || content, status: status as PlanEntry["status"], priority: "medium" },
    ];
  });
}

/** TodoWrite: a standard `plan`, not a tool call; the entry in progress as upstream shows it. */
export const todoWriteReporter: ToolReporter = {
  describe: (input) => ({ kind: "think", title: "Update plan", plan: todoPlan(input.todos, true) }),
};
