import { ASYNC_TASK_UPDATES, type AsyncTaskState } from "./keys.js";

/** One async task update as it goes out (`session/update`'s `update`). */
export type AsyncTaskUpdate =
  | {
      sessionUpdate: typeof ASYNC_TASK_UPDATES.spawned;
      asyncTaskId: string;
      name: string;
      taskType: string;
      description: string;
      showInTranscript: boolean;
      canStop: true;
      outputFilePath?: string;
      toolCallId?: string;
    }
  | ({ sessionUpdate: typeof ASYNC_TASK_UPDATES.progress; asyncTaskId: string } & Progress)
  | {
      sessionUpdate: typeof ASYNC_TASK_UPDATES.state;
      asyncTaskId: string;
      state: AsyncTaskState;
      summary?: string;
    };

/** The token usage of a task, as `async_task_progress` carries it. */
export interface TaskUsage {
  readonly totalTokens: number;
  readonly toolUses: number;
  readonly durationMs: number;
}

/** The fields `async_task_progress` may carry (each only when it changed). */
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
  return { sessionUpdate: ASYNC_TASK_UPDATES.state, asyncTaskId, state, ...summary };
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
