import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import { clientEnv } from "../../sdk/query-options.js";
import { readCompactionSettings } from "../../sdk/session-settings.js";
import type { SdkMessageTranslator } from "../../translation/sdk-message-translator.js";
import { log } from "../../util/log.js";
import { userMessage, type Conversation } from "../turn/conversation.js";
import { callContext, IdleCompactionPolicy } from "./idle-compaction-policy.js";
import type { Lifecycle } from "../lifecycle.js";
import type { MessageTap } from "./message-tap.js";
import type { SessionSetup } from "../start/query-setup.js";
import type { QuerySlot } from "../start/query-slot.js";
import type { SessionOptions } from "../options/session-options.js";
import type { TurnRunner } from "../turn/turn-runner.js";

/** What the idle compaction works with: the session's parts it shares. */
export interface IdleCompactionParts {
  readonly sessionId: string;
  readonly cwd: string;
  readonly setup: SessionSetup;
  readonly lifecycle: Lifecycle;
  readonly slot: QuerySlot;
  readonly conversation: Conversation;
  readonly translator: SdkMessageTranslator;
  /** The session's model choice: another model than the cached request's reads no cache. */
  readonly options: Pick<SessionOptions, "current">;
  /** The session's turns: the `/compact` runs as Claude Code's own cycle among them. */
  readonly runner: Pick<TurnRunner, "sessionState">;
}

const COMPACT = [{ type: "text" as const, text: "/compact" }];

/**
 * The adapter's own idle compaction (features 1p): once Claude Code goes idle, a timer
 * runs until shortly before the prompt cache of the last model request expires; then,
 * if the rules of `IdleCompactionPolicy` hold, `/compact` goes to Claude Code as a cycle
 * of its own (no prompt asked for it, none answers). The client sees it as it sees any
 * compaction, with the trigger `idle`. A prompt, a cancel, a new model request or the
 * session's close drops the timer, and a change of model makes it fire for nothing (the
 * cache is the old model's); the next idle arms it again. The timer never keeps
 * the process alive.
 */
export class IdleCompaction implements MessageTap {
  private readonly policy: IdleCompactionPolicy;
  private timer: NodeJS.Timeout | undefined;
  /** Moves on at every disarm: a fire that awaited the settings meanwhile does nothing. */
  private epoch = 0;
  /** The `/compact` sent runs until Claude Code idles. */
  private compacting = false;
  private closed = false;
  /** The model chosen when the timer was armed. */
  private armedModel: string | undefined;

  constructor(private readonly parts: IdleCompactionParts) {
    this.policy = new IdleCompactionPolicy(clientEnv(parts.setup.passThrough));
  }

  observe(message: SDKMessage): void {
    switch (message.type) {
      case "stream_event":
        // The first sighting of a response: the provider wrote the cache when it started.
        if (message.parent_tool_use_id !== null || message.event.type !== "message_start") return;
        return this.request(message.event.message.usage, message.event.message.id);
      case "assistant":
        if (message.parent_tool_use_id !== null || message.message.model === "<synthetic>") return;
        return this.request(message.message.usage, message.message.id);
      case "rate_limit_event": {
        const status: unknown = message.rate_limit_info?.status;
        return typeof status === "string" ? this.policy.rateLimited(status) : undefined;
      }
      case "conversation_reset":
        this.policy.reset();
        return this.disarm();
      case "system":
        if (message.subtype === "compact_boundary") {
          const kept: unknown = message.compact_metadata?.post_tokens;
          if (typeof kept === "number") this.policy.context(kept);
        }
        // Claude Code at work (a turn, or a cycle of its own): the next idle arms again.
        if (message.subtype === "session_state_changed" && message.state === "running")
          this.disarm();
        return;
      default:
        // The other kinds (and any a later SDK adds) say nothing of the prompt cache.
        return;
    }
  }

  /** After the session routed `message`: an idle Claude Code arms the timer. */
  routed(message: SDKMessage): void {
    if (message.type !== "system" || message.subtype !== "session_state_changed") return;
    if (message.state !== "idle") return;
    this.settled();
    this.arm();
  }

  /**
   * A new query started (the one before exited, or a plan continues in a new
   * conversation): what the old Claude Code ran is over, and no compaction of the new one
   * is the idle one. What the last request cached stays (a resumed conversation).
   */
  queryStarted(): void {
    this.disarm();
    this.settled();
  }

  /** Claude Code is not at work: a `/compact` it ran is over. */
  private settled(): void {
    if (!this.compacting) return;
    this.compacting = false;
    this.parts.translator.compaction.idleCompaction(false);
  }

  /** Drops the armed timer (a prompt, a cancel); the next idle arms it again. */
  disarm(): void {
    this.epoch++;
    if (this.timer === undefined) return;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  /** The session closed: no timer is left, and none is armed again. */
  close(): void {
    this.closed = true;
    this.disarm();
  }

  private request(usage: Parameters<typeof callContext>[0], id: string): void {
    if (this.policy.request(Date.now(), callContext(usage), id || undefined)) this.disarm();
  }

  private arm(): void {
    this.disarm();
    if (this.closed || this.parts.lifecycle.kind !== "idle") return;
    const decision = this.policy.arm(Date.now());
    if ("skip" in decision) {
      return log.debug("idle compaction not armed", {
        sessionId: this.parts.sessionId,
        reason: decision.skip,
      });
    }
    const epoch = this.epoch;
    this.armedModel = this.model();
    this.timer = setTimeout(() => void this.fire(epoch), decision.delayMs);
    this.timer.unref();
  }

  private async fire(epoch: number): Promise<void> {
    this.timer = undefined;
    // Read when it fires: settings changed while the session waited count.
    const settings = await readCompactionSettings(this.parts.cwd);
    if (epoch !== this.epoch || this.closed) return;
    const skip = this.policy.fire(Date.now(), settings) ?? this.busy();
    const query = this.parts.slot.current;
    if (skip !== undefined || !query) {
      return log.debug("idle compaction skipped", {
        sessionId: this.parts.sessionId,
        reason: skip ?? "no Claude Code",
      });
    }
    log.info("idle compaction: sending /compact", { sessionId: this.parts.sessionId });
    this.policy.compactionSent();
    this.compacting = true;
    // The cycle opens now, as Claude Code's `running` would open it: a prompt sent before
    // Claude Code says so waits for the compaction instead of taking its end for its own.
    this.parts.runner.sessionState("running");
    this.parts.translator.compaction.idleCompaction(true);
    query.send(userMessage(COMPACT, this.parts.conversation.id));
  }

  /** Why the session cannot compact now: a turn of the client's, or another model chosen. */
  private busy(): string | undefined {
    if (this.parts.lifecycle.kind !== "idle") return `the session is ${this.parts.lifecycle.kind}`;
    return this.model() !== this.armedModel ? "the model changed" : undefined;
  }

  private model(): string | undefined {
    return this.parts.options.current?.currentModel;
  }
}
