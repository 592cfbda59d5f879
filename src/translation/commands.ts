import type { AvailableCommand, SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import type { ClientProfile } from "../profile/client-profile.js";
import { REMOTE_CONTROL_NAME } from "./remote-control.js";

declare module "../profile/hooks.js" {
  interface ExtensionHooks {
    /** The `_meta` of a skill's available command whose `SKILL.md` was found (AIR `skillPath`). */
    readonly skillCommandMeta?: (skillFile: string) => Record<string, unknown>;
  }
}

/** Claude Code's description of a slash command (SDK `SlashCommand`). */
export interface ClaudeCommand {
  readonly name: string;
  readonly description: string;
  readonly argumentHint?: string;
  /** Claude Code's own command (SDK 0.3.318 `builtin`). */
  readonly builtin?: boolean;
  /** A skill's `SKILL.md`, found for a client that shows it (`skillCommandMeta`). */
  readonly skillFile?: string;
}

/**
 * Commands that make no sense outside Claude Code's own terminal: the editor owns the
 * conversation, the login and the display.
 */
const TERMINAL_ONLY: ReadonlySet<string> = new Set([
  "clear",
  "cost",
  "keybindings-help",
  "login",
  "logout",
  "output-style:new",
  "release-notes",
  "todos",
  "color",
  "config",
  "focus",
  "vim",
  "terminal-setup",
  "exit",
  "resume",
]);

/** The commands the adapter runs itself, whatever Claude Code says about them. */
const ADAPTER_COMMANDS: readonly AvailableCommand[] = [
  {
    name: "mcp",
    description: "Show the MCP servers; `reconnect`, `enable`, `disable` or `auth` (sign in) one",
    input: { hint: "[reconnect|enable|disable|auth <server>]" },
  },
  {
    name: REMOTE_CONTROL_NAME,
    description:
      "Continue this session from claude.ai/code or the Claude mobile app; `off` disconnects",
    input: { hint: "[session name | off]" },
  },
];

/**
 * Claude Code names an MCP server's prompt `server:prompt (MCP)`; the menu shows it as
 * `mcp:server:prompt` (features 1h), the name `fromAcpPrompt` turns back into Claude
 * Code's. Undefined for any other command.
 */
function mcpPromptName(name: string): string | undefined {
  const match = /^\/?([^:\s]+):(\S+) \(MCP\)$/.exec(name);
  return match ? `mcp:${match[1]}:${match[2]}` : undefined;
}

/**
 * Claude Code's commands (built-in, `.claude/commands`, skills, MCP prompts) → ACP
 * available commands. Terminal-only commands, names with whitespace and duplicates are
 * left out; an argument hint becomes the command's input hint, and a command without one
 * has `input: null`, as upstream sends it (spec "Compatibility rule": upstream's values);
 * a skill whose file was found carries the `_meta` the client's extension gives it.
 */
export function toAvailableCommands(
  commands: readonly ClaudeCommand[],
  profile: ClientProfile,
): AvailableCommand[] {
  const skillMeta = profile.hooks.skillCommandMeta;
  const seen = new Set<string>(ADAPTER_COMMANDS.map((c) => c.name));
  const out: AvailableCommand[] = [...ADAPTER_COMMANDS];
  for (const command of commands) {
    const name = mcpPromptName(command.name) ?? command.name.replace(/^\//, "");
    if (!name || /\s/.test(name) || TERMINAL_ONLY.has(name) || seen.has(name)) continue;
    seen.add(name);
    out.push({
      name,
      description: command.description,
      input: command.argumentHint ? { hint: command.argumentHint } : null,
      ...(command.skillFile && skillMeta ? { _meta: skillMeta(command.skillFile) } : {}),
    });
  }
  return out;
}

/** The `available_commands_update` for Claude Code's commands. */
export function commandsUpdate(
  commands: readonly ClaudeCommand[],
  profile: ClientProfile,
): SessionUpdate {
  return {
    sessionUpdate: "available_commands_update",
    availableCommands: toAvailableCommands(commands, profile),
  };
}
