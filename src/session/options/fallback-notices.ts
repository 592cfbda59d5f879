import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import type { ClientProfile } from "../../profile/client-profile.js";
import { modelFallbackNotice, modelFallbackOf } from "../../translation/model-fallback.js";
import { warningNotice, type WarningNotice } from "../../translation/warning-notice.js";
import { redacted } from "../../util/user-text.js";
import type { Outbox } from "../outbox.js";
import { noticeUpdate } from "../start/session-start.js";

/**
 * Tells the client that Claude Code fell back to another model (features.md "notice",
 * air-extensions.md "Categories and actions"): a client that declared
 * `session.notices` gets the ACP `notice` (and no AIR record, also when it declared
 * `sessionFailure`); else an AIR client with `sessionFailure` gets the warning record
 * (`record` returns false where it sends none); any other client a message line.
 *
 * Claude Code's warning lines (auto mode falling back to billed classifier requests)
 * are notices too, as `notice` or a message line: AIR has no record for them.
 *
 * They come between turns too, in a cycle Claude Code runs on its own (the follow-up
 * of a background task): such a notice is announced, so a session quiet since a load
 * tells it when the cycle's work wakes it.
 */
export class FallbackNotices {
  constructor(
    private readonly profile: ClientProfile,
    private readonly outbox: Outbox,
    private readonly record: (text: string) => boolean,
  ) {}

  /** One SDK message of the session: of a turn, or `between` turns. */
  observe(message: SDKMessage, between = false): void {
    // No closure per call: this runs for every streamed delta.
    const warning = warningNotice(message, redacted);
    if (warning) return this.send(warning, between);
    const fallback = modelFallbackOf(message);
    if (!fallback) return;
    if (!this.profile.session.notices && this.record(fallback.text)) return;
    this.send(modelFallbackNotice(fallback), between);
  }

  private send(notice: WarningNotice, between: boolean): void {
    const update = noticeUpdate(this.profile, notice);
    if (between) this.outbox.announce([update]);
    else this.outbox.send(update);
  }
}
