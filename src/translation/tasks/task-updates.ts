/**
 * What Claude Code's background tasks do, as the tracker (`task-tracker.ts`) reports it to
 * the extensions that show them (AIR's async tasks, Lody's task cards): each one maps an
 * update onto its own wire.
 */

/** The three kinds of a task update: announced, its progress, its state. */
export type TaskUpdateKind = "spawned" | "progress" | "state";

/** The states a task goes through. */
export type AsyncTaskState = "running" | "paused" | "completed" | "failed" | "stopped";

/**
 * A task's type by the SDK's task type (`shell`, `workflow`, `monitor`, `task`, or the SDK
 * value). Claude Code 0.3.318 names them `local_bash`, `local_workflow`, `monitor_mcp` and
 * `mcp_task`.
 */
export const TASK_TYPES: Readonly<Record<string, string>> = {
  local_bash: "shell",
  local_workflow: "workflow",
  monitor_mcp: "monitor",
  mcp_task: "task",
};

/** One task update, in the fields of AIR's `async_task_*` updates but its kind. */
export type AsyncTaskUpdate =
  | {
      kind: "spawned";
      asyncTaskId: string;
      name: string;
      taskType: string;
      description: string;
      showInTranscript: boolean;
      canStop: true;
      outputFilePath?: string;
      toolCallId?: string;
    }
  | ({ kind: "progress"; asyncTaskId: string } & Progress)
  | {
      kind: "state";
      asyncTaskId: string;
      state: AsyncTaskState;
      summary?: string;
    };

/** The token usage of a task. */
export interface TaskUsage {
  readonly totalTokens: number;
  readonly toolUses: number;
  readonly durationMs: number;
}

/** The fields a progress update may carry (each only when it changed). */
export interface Progress {
  description?: string;
  summary?: string;
  lastToolName?: string;
  usage?: TaskUsage;
  outputFilePath?: string;
  toolCallId?: string;
}

/** What an SDK task event tells about a task (`sdk-events.ts` reads it off the message). */
export interface TaskFacts {
  readonly taskId: string;
  readonly toolUseId?: string;
  /** The SDK's task type (`local_bash`, …). */
  readonly taskType?: string;
  readonly description?: string;
  /** A workflow's name (`workflow_name`), the task's name when present. */
  readonly name?: string;
  readonly skipTranscript?: boolean;
  /** False: a foreground task the tool call blocks on (not async work yet). */
  readonly backgrounded?: boolean;
  readonly outputFile?: string;
  readonly summary?: string;
  readonly lastToolName?: string;
  readonly usage?: TaskUsage;
}

export function stateUpdate(
  asyncTaskId: string,
  state: AsyncTaskState,
  summary: { summary?: string } = {},
): AsyncTaskUpdate {
  return { kind: "state", asyncTaskId, state, ...summary };
}

/** A `task_notification` status as a state (`killed` and anything else: stopped). */
export function terminalState(status: string): AsyncTaskState {
  return status === "completed" ? "completed" : status === "failed" ? "failed" : "stopped";
}

export function sameUsage(a: TaskUsage, b: TaskUsage | undefined): boolean {
  return (
    b !== undefined &&
    a.totalTokens === b.totalTokens &&
    a.toolUses === b.toolUses &&
    a.durationMs === b.durationMs
  );
}
