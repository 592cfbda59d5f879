import type { ToolCallDecorator } from "../../translation/tool-calls/decorator.js";
import { LODY, LODY_META_KEYS, LODY_TOOL_NAMES } from "./keys.js";

/**
 * Lody's stable tool ids (lody-contract.md §3): a tool call of one of Claude Code's own
 * tools that Lody names (the cron tools, `ScheduleWakeup`) carries `_meta.lody.toolName`
 * on its `tool_call` and every `tool_call_update`, so the client can recognise it
 * whatever its title says. An MCP tool of the same short name is not Claude Code's: its
 * full name (`mcp__<server>__<tool>`) matches nothing. Merged into `_meta.lody` beside
 * the other Lody keys (plain assignments: the renderer's hot path).
 */
export function lodyToolNameDecorator(): ToolCallDecorator {
  return {
    appendedKeys: [],
    decorate(meta, state) {
      const name = LODY_TOOL_NAMES.get(state.toolName);
      if (name === undefined) return;
      let lody = meta[LODY] as Record<string, unknown> | undefined;
      if (!lody) meta[LODY] = lody = {};
      lody[LODY_META_KEYS.toolName] = name;
    },
  };
}
