import { z } from "zod";
import { ASYNC_TASK_STOP_METHOD } from "./keys.js";

/** `_session/async_task/stop` (air-extensions.md "Stop request"). */
export const STOP_ASYNC_TASK = ASYNC_TASK_STOP_METHOD;

/** Its params: the session and the task to stop. */
export const stopAsyncTaskParams = z.object({
  sessionId: z.string(),
  asyncTaskId: z.string(),
});

/** Its answer: whether the task was stopped now (not: unknown, finished, already stopping). */
export interface StopAsyncTaskResponse {
  readonly stopped: boolean;
}

/** The one transcript line a stop request adds ("Stop request"). */
export function stoppedByUserLine(name: string): string {
  return `Task stopped by user: ${name}.`;
}
