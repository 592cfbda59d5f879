import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import type { AsyncTaskUpdate, TaskUsage } from "../../translation/tasks/task-tracker.js";
import { BACKGROUND_TASK_KIND, LODY_VERSION, TASK, TASK_TOOL_CALL_PREFIX } from "./keys.js";
import { withLodyMeta } from "./lody-meta.js";

/** The task type of a backgrounded Bash command (the async task tracker's `shell`). */
const SHELL = "shell";
/** Who runs a background shell task: the title reads `Bash: <description>`. */
const SHELL_ACTOR = "Bash";

type Status = "in_progress" | "completed" | "failed";

/** What a task card shows from its start (contract §7.6 `LodyTaskMeta`). */
export interface TaskStart {
  readonly taskId: string;
  readonly kind: string;
  /** Who runs the task: the title reads `<actor>: <description>`. */
  readonly actor: string;
  readonly description: string;
  readonly parentTaskId?: string;
  readonly parentToolCallId?: string;
  readonly modelId?: string;
  readonly skipTranscript?: boolean;
}

/** What a task's progress may tell (each field only when known). */
export interface TaskProgress {
  readonly summary?: string;
  readonly lastToolName?: string;
  readonly usage?: TaskUsage;
}

interface Card {
  readonly start: TaskStart;
  readonly startedAtEpochSeconds: number;
  status: Status;
  endedAtEpochSeconds?: number;
  summary?: string;
  error?: string;
  lastToolName?: string;
  usage?: TaskUsage;
}

/**
 * Lody task cards (lody-contract.md §7.6): each task is a tool call `task:<taskId>`
 * (kind `think`, title `<actor>: <description>`) carrying `_meta.lody.task` `{version:
 * 1, taskId, kind, status, ...}`, the whole snapshot on every report; opened once, in
 * progress until it ends `completed` or `failed` (Lody's statuses have no stopped),
 * nothing after its end. `now` is the time of the report, in epoch seconds (this class
 * reads no clock). `present` reads the async task tracker's reports: only backgrounded
 * Bash commands (its subagents and monitors are not Lody background tasks).
 */
export class LodyTaskCards {
  private readonly cards = new Map<string, Card>();

  /** The task started: its tool call; nothing for a task already known. */
  open(start: TaskStart, now: number): SessionUpdate[] {
    if (this.cards.has(start.taskId)) return [];
    const card: Card = { start, startedAtEpochSeconds: now, status: "in_progress" };
    this.cards.set(start.taskId, card);
    return [
      {
        sessionUpdate: "tool_call",
        toolCallId: TASK_TOOL_CALL_PREFIX + start.taskId,
        title: `${start.actor}: ${start.description}`,
        kind: "think",
        status: "in_progress",
        _meta: taskMeta(card),
      },
    ];
  }

  /** News of a running task; nothing when it tells nothing or the task is not running. */
  progress(taskId: string, progress: TaskProgress): SessionUpdate[] {
    const card = this.running(taskId);
    if (!card) return [];
    if (progress.summary !== undefined) card.summary = progress.summary;
    if (progress.lastToolName !== undefined) card.lastToolName = progress.lastToolName;
    if (progress.usage !== undefined) card.usage = { ...progress.usage };
    if (progress.summary === undefined && !progress.lastToolName && !progress.usage) return [];
    return [this.report(card)];
  }

  /** The task ended; nothing for a task not running. */
  end(
    taskId: string,
    status: "completed" | "failed",
    now: number,
    facts: { readonly summary?: string; readonly error?: string } = {},
  ): SessionUpdate[] {
    const card = this.running(taskId);
    if (!card) return [];
    card.status = status;
    card.endedAtEpochSeconds = now;
    if (facts.summary !== undefined) card.summary = facts.summary;
    if (facts.error !== undefined) card.error = facts.error;
    return [this.report(card)];
  }

  /** One report of the async task tracker, for a backgrounded Bash command. */
  present(update: AsyncTaskUpdate, now: number): SessionUpdate[] {
    if (update.kind === "spawned") {
      if (update.taskType !== SHELL) return [];
      return this.open(
        {
          taskId: update.asyncTaskId,
          kind: BACKGROUND_TASK_KIND,
          actor: SHELL_ACTOR,
          description: update.description,
          ...(update.toolCallId ? { parentToolCallId: update.toolCallId } : {}),
          skipTranscript: !update.showInTranscript,
        },
        now,
      );
    }
    if (update.kind === "progress") return this.progress(update.asyncTaskId, update);
    if (update.state === "running" || update.state === "paused") return [];
    return this.end(
      update.asyncTaskId,
      update.state === "completed" ? "completed" : "failed",
      now,
      {
        ...(update.summary !== undefined ? { summary: update.summary } : {}),
        ...(update.state === "stopped" ? { error: "Stopped" } : {}),
      },
    );
  }

  private running(taskId: string): Card | undefined {
    const card = this.cards.get(taskId);
    return card?.status === "in_progress" ? card : undefined;
  }

  private report(card: Card): SessionUpdate {
    return {
      sessionUpdate: "tool_call_update",
      toolCallId: TASK_TOOL_CALL_PREFIX + card.start.taskId,
      status: card.status,
      _meta: taskMeta(card),
    };
  }
}

/** `{lody: {task: {...}}}`: the task's whole snapshot. */
function taskMeta(card: Card): Record<string, unknown> {
  const { start } = card;
  const task: Record<string, unknown> = {
    version: LODY_VERSION,
    taskId: start.taskId,
    kind: start.kind,
    status: card.status,
    description: start.description,
    actor: start.actor,
  };
  if (start.parentTaskId) task.parentTaskId = start.parentTaskId;
  if (start.parentToolCallId) task.parentToolCallId = start.parentToolCallId;
  if (start.modelId) task.modelId = start.modelId;
  task.startedAtEpochSeconds = card.startedAtEpochSeconds;
  if (card.endedAtEpochSeconds !== undefined) task.endedAtEpochSeconds = card.endedAtEpochSeconds;
  if (card.summary !== undefined) task.summary = card.summary;
  if (card.error !== undefined) task.error = card.error;
  if (card.lastToolName !== undefined) task.lastToolName = card.lastToolName;
  if (card.usage) task.usage = { ...card.usage };
  if (start.skipTranscript) task.skipTranscript = true;
  return withLodyMeta(undefined, { [TASK]: task });
}
