/**
 * AIR async tasks' wire names (air-extensions.md "Async tasks"). Listed in
 * `AIR_WIRE_STRINGS` (`../keys.ts`), so only the AIR folder spells them.
 */

/** The session update kinds of an async task ("Updates"), by the tracker's kind. */
export const ASYNC_TASK_UPDATES = {
  spawned: "async_task_spawned",
  progress: "async_task_progress",
  state: "async_task_state_update",
} as const;

/** The client's stop request ("Stop request"). */
export const ASYNC_TASK_STOP_METHOD = "_session/async_task/stop";

/** Bash `tool_call_update._meta.jetbrains.air.asyncTasks`: `{backgrounded: true}`. */
export const ASYNC_TASKS_META = "asyncTasks";
export const BACKGROUNDED = "backgrounded";

export const ASYNC_TASK_WIRE_STRINGS: readonly string[] = [
  ...Object.values(ASYNC_TASK_UPDATES),
  ASYNC_TASK_STOP_METHOD,
  BACKGROUNDED,
];
