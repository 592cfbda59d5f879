import type { ToolCallDecorator } from "../../../translation/tool-calls/decorator.js";
import type { ToolCallState } from "../../../translation/tool-calls/tool-call-state.js";
import { airPayload } from "../tool-call-decorator.js";
import { ASYNC_TASKS_META, BACKGROUNDED } from "./keys.js";

/**
 * AIR `asyncTasks`: the Bash update of a backgrounded command carries
 * `_meta.jetbrains.air.asyncTasks = {backgrounded: true}`, so the card shows work that
 * goes on rather than finished work (air-extensions.md "Updates"). Only structured data
 * sets it: the result's `backgroundTaskId`, or the `run_in_background` input of a call
 * that ran (its result is in); never the result's text. The AIR decorator merges
 * `jetbrains.air` key by key, so the marker goes out once.
 */
export function backgroundedDecorator(): ToolCallDecorator {
  return {
    appendedKeys: [],
    decorate(meta, state) {
      if (state.toolName !== "Bash" || !backgrounded(state)) return;
      const marker: Record<string, unknown> = {};
      marker[BACKGROUNDED] = true;
      airPayload(meta)[ASYNC_TASKS_META] = marker;
    },
  };
}

function backgrounded(state: ToolCallState): boolean {
  const result = state.result;
  if (!result || result.isError) return false;
  const structured = result.structured as { backgroundTaskId?: unknown } | null | undefined;
  if (typeof structured?.backgroundTaskId === "string" && structured.backgroundTaskId !== "")
    return true;
  return state.input.run_in_background === true;
}
