import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import { ContextWindows } from "../../translation/context-window.js";
import {
  contextUsageUpdate,
  usedTokens,
  withTurnUsageKeys,
  type ApiUsage,
  type ModelUsageTable,
} from "../../translation/usage.js";
import { apiErrorChunk } from "../../translation/api-error-chunk.js";
import type { ClientProfile } from "../../profile/client-profile.js";
import { log } from "../../util/log.js";
import { redacted } from "../../util/user-text.js";

const NONE: readonly SessionUpdate[] = Object.freeze([]);

/** Claude Code's measure of the current model's window (`ClaudeQuery.contextWindow`). */
export type MeasureWindow = () => Promise<number | undefined>;

declare module "../../profile/hooks.js" {
  interface ExtensionHooks {
    /** The client takes no per-call usage report (AIR: the spec's Compatibility rule). */
    readonly omitsCallUsage?: boolean;
  }
}

/** The session's per-call usage reports, unless its client's extension omits them. */
export function callUsageFor(profile: ClientProfile): CallUsage | undefined {
  return profile.hooks.omitsCallUsage === true ? undefined : new CallUsage();
}

/**
 * Upstream's `usage_update`s during a turn, for a client that is not AIR (spec
 * Compatibility rule, `omitsCallUsage`), so Zed's meter moves during a long turn:
 * - each main-loop model call as it starts and once it has reported what it generated
 *   (`message_delta`); like upstream's, a report that would tell the client what it
 *   already knows (the same use of the same window, in the same turn) is not sent;
 * - Claude Code's rate-limit news (`rate_limit_event`, claude.ai logins), with the
 *   context last reported (also in a turn that reported none yet: a `/compact`, whose
 *   summary call is not the main loop's), once there is one;
 * - a compaction's end (`compact_boundary`): the tokens it kept.
 * The window comes from `ContextWindows`: measured in the background as a process
 * starts, so its first turn is reported too. The turn's last report, with the cost,
 * always goes out (`turnEnd`).
 */
export class CallUsage {
  private readonly windows = new ContextWindows();
  private measureWindow: MeasureWindow | undefined;
  /** The current call: its model and its usage so far. */
  private call: { model: string; usage: ApiUsage } | undefined;
  /** The context in use last reported in this process (rate-limit news repeats it). */
  private used: number | undefined;
  /** `used/size` of the turn's last call report sent. */
  private lastSent: string | undefined;

  /** A new Claude Code process: its window is measured in the background. */
  processStarted(measure: MeasureWindow): void {
    this.measureWindow = measure;
    this.call = undefined;
    this.used = undefined;
    this.windows.processStarted();
    this.measure();
  }

  /** A `result`'s `modelUsage`: the windows of the models it names. */
  learn(modelUsage: ModelUsageTable | undefined): void {
    this.windows.learn(modelUsage);
  }

  /**
   * Upstream's traffic for a turn's message, for a client that is not AIR: the usage
   * reports above, and Claude Code's text of a failed call in the transcript (AIR gets
   * a failure record instead).
   */
  traffic(message: SDKMessage): readonly SessionUpdate[] {
    const usage = this.updateFor(message);
    const failed = apiErrorChunk(message, redacted);
    // Most messages (every streamed delta) call for nothing: no array for them.
    if (!usage && !failed) return NONE;
    const updates: SessionUpdate[] = [];
    if (usage) updates.push(usage);
    if (failed) updates.push(failed);
    return updates;
  }

  /** The update a turn's message calls for, if any. */
  updateFor(message: SDKMessage): SessionUpdate | undefined {
    const news = this.betweenTurns(message);
    if (news) return news;
    if (message.type !== "stream_event" || message.parent_tool_use_id !== null) return undefined;
    const event = message.event;
    if (event.type === "message_start") {
      this.call = { model: event.message.model, usage: { ...event.message.usage } };
      if (this.windows.callStarted(event.message.model)) this.measure();
    } else if (event.type === "message_delta" && this.call) {
      // The delta's output count is the call's total so far, as in `Turn`.
      this.call.usage = { ...this.call.usage, output_tokens: event.usage.output_tokens };
    } else {
      return undefined;
    }
    return this.callUpdate(this.call.usage, this.call.model);
  }

  /**
   * What is told also while no turn runs (Claude Code's own cycles: the idle compaction,
   * a follow-up), as upstream's: rate-limit news, and the context a compaction kept.
   */
  betweenTurns(message: SDKMessage): SessionUpdate | undefined {
    if (message.type === "rate_limit_event") return this.rateLimit(message.rate_limit_info);
    return this.compacted(message);
  }

  /**
   * After a compaction (a typed `/compact`, the idle one, Claude Code's own): the context
   * it kept, so the meter does not show the full window until the next call.
   */
  private compacted(message: SDKMessage): SessionUpdate | undefined {
    if (message.type !== "system" || message.subtype !== "compact_boundary") return undefined;
    const kept: unknown = message.compact_metadata?.post_tokens;
    const used = typeof kept === "number" && kept >= 0 ? kept : 0;
    const model = this.call?.model;
    const update = contextUsageUpdate(used, this.windows.size(model), model);
    this.used = used;
    this.lastSent = `${update.used}/${update.size}`;
    return update;
  }

  /** The turn's last updates, its usage report with upstream's keys (`model`: its last call's). */
  turnEnd(updates: readonly SessionUpdate[], model: string | undefined): SessionUpdate[] {
    // The next turn's first call is reported whatever this one's last report said.
    this.lastSent = undefined;
    return updates.map((update) => withTurnUsageKeys(update, model));
  }

  /** Claude Code's rate-limit news, once there is a use to report it with. */
  private rateLimit(info: unknown): SessionUpdate | undefined {
    if (this.used === undefined || info === undefined) return undefined;
    const model = this.call?.model;
    return contextUsageUpdate(this.used, this.windows.size(model), model, info);
  }

  private callUpdate(usage: ApiUsage, model: string): SessionUpdate | undefined {
    const used = usedTokens(usage);
    this.used = used;
    const update = contextUsageUpdate(used, this.windows.size(model), model);
    const key = `${update.used}/${update.size}`;
    if (key === this.lastSent) return undefined;
    this.lastSent = key;
    return update;
  }

  /** Asks Claude Code for its window in the background; a failure leaves the guess. */
  private measure(): void {
    const measure = this.measureWindow;
    if (!measure) return;
    Promise.resolve()
      .then(measure)
      .then(
        (size) => this.measureWindow === measure && this.windows.measure(size),
        (error: unknown) => {
          if (this.measureWindow === measure) this.windows.measure(undefined);
          log.debug("could not measure the context window", { message: String(error) });
        },
      );
  }
}
