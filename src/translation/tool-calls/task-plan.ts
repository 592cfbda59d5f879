import type { PlanEntry } from "@agentclientprotocol/sdk/unstable";
import type { ToolResult } from "./facts.js";
import { record, str, type ToolInput } from "./reporter.js";

/** Claude Code's task tools (0.3.318 plans with these unless TodoWrite is enabled). */
export const TASK_TOOLS: ReadonlySet<string> = new Set([
  "TaskCreate",
  "TaskUpdate",
  "TaskList",
  "TaskGet",
]);

type Status = PlanEntry["status"];

/** A TaskCreated or TaskCompleted hook, as the session passes it on. */
export interface TaskHookEvent {
  readonly kind: "created" | "completed";
  readonly taskId: string;
  readonly subject: string;
}
const STATUSES: ReadonlySet<string> = new Set(["pending", "in_progress", "completed"]);

/**
 * The session's task list, rebuilt from the task tools' results, as ACP plan entries.
 * Pure state: each result either changes the list (and yields the new plan) or not.
 */
export class TaskPlan {
  private readonly tasks = new Map<string, { content: string; status: Status }>();
  /** Task tool uses no tool call shows (a hidden subagent's), until their results. */
  private readonly awaited = new Map<string, { toolName: string; input: ToolInput }>();

  /** A task tool use whose result changes the list though no tool call reports it. */
  awaitResult(toolUseId: string, toolName: string, input: unknown): void {
    this.awaited.set(toolUseId, { toolName, input: record(input) ?? {} });
  }

  /** The result of an awaited task tool use; the new plan when the list changed. */
  awaitedResult(toolUseId: string, result: ToolResult): PlanEntry[] | undefined {
    const use = this.awaited.get(toolUseId);
    if (!use) return undefined;
    this.awaited.delete(toolUseId);
    return this.apply(use.toolName, use.input, result);
  }

  /** Applies a finished task tool; returns the new plan when the list changed. */
  apply(toolName: string, input: ToolInput, result: ToolResult): PlanEntry[] | undefined {
    if (result.isError) return undefined;
    const before = JSON.stringify([...this.tasks]);
    const out = record(result.structured);
    switch (toolName) {
      case "TaskCreate": {
        const task = record(out?.task);
        const id = str(task?.id);
        const subject = str(task?.subject) ?? str(input.subject);
        if (id && subject) this.tasks.set(id, { content: subject, status: "pending" });
        break;
      }
      case "TaskUpdate": {
        const id = str(input.taskId) ?? str(out?.taskId);
        if (!id || out?.success === false) break;
        if (input.status === "deleted") {
          this.tasks.delete(id);
          break;
        }
        const task = this.tasks.get(id) ?? {
          content: str(input.subject) ?? id,
          status: "pending" as Status,
        };
        const status = str(input.status);
        this.tasks.set(id, {
          content: str(input.subject) ?? task.content,
          status: status && STATUSES.has(status) ? (status as Status) : task.status,
        });
        break;
      }
      case "TaskList": {
        if (!Array.isArray(out?.tasks)) break;
        this.tasks.clear();
        for (const t of out.tasks) this.setFromOutput(record(t));
        break;
      }
      case "TaskGet":
        this.setFromOutput(record(out?.task));
        break;
    }
    if (JSON.stringify([...this.tasks]) === before) return undefined;
    return this.entries();
  }

  /**
   * Claude Code's TaskCreated / TaskCompleted hooks: they fire for every agent, a
   * subagent's too, whose task tools the root transcript does not show. A change the
   * task tools' results repeat later is no change then (no second plan).
   */
  hook(event: TaskHookEvent): PlanEntry[] | undefined {
    if (!event.taskId || !event.subject) return undefined;
    const status: Status = event.kind === "completed" ? "completed" : "pending";
    const known = this.tasks.get(event.taskId);
    // A created task already known (its TaskCreate result came first) keeps its status;
    // a known task keeps its content, so only a new status is a change.
    if (known && (event.kind === "created" || known.status === status)) return undefined;
    this.tasks.set(event.taskId, { content: known?.content ?? event.subject, status });
    return this.entries();
  }

  private setFromOutput(task: Readonly<Record<string, unknown>> | undefined): void {
    const id = str(task?.id);
    const subject = str(task?.subject);
    const status = str(task?.status);
    if (id && subject && status && STATUSES.has(status))
      this.tasks.set(id, { content: subject, status: status as Status });
  }

  entries(): PlanEntry[] {
    return [...this.tasks.values()].map((t) => ({
      content: t.content,
      status: t.status,
      priority: "medium",
    }));
  }
}
