import type { ClientProfile } from "../profile/client-profile.js";
import { clientEnv } from "../sdk/query-options.js";
import { withSkillFiles } from "../sdk/skill-files.js";
import { claudeConfigDir } from "../sdk/transcript-paths.js";
import type { ClaudeCommand } from "../translation/commands.js";
import type { SessionSetup } from "./query-setup.js";

/**
 * Claude Code's commands as this client is shown them: AIR also learns each skill's file
 * (air-extensions.md, available commands of skills); every other client gets them as is.
 */
export function describedCommands(
  commands: readonly ClaudeCommand[],
  profile: ClientProfile,
  setup: SessionSetup,
): readonly ClaudeCommand[] {
  if (!profile.air.client) return commands;
  const configDir = claudeConfigDir(clientEnv(setup.passThrough));
  return withSkillFiles(commands, setup.cwd, configDir);
}
