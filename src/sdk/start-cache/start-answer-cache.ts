import type { ModelInfo } from "@anthropic-ai/claude-agent-sdk";
import type { McpServer } from "@agentclientprotocol/sdk/unstable";
import type { SwitchFacts } from "../claude-query.js";
import { clientEnv } from "../query-options.js";
import { claudeConfigDir } from "../transcript-paths.js";
import type { ClaudeCommand } from "../../translation/commands.js";
import {
  commandListKey,
  readCommandListCache,
  writeCommandListCache,
} from "./command-list-cache.js";
import { readModelListCache, writeModelListCache } from "./model-list-cache.js";

/** What an earlier start of Claude Code answered, for a session that cannot wait for it. */
export interface CachedStart {
  readonly models: readonly ModelInfo[];
  /** Fast mode and ultracode as that start reported them. */
  readonly switches: SwitchFacts;
  /** The project's commands, when they are cached too. */
  readonly commands: readonly ClaudeCommand[] | undefined;
}

/** Where a session's Claude Code starts: what its cached answers are keyed by. */
export interface StartPlace {
  readonly cwd: string;
  readonly mcpServers: readonly McpServer[];
  readonly passThrough: Readonly<Record<string, unknown>>;
}

/**
 * One session's view of the two start caches: the model list (per start key) and the
 * project's commands (per start key, project and command folders). The commands' key
 * is taken once, at the lookup, so the list Claude Code then reports is stored under the
 * state of the folders it read.
 */
export class StartAnswerCache {
  private commandsKey: string | undefined;

  constructor(private readonly place: StartPlace) {}

  /**
   * The cached answer for this start key. `withCommands` (a load, which must tell the
   * commands before its answer): with the commands, or none. Other starts take only the
   * model list and announce Claude Code's own commands once it is up: reading the
   * commands for them measured ~0.1 MB more RSS per session (bench workload 4) for a
   * command list the client gets a second later anyway.
   */
  read(startKey: string, withCommands: boolean): CachedStart | undefined {
    const cached = readModelListCache(startKey);
    if (!cached) return undefined;
    const { models, switches } = cached;
    if (!withCommands) return { models, switches, commands: undefined };
    const commands = readCommandListCache(this.keyOfCommands(startKey));
    return commands ? { models, switches, commands } : undefined;
  }

  /** Stores what Claude Code answered at its start. */
  write(
    startKey: string,
    answer: {
      models: readonly ModelInfo[];
      commands: readonly ClaudeCommand[];
      switches: SwitchFacts;
    },
  ) {
    writeModelListCache(startKey, answer.models, answer.switches);
    writeCommandListCache(this.keyOfCommands(startKey), answer.commands);
  }

  private keyOfCommands(startKey: string): string {
    this.commandsKey ??= commandListKey(startKey, {
      cwd: this.place.cwd,
      configDir: claudeConfigDir(clientEnv(this.place.passThrough)),
      mcpServerNames: this.place.mcpServers.map((server) => server.name),
    });
    return this.commandsKey;
  }
}
