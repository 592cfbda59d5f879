import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import type { ClientProfile } from "../profile/client-profile.js";
import { quotaUpdate, type QuotaBook } from "../translation/quota/book.js";
import type { Outbox } from "./outbox.js";

/**
 * Account quota (the quotas RFD): Claude Code's `rate_limit_event`s go into the
 * connection's book; when one changes the pools, this session's client gets the whole
 * snapshot as `quota_update`, in its place among the session's updates, if it takes them
 * (`session.quota` on v1, every v2 client). The book learns either way, for `quota/read`.
 * A message tap (`message-taps.ts`).
 */
export function quotaTap(
  { profile, outbox }: { readonly profile: ClientProfile; readonly outbox: Outbox },
  book: QuotaBook,
): { observe(message: SDKMessage): void } {
  return {
    observe: (message) => {
      if (message.type !== "rate_limit_event") return;
      if (!book.record(message.rate_limit_info, Date.now())) return;
      if (profile.session.quota) outbox.send(quotaUpdate<SessionUpdate>(book.snapshot()));
    },
  };
}
