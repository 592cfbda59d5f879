import type { CompactionSettings } from "../../sdk/session-settings.js";
import { usedTokens, type ApiUsage } from "../../translation/usage.js";

/**
 * When the adapter compacts an idle session on its own (features 1p "Idle compaction"),
 * as pure rules: the caller passes the clock, the settings and the environment.
 *
 * Claude Code 2.1.318 compacts a session that sits idle shortly before its one-hour
 * prompt cache expires, so the next prompt writes a short summary to the cache instead
 * of the whole context; but it arms that only for interactive sessions and host
 * entrypoints, never for the Agent SDK's `sdk-ts` the adapter runs. So the adapter keeps
 * the timer, with Claude Code's rules: a one-hour cache, at least
 * `max(100000, CLAUDE_CODE_IDLE_COMPACT_MIN_TOKENS ?? 200000)` tokens of context, no
 * rate limit in force, compaction not turned off, once per model request.
 */

const HOUR_MS = 3_600_000;
/** 54 minutes for a one-hour cache: a margin for the time between the write and our reading. */
export const DEFAULT_IDLE_COMPACT_DELAY_MS = 0.9 * HOUR_MS;
/** Node's longest timer; a longer delay would fire at once. */
const MAX_TIMER_MS = 2_147_483_647;
const DEFAULT_MIN_TOKENS = 200_000;
const MIN_TOKENS_FLOOR = 100_000;
/**
 * A timer that fires this long after its deadline (the machine slept) finds the cache
 * gone: compacting then saves nothing. Claude Code's own margin.
 */
const LAPSED_AFTER_MS = 60_000;
/** What Claude Code reads as "on" for a flag such as `DISABLE_COMPACT` (trimmed, any case). */
const TRUTHY = new Set(["1", "true", "yes", "on"]);

export type Env = Readonly<Record<string, string | undefined>>;

/** A whole number of digits, else undefined. */
function digits(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const text = raw.trim();
  return /^\d+$/.test(text) ? Number(text) : undefined;
}

/**
 * The idle delay, counted from the last model request: `CLAUDE_AGENT_ACP_IDLE_COMPACT_DELAY_MS`
 * (milliseconds, up to Node's longest timer), else 54 minutes.
 */
export function idleCompactDelayMs(raw: string | undefined): number {
  const ms = digits(raw);
  return ms === undefined || ms > MAX_TIMER_MS ? DEFAULT_IDLE_COMPACT_DELAY_MS : ms;
}

/**
 * The least context worth compacting, as Claude Code computes it:
 * `max(100000, CLAUDE_CODE_IDLE_COMPACT_MIN_TOKENS ?? 200000)`; `0` or an invalid value
 * counts as unset (Claude Code declares the variable with a minimum of 1).
 */
export function idleCompactMinTokens(raw: string | undefined): number {
  const tokens = digits(raw);
  return Math.max(MIN_TOKENS_FLOOR, tokens ? tokens : DEFAULT_MIN_TOKENS);
}

/** `name` as Claude Code sees it: the settings' `env` block wins over the launch env. */
export function claudeCodeEnv(
  name: string,
  settings: CompactionSettings,
  env: Env,
): string | undefined {
  return settings.env?.[name] ?? env[name];
}

/** What turned compaction off, or undefined when nothing did. */
export function compactionOffBy(settings: CompactionSettings, env: Env): string | undefined {
  if (settings.idleCompaction === false) return "the idleCompaction setting";
  if (settings.autoCompactEnabled === false) return "the autoCompactEnabled setting";
  for (const name of ["DISABLE_COMPACT", "DISABLE_AUTO_COMPACT"]) {
    const value = claudeCodeEnv(name, settings, env);
    if (value !== undefined && TRUTHY.has(value.trim().toLowerCase())) return name;
  }
  return undefined;
}

export type CacheTtl = "1h" | "5m";

/** The cache lifetime a model call wrote (`usage.cache_creation`), if it says. */
export function cacheTtlOf(usage: unknown): CacheTtl | undefined {
  const creation = (usage as { cache_creation?: CacheCreation | null } | null | undefined)
    ?.cache_creation;
  if (positive(creation?.ephemeral_1h_input_tokens)) return "1h";
  if (positive(creation?.ephemeral_5m_input_tokens)) return "5m";
  return undefined;
}

