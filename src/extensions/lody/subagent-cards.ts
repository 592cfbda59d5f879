import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import { SUBAGENT_TOOLS } from "../../translation/subagents/child-session.js";
import { taskUsageOf } from "../../translation/tasks/sdk-events.js";
import { remember } from "../../translation/tasks/task-tracker.js";
import { SUBAGENT_TASK_KIND } from "./keys.js";
import type { LodyTaskCards, TaskProgress } from "./task-cards.js";

/** The SDK task type of a subagent's task. */
const AGENT_TASK_TYPE = "local_agent";

interface SubagentCall {
  readonly toolName: string;
  input: Record<string, unknown>;
}

/** A subagent task whose card is open. */
interface OpenTask {
  readonly toolUseId: string | undefined;
  background: boolean;
}

type System = Extract<SDKMessage, { type: "system" }> & Record<string, unknown>;

/**
 * Subagents as Lody task cards (lody-contract.md §7.6, `subagents {lifecycle: true}`),
 * the fallback for a Lody client that takes subagents neither as Lody subagent events
 * nor as native child sessions: each Agent / Task subagent's task is a `task:<taskId>`
 * card of kind `subagent`, titled `<subagent type>: <description>`, opened by Claude
 * Code's `task_started`, with its `task_progress`, ended by the Agent call's result (a
 * foreground subagent) or the task's `task_notification`. A foreground subagent still
 * open when the turn ends (`result`) ended with it (a cancel): `failed`. Pure: SDK
 * messages in, the cards' updates out; `now` in epoch seconds.
 */
export class LodySubagentCards {
  private readonly calls = new Map<string, SubagentCall>();
  private readonly open = new Map<string, OpenTask>();

  constructor(private readonly cards: LodyTaskCards) {}

  observe(message: SDKMessage, now: number): SessionUpdate[] {
    if (message.type === "assistant") this.sawCalls(message);
    else if (message.type === "user") return this.sawResults(message, now);
    else if (message.type === "system") return this.fromSystem(message as System, now);
    else if (message.type === "result") return this.turnEnded(now);
    return [];
  }

  /** Claude Code exited or the session closes: every open card ends `failed`. */
  shutdown(now: number, error: string): SessionUpdate[] {
    const out: SessionUpdate[] = [];
    for (const taskId of [...this.open.keys()])
      out.push(...this.end(taskId, "failed", now, { error }));
    return out;
  }

  private sawCalls(message: Extract<SDKMessage, { type: "assistant" }>): void {
    const content = message.message.content;
    for (let i = 0; i < content.length; i++) {
      const block = content[i]!;
      if (block.type !== "tool_use" || !SUBAGENT_TOOLS.has(block.name)) continue;
      const input = (block.input ?? {}) as Record<string, unknown>;
      remember(this.calls, block.id, { toolName: block.name, input });
    }
  }

  /** A foreground subagent ends with its call's result. */
  private sawResults(message: Extract<SDKMessage, { type: "user" }>, now: number): SessionUpdate[] {
    const content = message.message.content;
    if (!Array.isArray(content)) return [];
    const out: SessionUpdate[] = [];
    for (const block of content as unknown as Array<Record<string, unknown>>) {
      if (block?.type !== "tool_result" || typeof block.tool_use_id !== "string") continue;
      for (const [taskId, task] of this.open) {
        if (task.toolUseId !== block.tool_use_id || task.background) continue;
        out.push(...this.end(taskId, block.is_error === true ? "failed" : "completed", now));
      }
    }
    return out;
  }

  private fromSystem(m: System, now: number): SessionUpdate[] {
    const taskId = text(m.task_id);
    if (taskId === undefined) return [];
    switch (m.subtype) {
      case "task_started":
        return this.started(taskId, m, now);
      case "task_updated": {
        const patch = (m.patch ?? {}) as Record<string, unknown>;
        const task = this.open.get(taskId);
        if (task && patch.is_backgrounded === true) task.background = true;
        return [];
      }
      case "task_progress":
        if (!this.open.has(taskId)) return [];
        return this.cards.progress(taskId, progressOf(m));
      case "task_notification": {
        if (!this.open.has(taskId)) return [];
        const status = m.status === "completed" ? "completed" : "failed";
        const summary = text(m.summary);
        return this.end(taskId, status, now, {
          ...(summary !== undefined ? { summary } : {}),
          ...(m.status === "stopped" ? { error: "Stopped" } : {}),
        });
      }
      default:
        return [];
    }
  }

  /** A subagent's task started: the task of a known Agent / Task call, or an agent task. */
  private started(taskId: string, m: System, now: number): SessionUpdate[] {
    const toolUseId = text(m.tool_use_id);
    const call = toolUseId === undefined ? undefined : this.calls.get(toolUseId);
    if (!call && m.task_type !== AGENT_TASK_TYPE) return [];
    const input = call?.input ?? {};
    const actor = text(input.subagent_type) ?? text(m.subagent_type) ?? call?.toolName ?? "Agent";
    const description = text(input.description) ?? text(m.description) ?? taskId;
    const parentTaskId = text(m.parent_task_id);
    const modelId = text(input.model);
    const updates = this.cards.open(
      {
        taskId,
        kind: SUBAGENT_TASK_KIND,
        actor,
        description,
        ...(parentTaskId !== undefined ? { parentTaskId } : {}),
        ...(toolUseId !== undefined ? { parentToolCallId: toolUseId } : {}),
        ...(modelId !== undefined ? { modelId } : {}),
        ...(m.skip_transcript === true ? { skipTranscript: true } : {}),
      },
      now,
    );
    const background = m.is_backgrounded === true || input.run_in_background === true;
    if (updates.length > 0) this.open.set(taskId, { toolUseId, background });
    return updates;
  }

  /** The turn ended: a foreground subagent cannot outlive it (it was cancelled). */
  private turnEnded(now: number): SessionUpdate[] {
    const out: SessionUpdate[] = [];
    for (const [taskId, task] of [...this.open])
      if (!task.background) out.push(...this.end(taskId, "failed", now, { error: "Cancelled" }));
    return out;
  }

  private end(
    taskId: string,
    status: "completed" | "failed",
    now: number,
    facts: { summary?: string; error?: string } = {},
  ): SessionUpdate[] {
    this.open.delete(taskId);
    return this.cards.end(taskId, status, now, facts);
  }
}

function progressOf(m: System): TaskProgress {
  const summary = text(m.summary);
  const lastToolName = text(m.last_tool_name);
  const usage = taskUsageOf(m.usage);
  return {
    ...(summary !== undefined ? { summary } : {}),
    ...(lastToolName !== undefined ? { lastToolName } : {}),
    ...(usage !== undefined ? { usage } : {}),
  };
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}
