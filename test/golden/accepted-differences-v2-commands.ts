/**
 * The command lists of the v2 accepted differences (`accepted-differences-v2.ts`): one
 * key per whole command, so that each key still names one command of one answer.
 */

/** Every key of a whole command on one side only, in the answer of `method`. */
export function commands(method: string, names: readonly string[], side: string): string[] {
  return names.map((name) => `← ${method} result availableCommands[name=${name}]* | ${side}`);
}

/**
 * Claude Code's commands upstream answers `session/fork` with (ours sends them in the
 * forked session's `available_commands_update`); `color` and `focus` are in a timing
 * entry of the list, as Claude Code lists them in some runs only.
 */
export const FORK_COMMANDS = [
  "__remote-workflow",
  "agents",
  "auto-mode-setup",
  "autocompact",
  "batch",
  "claude-api",
  "code-review",
  "compact",
  "config",
  "context",
  "dataviz",
  "debug",
  "deep-research",
  "doctor",
  "effort",
  "fast",
  "fewer-permission-prompts",
  "goal",
  "greet",
  "heapdump",
  "init",
  "insights",
  "list-agents",
  "loop",
  "mcp",
  "model",
  "output-style",
  "plugin-authoring",
  "recap",
  "reload-plugins",
  "reload-skills",
  "remote-control",
  "rename",
  "run",
  "run-skill-generator",
  "security-review",
  "simplify",
  "team-onboarding",
  "update-config",
  "usage",
  "verify",
  "workflow-authoring",
  "workflow-launch-exec",
] as const;