/** `usage.cache_creation`: the tokens written to the cache, by lifetime. */
interface CacheCreation {
  readonly ephemeral_1h_input_tokens?: unknown;
  readonly ephemeral_5m_input_tokens?: unknown;
}

/** What the policy reads of one model call's `usage`: the cache lifetime and the context. */
export function callContext(usage: ApiUsage): { ttl?: CacheTtl; tokens: number } {
  const ttl = cacheTtlOf(usage);
  return ttl ? { ttl, tokens: usedTokens(usage) } : { tokens: usedTokens(usage) };
}

function positive(value: unknown): boolean {
  return typeof value === "number" && value > 0;
}

/** Arm a timer that fires in `delayMs`, or don't, and why. */
export type ArmDecision = { readonly delayMs: number } | { readonly skip: string };

/**
 * One session's idle compaction state: what it knows of the last model request, the
 * context and the rate limit, and whether it compacted since that request. `env` is
 * Claude Code's launch environment (the adapter's and the client's).
 */
export class IdleCompactionPolicy {
  private readonly delayMs: number;
  /**
   * The last request: when it was first seen, its message id, and whether the adapter
   * compacted since (a compaction that failed, or left a large context, must not loop).
   */
  private last: { readonly at: number; readonly id?: string; compacted: boolean } | undefined;
  private ttl: CacheTtl | undefined;
  private contextTokens = 0;
  private rateLimit: string | undefined;

  constructor(private readonly env: Env) {
    this.delayMs = idleCompactDelayMs(env.CLAUDE_AGENT_ACP_IDLE_COMPACT_DELAY_MS);
  }

  /**
   * A main-thread model response was seen at `now` (its first sighting: the cache was
   * written when the request started), with the context it carries. True when it is a
   * new request, which drops an armed timer; a later sighting of the same message id
   * only updates the cache lifetime and the context.
   */
  request(now: number, call: { ttl?: CacheTtl; tokens: number }, messageId?: string): boolean {
    this.ttl = call.ttl ?? this.ttl;
    this.contextTokens = call.tokens;
    if (messageId !== undefined && messageId === this.last?.id) return false;
    this.last = { at: now, id: messageId, compacted: false };
    return true;
  }

  /** The context now holds `tokens` (a compaction's boundary: what it kept). */
  context(tokens: number): void {
    this.contextTokens = tokens;
  }

  /** A rate limit event's `status`: anything but `allowed` holds compaction off. */
  rateLimited(status: string): void {
    this.rateLimit = status;
  }

  /** The conversation was replaced (`/clear`): nothing of the old one counts. */
  reset(): void {
    this.last = undefined;
    this.ttl = undefined;
    this.contextTokens = 0;
  }

  /** The adapter sent `/compact`: not again until the next request. */
  compactionSent(): void {
    if (this.last) this.last.compacted = true;
  }

  /**
   * The session went idle at `now`: when to fire (counted from the last request), or
   * why not. The settings are read when it fires; the launch environment counts now.
   */
  arm(now: number): ArmDecision {
    const skip = this.skipReason(now, {});
    if (skip !== undefined) return { skip };
    return { delayMs: Math.max(0, this.last!.at + this.delayMs - now) };
  }

  /**
   * The timer fired at `now`: why not to compact, or undefined to compact. `settings`
   * are read now, so a change made while the session waited counts.
   */
  fire(now: number, settings: CompactionSettings): string | undefined {
    return this.skipReason(now, settings);
  }

  private skipReason(now: number, settings: CompactionSettings): string | undefined {
    const off = compactionOffBy(settings, this.env);
    if (off !== undefined) return `turned off by ${off}`;
    const last = this.last;
    if (last === undefined) return "no model request in this process";
    if (last.compacted) return "compacted since the last request";
    if (now > last.at + this.delayMs + LAPSED_AFTER_MS) return "the cache lapsed";
    if (this.rateLimit !== undefined && this.rateLimit !== "allowed")
      return `rate limit status ${this.rateLimit}`;
    if (this.ttl !== "1h") return `cache lifetime ${this.ttl ?? "unknown"}, not 1h`;
    const raw = claudeCodeEnv("CLAUDE_CODE_IDLE_COMPACT_MIN_TOKENS", settings, this.env);
    const min = idleCompactMinTokens(raw);
    if (this.contextTokens < min) return `context of ${this.contextTokens} tokens is below ${min}`;
    return undefined;
  }
}
