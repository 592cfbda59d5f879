import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import type { ClientProfile } from "../../profile/client-profile.js";
import { quotaUpdate, type QuotaBook } from "../../translation/quota/book.js";
import type { Outbox } from "../outbox.js";

/**
 * Account quota (the quotas RFD): Claude Code's `rate_limit_event`s go into the
 * process's book (the quota is the account's); when one changes the pools, every open
 * session whose client takes them (`session.quota` on v1, every v2 client), of any
 * connection, gets the whole snapshot as `quota_update`: the reporting session in its
 * place among its updates, any other at once (also while quiet after a cancel: it is no
 * part of the cancelled work). The book learns either way, for `quota/read`. A message
 * tap (`message-taps.ts`); a closed session stops listening at the next change.
 */
export function quotaTap(
  parts: { readonly sessionId: string; readonly profile: ClientProfile; readonly outbox: Outbox },
  book: QuotaBook,
): { observe(message: SDKMessage): void } {
  const { sessionId, profile, outbox } = parts;
  const self = {};
  if (profile.session.quota) {
    const stop = book.subscribe((snapshot, source) => {
      if (outbox.closed) return void stop();
      const update = quotaUpdate<SessionUpdate>(snapshot);
      if (source === self) outbox.send(update);
      else outbox.sendLoud(update, sessionId);
    });
  }
  return {
    observe: (message) => {
      if (message.type === "rate_limit_event") {
        book.record(message.rate_limit_info, Date.now(), self);
      }
    },
  };
}
