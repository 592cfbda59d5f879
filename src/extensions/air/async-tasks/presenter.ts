import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import type { TaskPresenter } from "../../../session/subagents/async-tasks.js";
import { ASYNC_TASK_UPDATES } from "./keys.js";
import { stoppedByUserLine } from "./stop-method.js";

/**
 * AIR's async tasks (air-extensions.md "Async tasks"): each tracker update goes out as
 * AIR's own session update kind (`async_task_spawned`, `async_task_progress`,
 * `async_task_state_update`, outside the ACP schema's union) with the tracker's fields;
 * AIR's stop request stops them.
 */
export const AIR_TASK_PRESENTER: TaskPresenter = {
  present({ kind, ...fields }) {
    return [{ sessionUpdate: ASYNC_TASK_UPDATES[kind], ...fields } as unknown as SessionUpdate];
  },
  stoppedLine: stoppedByUserLine,
};
