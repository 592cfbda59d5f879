import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import { resultText } from "../tool-calls/reporter.js";
import type { AsyncTaskTracker, AsyncTaskUpdate, TaskFacts, TaskUsage } from "./task-tracker.js";

type System = Extract<SDKMessage, { type: "system" }>;

/**
 * Feeds one SDK message to the session's async task tracker and returns the updates it
 * makes (air-extensions.md "Async tasks"): the `task_*` events, the background task
 * list, the tool uses (a Monitor's, a Bash's description), the tool results (a
 * structured `backgroundTaskId`, the result text for the output path) and the end of a
 * prompt's turn. Every other message makes none. Only structured fields are read.
 */
export function asyncTaskUpdates(
  tracker: AsyncTaskTracker,
  message: SDKMessage,
): AsyncTaskUpdate[] {
  switch (message.type) {
    case "system":
      return fromSystem(tracker, message);
    case "assistant": {
      const content = message.message.content;
      for (let i = 0; i < content.length; i++) {
        const block = content[i]!;
        if (block.type !== "tool_use") continue;
        const input = block.input as { description?: unknown; command?: unknown } | null;
        const description = text(input?.description) ?? text(input?.command);
        tracker.toolUse(block.id, block.name, description, message.parent_tool_use_id);
      }
      return [];
    }
    case "user":
      return fromUser(tracker, message);
    case "result":
      return tracker.turnEnded();
    default:
      return [];
  }
}

function fromSystem(tracker: AsyncTaskTracker, message: System): AsyncTaskUpdate[] {
  // The task events are read field by field: their types name more than 0.3.318 sends.
  const m = message as System & Record<string, unknown>;
  switch (message.subtype) {
    case "task_started":
      return tracker.started({
        ...common(m),
        ...optional("taskType", text(m.task_type)),
        ...optional("name", text(m.workflow_name)),
        ...(m.is_backgrounded === false ? { backgrounded: false } : {}),
      });
    case "task_updated": {
      const patch = (m.patch ?? {}) as Record<string, unknown>;
      return tracker.updated({
        taskId: String(m.task_id),
        ...optional("description", text(patch.description)),
        ...optional("status", text(patch.status)),
        ...(patch.is_backgrounded === true ? { backgroundedNow: true } : {}),
      });
    }
    case "task_progress":
      return tracker.progress({
        ...common(m),
        ...optional("summary", text(m.summary)),
        ...optional("lastToolName", text(m.last_tool_name)),
        ...optional("usage", taskUsageOf(m.usage)),
      });
    case "task_notification":
      return tracker.notified({
        ...common(m),
        status: String(m.status),
        ...optional("outputFile", text(m.output_file)),
        ...optional("summary", text(m.summary)),
        ...optional("usage", taskUsageOf(m.usage)),
      });
    case "background_tasks_changed": {
      // A list without its tasks says nothing (an empty list would end every task).
      if (!Array.isArray(m.tasks)) return [];
      const tasks = m.tasks as Array<Record<string, unknown>>;
      return tracker.listed(
        tasks.map((t) => ({ taskId: String(t.task_id), taskType: String(t.task_type) })),
      );
    }
    default:
      return [];
  }
}

/** The fields every task event may carry. */
function common(m: Record<string, unknown>): TaskFacts {
  return {
    taskId: String(m.task_id),
    ...optional("toolUseId", text(m.tool_use_id)),
    ...optional("description", text(m.description)),
    ...(m.skip_transcript === true ? { skipTranscript: true } : {}),
  };
}

function fromUser(
  tracker: AsyncTaskTracker,
  message: Extract<SDKMessage, { type: "user" }>,
): AsyncTaskUpdate[] {
  const content = message.message.content;
  if (!Array.isArray(content)) return [];
  const structured = ("tool_use_result" in message ? message.tool_use_result : undefined) as
    { backgroundTaskId?: unknown } | null | undefined;
  const backgroundTaskId = text(structured?.backgroundTaskId);
  const results: Array<{ tool_use_id: string; content?: unknown }> = [];
  for (let i = 0; i < content.length; i++) {
    const block = content[i] as { type?: unknown; tool_use_id?: unknown; content?: unknown };
    if (block.type === "tool_result" && typeof block.tool_use_id === "string")
      results.push(block as { tool_use_id: string; content?: unknown });
  }
  // A message carries one tool's structured result: it belongs to its only tool result.
  const id = results.length === 1 ? backgroundTaskId : undefined;
  let out: AsyncTaskUpdate[] = [];
  for (const block of results)
    out = out.concat(tracker.toolResult(block.tool_use_id, resultText(block.content), id));
  return out;
}

/** A task message's `usage` (`{total_tokens, tool_uses, duration_ms}`), whole or not at all. */
export function taskUsageOf(value: unknown): TaskUsage | undefined {
  const u = value as { total_tokens?: unknown; tool_uses?: unknown; duration_ms?: unknown } | null;
  if (!u || typeof u !== "object") return undefined;
  const { total_tokens: totalTokens, tool_uses: toolUses, duration_ms: durationMs } = u;
  if (typeof totalTokens !== "number" || typeof toolUses !== "number") return undefined;
  if (typeof durationMs !== "number") return undefined;
  return { totalTokens, toolUses, durationMs };
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}

function optional<K extends string, V>(key: K, value: V | undefined): { [k in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [k in K]?: V };
}
