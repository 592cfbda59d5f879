import { statSync } from "node:fs";
import { dirname, join } from "node:path";
import type { ClaudeCommand } from "../translation/commands.js";

/**
 * The `SKILL.md` of each command that is a skill Claude Code found on disk (AIR's
 * `skillPath`, air-extensions.md "AIR metadata keys"): the project's `.claude/skills`,
 * in the working directory or the nearest folder above it that has the skill, then the
 * user's (`<config dir>/skills`). A built-in command, an MCP prompt or a plugin's
 * namespaced skill (`plugin:name`) is left as it is; so is a skill whose file is gone.
 */
export function withSkillFiles(
  commands: readonly ClaudeCommand[],
  cwd: string,
  configDir: string,
): ClaudeCommand[] {
  const roots = [...projectSkillRoots(cwd), join(configDir, "skills")];
  return commands.map((command) => {
    const name = command.name.replace(/^\//, "");
    if (command.builtin || !/^[\w.-]+$/.test(name)) return command;
    for (const root of roots) {
      const file = join(root, name, "SKILL.md");
      if (isFile(file)) return { ...command, skillFile: file };
    }
    return command;
  });
}

/** `.claude/skills` of the working directory and of each folder above it. */
function projectSkillRoots(cwd: string): string[] {
  const roots: string[] = [];
  for (let dir = cwd; ; dir = dirname(dir)) {
    roots.push(join(dir, ".claude", "skills"));
    if (dirname(dir) === dir) return roots;
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
