import { isDeepStrictEqual } from "node:util";
import type { SessionConfigOption } from "@agentclientprotocol/sdk/unstable";
import type { ClaudeCommand } from "../../translation/commands.js";
import type { ClientProfile } from "../../profile/client-profile.js";
import type { StartPlan } from "./session-start.js";

declare module "../../profile/hooks.js" {
  interface ExtensionHooks {
    /**
     * The client's setup answers carry the commands (v2's `session/new`, `fork`, as
     * upstream's v2 surface answers them): a start is answered from the cache only with
     * the commands cached too, as a load's; else once Claude Code is up.
     */
    readonly commandsInSetupAnswer?: boolean;
  }
}

/**
 * Whether a start answered from Claude Code's cached start answer needs the commands
 * cached too (`StartAnswerCache.read`'s `withCommands`): a load (its answer leaves
 * nothing to follow it), and a client whose setup answers carry them.
 */
export function commandsBeforeAnswer(profile: ClientProfile, load: boolean): boolean {
  return load || profile.hooks.commandsInSetupAnswer === true;
}

/**
 * What a session's start has learnt: what the settings say, whether Claude Code is up,
 * and what the client was told before it was. A session may be answered from Claude
 * Code's cached start answer while Claude Code starts (see `Session.start`): prompts and
 * option changes wait until it is up, and what its real answer changes (the options, the
 * commands) is told to the client then.
 */
export class StartState {
  /** Settles once Claude Code has started (or, after an early answer, failed to). */
  started: Promise<void> = Promise.resolve();
  failed = false;
  /** Unknown while the settings are read: the session's first query does not wait for them. */
  private settings: StartPlan | undefined;
  /** The options of an answer built from the cache, until Claude Code's own arrive. */
  private answered: SessionConfigOption[] | undefined;
  /** The cached commands, which the client may be told before Claude Code is up. */
  earlyCommands: readonly ClaudeCommand[] | undefined;
  /** Claude Code's own options differ from the cached ones the client was answered with. */
  stale = false;
  /** Claude Code's own commands differ from the cached ones. */
  staleCommands = false;
  /**
   * The commands a setup answer can carry (v2's `session/new`): the cached ones it was
   * answered with, else Claude Code's once it is up; undefined while neither is known.
   */
  setupCommands: readonly ClaudeCommand[] | undefined;

  /** The settings were read. */
  planned(plan: StartPlan): void {
    this.settings = plan;
  }

  /**
   * What the settings say about the start. `Session.start` returns only once they were
   * read, and nothing asks before: later queries (a restart, a plan handoff) and the
   * announcements all come after.
   */
  get plan(): StartPlan {
    if (!this.settings) throw new Error("the session's settings were not read yet");
    return this.settings;
  }

  /** The setup answer carries `options` from the cache; `started` settles the start. */
  answeredEarly(
    options: SessionConfigOption[],
    commands: readonly ClaudeCommand[] | undefined,
    started: Promise<void>,
  ): void {
    this.answered = options;
    this.earlyCommands = commands;
    this.setupCommands = commands;
    this.started = started;
  }

  /** Claude Code is up and offers `options` and `commands`. */
  up(options: SessionConfigOption[], commands: readonly ClaudeCommand[]): void {
    this.stale = this.answered !== undefined && !isDeepStrictEqual(this.answered, options);
    this.staleCommands =
      this.earlyCommands !== undefined && !isDeepStrictEqual(this.earlyCommands, commands);
    this.answered = undefined;
    this.setupCommands ??= commands;
  }

  /** Claude Code did not start after an early answer. */
  down(): void {
    this.failed = true;
  }
}
