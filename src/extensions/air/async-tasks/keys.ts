/**
 * AIR async tasks' wire names (air-extensions.md "Async tasks"). Listed in
 * `AIR_WIRE_STRINGS` (`../keys.ts`), so only the AIR folder spells them.
 */

/** The session update kinds of an async task ("Updates"). */
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

/** The states `async_task_state_update` carries. */
export type AsyncTaskState = "running" | "paused" | "completed" | "failed" | "stopped";

/**
 * `taskType` by the SDK's task type ("Updates": `shell`, `workflow`, `monitor`, `task`,
 * or the SDK value). Claude Code 0.3.318 names them `local_bash`, `local_workflow`,
 * `monitor_mcp` and `mcp_task`.
 */
export const TASK_TYPES: Readonly<Record<string, string>> = {
  local_bash: "shell",
  local_workflow: "workflow",
  monitor_mcp: "monitor",
  mcp_task: "task",
};

export const ASYNC_TASK_WIRE_STRINGS: readonly string[] = [
  ...Object.values(ASYNC_TASK_UPDATES),
  ASYNC_TASK_STOP_METHOD,
  BACKGROUNDED,
];
