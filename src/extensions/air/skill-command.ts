import { AIR, AIR_VERSION, JETBRAINS, KIND, SKILL_KIND, SKILL_PATH } from "./keys.js";

/**
 * An available command's `_meta` for a skill whose `SKILL.md` was found (air-extensions.md
 * "AIR metadata keys": `kind: "skill"` and `skillPath`, for an AIR client; never for a
 * built-in command or an MCP prompt).
 */
export function skillCommandMeta(skillFile: string): Record<string, unknown> {
  return {
    [JETBRAINS]: { [AIR]: { version: AIR_VERSION, [KIND]: SKILL_KIND, [SKILL_PATH]: skillFile } },
  };
}
