import type { ClientProfile } from "../../profile/client-profile.js";
import { clientEnv } from "../../sdk/query-options.js";
import { withSkillFiles } from "../../sdk/skill-files.js";
import { claudeConfigDir } from "../../sdk/transcript-paths.js";
import type { ClaudeCommand } from "../../translation/commands.js";
import type { SessionSetup } from "../start/query-setup.js";

declare module "../../profile/hooks.js" {
  interface ExtensionHooks {
    /** The client learns each skill command's file (AIR, available commands of skills). */
    readonly skillFiles?: boolean;
  }
}

/**
 * Claude Code's commands as this client is shown them: an extension's client that takes
 * them learns each skill's file (`skillFiles`); every other client gets them as is.
 */
export function describedCommands(
  commands: readonly ClaudeCommand[],
  profile: ClientProfile,
  setup: SessionSetup,
): readonly ClaudeCommand[] {
  if (profile.hooks.skillFiles !== true) return commands;
  const configDir = claudeConfigDir(clientEnv(setup.passThrough));
  return withSkillFiles(commands, setup.cwd, configDir);
}
