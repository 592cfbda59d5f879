import type { AcceptedDifference } from "../support/golden-accepted.js";

/**
 * The command lists of the accepted differences (`accepted-differences-v2.ts`, and the
 * MCP prompt's timing for v1 too): one key per whole command, so that each key still
 * names one command of one answer.
 */

/** Every key of a whole command on one side only, in the answer of `method`. */
export function commands(method: string, names: readonly string[], side: string): string[] {
  return names.map((name) => `← ${method} result availableCommands[name=${name}]* | ${side}`);
}

/** The MCP echo server's prompt in the commands update, v1 and v2 alike. */
export const MCP_PROMPT_TIMING: AcceptedDifference = {
  keys: [
    "← session/update available_commands_update update.availableCommands[name=mcp:echo:greet]* | only upstream",
  ],
  reason:
    "measured timing (fresh-clone CI under load, 2026-12-07): ours lists an MCP server's " +
    "prompts in the update after Claude Code's `commands_changed` for the connected " +
    "server, so on a loaded machine the update paired with upstream's can be the one " +
    "before it; the prompt in the slash menu is asserted by " +
    "mcp-prompts-and-elicitation.test.ts",
  timing: true,
};
