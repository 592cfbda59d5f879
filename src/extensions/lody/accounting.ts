import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import type { ClientPort } from "../../client/client-port.js";
import type { RateLimitBook } from "./rate-limit-book.js";
import { rateLimitsUpdate } from "./rate-limits.js";
import { UsageReading, type UsageSeed } from "./usage-reading.js";
import { operationUsage, usageUpdate } from "./usage-update.js";
import { savedCostState } from "../../sdk/cost-state.js";
import { log } from "../../util/log.js";
import type { MessageTap } from "../../session/taps/message-tap.js";
import type { Outbox } from "../../session/outbox.js";

/** What Lody's accounting uses of its session. */
export interface LodyAccountingParts {
  readonly sessionId: string;
  readonly cwd: string;
  readonly client: ClientPort;
  readonly outbox: Outbox;
}

/** Where a query's spend starts: Claude Code restores a resumed session's saved spend. */
async function seedOf(
  start: "new" | "resume",
  claudeSessionId: string,
  cwd: string,
): Promise<UsageSeed> {
  if (start === "new") return { kind: "zero" };
  const saved = await savedCostState(claudeSessionId, cwd);
  if (saved === "unreadable") return { kind: "anchor" };
  return saved ? { kind: "saved", state: saved } : { kind: "zero" };
}

/**
 * Lody usage accounting (lody-contract.md §5, Claude ref): after each SDK `result`, one
 * `_lody/session/usage_update` whose scope is the result (its uuid) and whose totals
 * are what the result added to the query's reading. It goes out in the session's order,
 * before the prompt's answer, and also for a cancelled turn (its spend is billed).
 */
export class LodyUsageTap implements MessageTap {
  private reading: Promise<UsageReading> = Promise.resolve(new UsageReading({ kind: "zero" }));

  constructor(private readonly parts: LodyAccountingParts) {}

  queryStarted(start: "new" | "resume", claudeSessionId: string): void {
    this.reading = seedOf(start, claudeSessionId, this.parts.cwd)
      .catch((error: unknown): UsageSeed => {
        log.warn("usage seed not read", {
          sessionId: this.parts.sessionId,
          message: String(error),
        });
        return { kind: "anchor" };
      })
      .then((seed) => new UsageReading(seed));
  }

  observe(message: SDKMessage): void {
    if (message.type !== "result") return;
    const { sessionId, client, outbox } = this.parts;
    const reading = this.reading;
    outbox.inOrder(async () => {
      const added = (await reading).add(message.modelUsage);
      if (!added || outbox.closed) return;
      const update = usageUpdate(sessionId, message.uuid, operationUsage(message.usage), added);
      await client.notify(update.method, update.params);
    });
  }
}

/**
 * Lody rate limits (contract §7.3): Claude Code's `rate_limit_event`s go into the
 * connection's book, and after each result the book's snapshot is pushed as
 * `_lody/rate_limits/update` once any plan window is known (never for an API key).
 */
export class LodyRateLimitsTap implements MessageTap {
  constructor(
    private readonly parts: LodyAccountingParts,
    private readonly book: RateLimitBook,
  ) {}

  observe(message: SDKMessage): void {
    // The core's quota tap, which reads every message before this one, recorded the
    // rate limits in the account's book.
    if (message.type !== "result" || !this.book.known) return;
    const { client, outbox } = this.parts;
    outbox.inOrder(async () => {
      if (outbox.closed) return;
      const update = rateLimitsUpdate(this.book.snapshot(Math.floor(Date.now() / 1000)));
      await client.notify(update.method, update.params);
    });
  }
}
