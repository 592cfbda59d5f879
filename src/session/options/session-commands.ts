import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import type { ClientProfile } from "../../profile/client-profile.js";
import { commandsUpdate, type ClaudeCommand } from "../../translation/commands.js";
import { describedCommands } from "./described-commands.js";
import type { Outbox } from "../outbox.js";
import type { SessionSetup } from "../start/query-setup.js";

/**
 * Claude Code's slash commands of a session, as last reported and as the client is
 * shown them (`describedCommands`): those of its start, then each `commands_changed`,
 * which the client is told of whenever it next listens.
 */
export class SessionCommands {
  private list: readonly ClaudeCommand[] = [];

  constructor(
    private readonly profile: ClientProfile,
    private readonly setup: SessionSetup,
    private readonly outbox: Outbox,
  ) {}

  get current(): readonly ClaudeCommand[] {
    return this.list;
  }

  /** The commands Claude Code started with. */
  started(commands: readonly ClaudeCommand[]): void {
    this.list = describedCommands(commands, this.profile, this.setup);
  }

  /** True for Claude Code's `commands_changed` (the client is told the new list). */
  observe(message: SDKMessage): boolean {
    if (message.type !== "system" || message.subtype !== "commands_changed") return false;
    this.started(message.commands);
    this.outbox.announce([commandsUpdate(this.list, this.profile)]);
    return true;
  }
}
