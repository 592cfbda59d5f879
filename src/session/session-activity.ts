import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import type { MessageTap } from "./taps/message-tap.js";

/**
 * What this process knows of a session it runs, for a session list row (the
 * reference's `ownSessionState`): Claude Code's own state, when its last turn ended
 * (epoch ms), whether that turn failed, and what the query has cost so far (USD).
 */
export interface SessionActivity {
  readonly state?: "idle" | "running" | "requires_action";
  readonly lastTurnEndedAt?: number;
  readonly lastTurnFailed?: boolean;
  readonly costUsd?: number;
}

/**
 * Reads a session's Claude Code messages for its {@link SessionActivity}: the state
 * from `session_state_changed` (a turn ends when it goes idle), the failure and the
 * cost from each `result` (`total_cost_usd` is the query's running total). A cancelled
 * turn is no failure. `now` is the clock (epoch ms). A new turn clears a failure.
 */
export class ActivityTap implements MessageTap {
  private activity: {
    -readonly [K in keyof SessionActivity]: SessionActivity[K];
  } = {};

  constructor(private readonly now: () => number = Date.now) {}

  get current(): SessionActivity {
    return { ...this.activity };
  }

  observe(message: SDKMessage): void {
    if (message.type === "system" && message.subtype === "session_state_changed") {
      const previous = this.activity.state;
      if (message.state === "idle" && previous !== "idle" && previous !== undefined) {
        this.activity.lastTurnEndedAt = this.now();
      }
      if (message.state === "running" && previous !== "running") {
        this.activity.lastTurnFailed = false;
      }
      this.activity.state = message.state;
      return;
    }
    if (message.type !== "result") return;
    if (Number.isFinite(message.total_cost_usd)) this.activity.costUsd = message.total_cost_usd;
    // An interrupted turn's result (a cancel) is `error_during_execution`: no failure.
    this.activity.lastTurnFailed = message.is_error && message.subtype !== "error_during_execution";
  }
}
