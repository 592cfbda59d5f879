import type { PlanEntry } from "@agentclientprotocol/sdk/unstable";
import { record, str, type ToolReporter } from "../reporter.js";

const STATUSES = new Set(["pending", "in_progress", "completed"]);

/** TodoWrite's list → ACP plan entries. */
export function todoPlan(todos: unknown): PlanEntry[] {
  if (!Array.isArray(todos)) return [];
  return todos.flatMap((todo): PlanEntry[] => {
    const item = record(todo);
    const content = str(item?.content);
    const status = str(item?.status);
    if (!content || !status || !STATUSES.has(status)) return [];
    return [{ content, status: status as PlanEntry["status"], priority: "medium" }];
  });
}

/** TodoWrite: a standard `plan`, not a tool call. */
export const todoWriteReporter: ToolReporter = {
  describe: (input) => ({ kind: "think", title: "Update plan", plan: todoPlan(input.todos) }),
};
