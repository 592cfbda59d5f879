import { isDeepStrictEqual } from "node:util";
import type { SessionConfigOption } from "@agentclientprotocol/sdk/unstable";

/**
 * Whether a session's Claude Code is up, and what the client was told before it was.
 * A session may be answered from the cached model list while Claude Code starts (see
 * `Session.start`): prompts and option changes wait until it is up, and when its real
 * options differ from the answer, one `config_option_update` corrects it.
 */
export class StartState {
  /** Settles once Claude Code has started (or, after an early answer, failed to). */
  started: Promise<void> = Promise.resolve();
  /** Prompts may run: Claude Code is up, or failed to start (the next prompt retries). */
  ready = false;
  failed = false;
  /** The options of an answer built from the cache, until Claude Code's own arrive. */
  private answered: SessionConfigOption[] | undefined;
  /** Claude Code's own options differ from the cached ones the client was answered with. */
  stale = false;

  /** The setup answer carries `options` from the cache; `started` settles the start. */
  answeredEarly(options: SessionConfigOption[], started: Promise<void>): void {
    this.answered = options;
    this.started = started;
  }

  /** Claude Code is up and offers `options`. */
  up(options: SessionConfigOption[]): void {
    this.stale = this.answered !== undefined && !isDeepStrictEqual(this.answered, options);
    this.answered = undefined;
    this.ready = true;
  }

  /** Claude Code did not start after an early answer. */
  down(): void {
    this.failed = true;
    this.ready = true;
  }
}
