import { readdirSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import type { ClaudeCommand } from "../translation/commands.js";

/**
 * The `SKILL.md` of each command that is a skill Claude Code found on disk (AIR's
 * `skillPath`, air-extensions.md "AIR metadata keys"): the project's `.claude/skills`,
 * in the working directory or the nearest folder above it that has the skill, then the
 * user's (`<config dir>/skills`). A built-in command, an MCP prompt or a plugin's
 * namespaced skill (`plugin:name`) is left as it is; so is a skill whose file is gone.
 * Each skills folder is listed once (most do not exist), not probed per command.
 */
export function withSkillFiles(
  commands: readonly ClaudeCommand[],
  cwd: string,
  configDir: string,
): ClaudeCommand[] {
  const files = skillFiles([...projectSkillRoots(cwd), join(configDir, "skills")]);
  if (files.size === 0) return [...commands];
  return commands.map((command) => {
    const name = command.name.replace(/^\//, "");
    const file = command.builtin ? undefined : files.get(name);
    return file ? { ...command, skillFile: file } : command;
  });
}

/** Skill name → its `SKILL.md`, the first root that has it winning. */
function skillFiles(roots: readonly string[]): Map<string, string> {
  const files = new Map<string, string>();
  for (const root of roots) {
    for (const name of listing(root)) {
      if (files.has(name) || !/^[\w.-]+$/.test(name)) continue;
      const file = join(root, name, "SKILL.md");
      if (isFile(file)) files.set(name, file);
    }
  }
  return files;
}

/** `.claude/skills` of the working directory and of each folder above it. */
function projectSkillRoots(cwd: string): string[] {
  const roots: string[] = [];
  for (let dir = cwd; ; dir = dirname(dir)) {
    roots.push(join(dir, ".claude", "skills"));
    if (dirname(dir) === dir) return roots;
  }
}

function listing(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
