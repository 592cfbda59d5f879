import type { ToolCallDecorator } from "../../translation/tool-calls/decorator.js";
import type { ToolCallState } from "../../translation/tool-calls/tool-call-state.js";
import {
  AIR,
  AIR_VERSION,
  AIR_VERSION_KEY,
  IS_MCP_TOOL_CALL,
  JETBRAINS,
  TOOL_CALL_KEYS,
} from "./keys.js";

/** Claude Code names an MCP tool `mcp__<server>__<tool>`. */
const MCP_PREFIX = "mcp__";

/**
 * The AIR column of "Claude tools and ACP fields" for an AIR client: the description of a
 * shell command (`commandTitle`), a subagent launch (`subagent`), the loaded skill
 * (`skill`), each in `_meta.jetbrains.air` next to `version: 1`, and the JetBrains shared
 * `is_mcp_tool_call` for an MCP tool. The field tracker compares `jetbrains.air` key by
 * key (`mergedObjects`), so each key goes out again only when it changes.
 */
export function airToolCallDecorator(): ToolCallDecorator {
  return {
    appendedKeys: [],
    mergedObjects: [{ path: [JETBRAINS, AIR], always: [AIR_VERSION_KEY] }],
    decorate(meta, state) {
      if (state.toolName.startsWith(MCP_PREFIX)) meta[IS_MCP_TOOL_CALL] = true;
      const name = state.toolName;
      if (name === "Bash" || name === "PowerShell") {
        const description = state.input.description;
        if (typeof description === "string" && description !== "")
          airPayload(meta)[TOOL_CALL_KEYS.commandTitle] = description;
      } else if (name === "Agent" || name === "Task") {
        airPayload(meta)[TOOL_CALL_KEYS.subagent] = true;
      } else if (name === "Skill") {
        const skill = skillOf(state);
        if (skill) airPayload(meta)[TOOL_CALL_KEYS.skill] = skill;
      }
    },
  };
}

/**
 * `_meta.jetbrains.air` of `meta`, created next to `version: 1` when absent and merged
 * into what another decorator put there (plain assignments: the renderer's hot path).
 */
export function airPayload(meta: Record<string, unknown>): Record<string, unknown> {
  let jetbrains = meta[JETBRAINS] as Record<string, unknown> | undefined;
  if (!jetbrains) meta[JETBRAINS] = jetbrains = {};
  let air = jetbrains[AIR] as Record<string, unknown> | undefined;
  if (!air) {
    air = {};
    air[AIR_VERSION_KEY] = AIR_VERSION;
    jetbrains[AIR] = air;
  }
  return air;
}

/**
 * The skill a Skill call loads: `name` from the input (`skill`, as Claude Code 0.3.318
 * names it); `path` only when the structured result names the skill's file (0.3.318's
 * does not, so today it is absent).
 */
function skillOf(state: ToolCallState): { name: string; path?: string } | undefined {
  const input = state.input;
  const name =
    typeof input.skill === "string"
      ? input.skill
      : typeof input.name === "string"
        ? input.name
        : "";
  if (name === "") return undefined;
  const skill: { name: string; path?: string } = { name };
  const response = state.toolResponse as { path?: unknown } | null | undefined;
  if (response && typeof response.path === "string" && response.path !== "")
    skill.path = response.path;
  return skill;
}
