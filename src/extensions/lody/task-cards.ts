import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import { ASYNC_TASK_UPDATES } from "../air/async-tasks/keys.js";
import type { AsyncTaskUpdate } from "../air/async-tasks/task-tracker.js";
import { BACKGROUND_TASK_KIND, LODY_VERSION, TASK, TASK_TOOL_CALL_PREFIX } from "./keys.js";
import { withLodyMeta } from "./lody-meta.js";

/** The task type of a backgrounded Bash command (the async task tracker's `shell`). */
const SHELL = "shell";
/** Who runs a background shell task: the title reads `Bash: <description>`. */
const SHELL_ACTOR = "Bash";

type Status = "in_progress" | "completed" | "failed";

interface Card {
  readonly taskId: string;
  readonly description: string;
  readonly parentToolCallId?: string;
  readonly startedAtEpochSeconds: number;
  readonly skipTranscript: boolean;
  status: Status;
  endedAtEpochSeconds?: number;
  summary?: string;
  error?: string;
  lastToolName?: string;
  usage?: { totalTokens: number; toolUses: number; durationMs: number };
}

/**
 * Lody background tasks (lody-contract.md §7.6): the session's async tasks, as the
 * async task tracker reports them, become tool calls `task:<taskId>` (kind `think`,
 * title `Bash: <description>`) carrying `_meta.lody.task` `{version: 1, taskId, kind:
 * "background", status, ...}`, the whole snapshot on every report. Only backgrounded
 * Bash commands: subagents and monitors are not Lody tasks here. A task stopped by the
 * user or with its Claude Code ends `failed` (Lody's statuses have no stopped).
 * `now` is the time of the report, in epoch seconds (this class reads no clock).
 */
export class LodyTaskCards {
  private readonly cards = new Map<string, Card>();

  present(update: AsyncTaskUpdate, now: number): SessionUpdate[] {
    if (update.sessionUpdate === ASYNC_TASK_UPDATES.spawned) {
      if (update.taskType !== SHELL || this.cards.has(update.asyncTaskId)) return [];
      const card: Card = {
        taskId: update.asyncTaskId,
        description: update.description,
        ...(update.toolCallId ? { parentToolCallId: update.toolCallId } : {}),
        startedAtEpochSeconds: now,
        skipTranscript: !update.showInTranscript,
        status: "in_progress",
      };
      this.cards.set(card.taskId, card);
      return [
        {
          sessionUpdate: "tool_call",
          toolCallId: TASK_TOOL_CALL_PREFIX + card.taskId,
          title: `${SHELL_ACTOR}: ${card.description}`,
          kind: "think",
          status: "in_progress",
          _meta: taskMeta(card),
        },
      ];
    }
    const card = this.cards.get(update.asyncTaskId);
    if (!card || card.status !== "in_progress") return [];
    if (update.sessionUpdate === ASYNC_TASK_UPDATES.progress) {
      if (update.summary !== undefined) card.summary = update.summary;
      if (update.lastToolName !== undefined) card.lastToolName = update.lastToolName;
      if (update.usage !== undefined) card.usage = { ...update.usage };
      if (update.summary === undefined && !update.lastToolName && !update.usage) return [];
      return [this.report(card)];
    }
    if (update.state === "running" || update.state === "paused") return [];
    card.status = update.state === "completed" ? "completed" : "failed";
    card.endedAtEpochSeconds = now;
    if (update.summary !== undefined) card.summary = update.summary;
    if (update.state === "stopped") card.error = "Stopped";
    return [this.report(card)];
  }

  private report(card: Card): SessionUpdate {
    return {
      sessionUpdate: "tool_call_update",
      toolCallId: TASK_TOOL_CALL_PREFIX + card.taskId,
      status: card.status,
      _meta: taskMeta(card),
    };
  }
}

/** `{lody: {task: {...}}}`: the task's whole snapshot. */
function taskMeta(card: Card): Record<string, unknown> {
  const task: Record<string, unknown> = {
    version: LODY_VERSION,
    taskId: card.taskId,
    kind: BACKGROUND_TASK_KIND,
    status: card.status,
    description: card.description,
    actor: SHELL_ACTOR,
  };
  if (card.parentToolCallId) task.parentToolCallId = card.parentToolCallId;
  task.startedAtEpochSeconds = card.startedAtEpochSeconds;
  if (card.endedAtEpochSeconds !== undefined) task.endedAtEpochSeconds = card.endedAtEpochSeconds;
  if (card.summary !== undefined) task.summary = card.summary;
  if (card.error !== undefined) task.error = card.error;
  if (card.lastToolName !== undefined) task.lastToolName = card.lastToolName;
  if (card.usage) task.usage = { ...card.usage };
  if (card.skipTranscript) task.skipTranscript = true;
  return withLodyMeta(undefined, { [TASK]: task });
}
