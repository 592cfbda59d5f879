import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import {
  callUsageUpdate,
  withTurnUsageKeys,
  type ApiUsage,
  type ModelUsageTable,
} from "../translation/usage.js";
import { apiErrorChunk } from "../translation/api-error-chunk.js";
import { redacted } from "../util/user-text.js";

/**
 * The `usage_update` of each main-loop model call, as it starts and once it has reported
 * what it generated (`message_delta`), for a client that is not AIR: the upstream adapter reports the context window
 * at those points (spec Compatibility rule), so Zed's meter moves during a long turn.
 * The window of a model is known from Claude Code's `result` (`modelUsage`); before the
 * first one of the process, there is nothing to report against. Like upstream's, a call's
 * report that would tell the client what it already knows (the same use of the same
 * window, in the same turn) is not sent; the turn's last report, with the cost, always is.
 */
export class CallUsage {
  /** The context window per model, from the latest `result` that named it. */
  private readonly windows = new Map<string, number>();
  /** The current call: its model and its usage so far. */
  private call: { model: string; usage: ApiUsage } | undefined;
  /** `used/size` of the turn's last call report sent. */
  private lastSent: string | undefined;

  /** A `result`'s `modelUsage`: the windows of the models it names. */
  learn(modelUsage: ModelUsageTable | undefined): void {
    for (const [model, row] of Object.entries(modelUsage ?? {}))
      if (row.contextWindow > 0) this.windows.set(model, row.contextWindow);
  }

  /**
   * Upstream's traffic for a turn's message, for a client that is not AIR: the usage of
   * each model call, and Claude Code's text of a failed call in the transcript (AIR gets
   * a failure record instead).
   */
  traffic(message: SDKMessage): SessionUpdate[] {
    const updates: SessionUpdate[] = [];
    const usage = this.updateFor(message);
    if (usage) updates.push(usage);
    const failed = apiErrorChunk(message, redacted);
    if (failed) updates.push(failed);
    return updates;
  }

  /** The update a main-loop message calls for, if any. */
  updateFor(message: SDKMessage): SessionUpdate | undefined {
    if (message.type !== "stream_event" || message.parent_tool_use_id !== null) return undefined;
    const event = message.event;
    if (event.type === "message_start") {
      this.call = { model: event.message.model, usage: { ...event.message.usage } };
    } else if (event.type === "message_delta" && this.call) {
      // The delta's output count is the call's total so far, as in `Turn`.
      this.call.usage = { ...this.call.usage, output_tokens: event.usage.output_tokens };
    } else {
      return undefined;
    }
    return this.update(this.call.usage, this.call.model);
  }

  /** The turn's last updates, its usage report with upstream's keys (`model`: its last call's). */
  turnEnd(updates: readonly SessionUpdate[], model: string | undefined): SessionUpdate[] {
    // The next turn's first call is reported whatever this one's last report said.
    this.lastSent = undefined;
    return updates.map((update) => withTurnUsageKeys(update, model));
  }

  private update(usage: ApiUsage, model: string): SessionUpdate | undefined {
    const size = this.windows.get(model);
    if (!size) return undefined;
    const update = callUsageUpdate(usage, model, size);
    const key = `${update.used}/${update.size}`;
    if (key === this.lastSent) return undefined;
    this.lastSent = key;
    return update;
  }
}
