import type { ModelUsage } from "@anthropic-ai/claude-agent-sdk";
import type { SessionUpdate, Usage } from "@agentclientprotocol/sdk/unstable";

/** The token counts of one Messages API usage object (snake_case, as Claude reports them). */
export interface ApiUsage {
  readonly input_tokens?: number | null;
  readonly output_tokens?: number | null;
  readonly cache_read_input_tokens?: number | null;
  readonly cache_creation_input_tokens?: number | null;
}

function n(value: number | null | undefined): number {
  return typeof value === "number" && Number.isFinite(value) ? value : 0;
}

/** `PromptResponse.usage`: the main loop's tokens for this turn. */
export function toAcpUsage(usage: ApiUsage): Usage {
  const inputTokens = n(usage.input_tokens);
  const outputTokens = n(usage.output_tokens);
  const cachedReadTokens = n(usage.cache_read_input_tokens);
  const cachedWriteTokens = n(usage.cache_creation_input_tokens);
  return {
    inputTokens,
    outputTokens,
    cachedReadTokens,
    cachedWriteTokens,
    totalTokens: inputTokens + outputTokens + cachedReadTokens + cachedWriteTokens,
  };
}

export type ModelUsageTable = Readonly<Record<string, ModelUsage>>;

export interface TokenCount {
  totalTokens: number;
  inputTokens: number;
  cachedInputTokens: number;
  cachedWriteTokens: number;
  outputTokens: number;
  reasoningOutputTokens: number;
}

export function tokenCount(
  input: number,
  cachedRead: number,
  cachedWrite: number,
  output: number,
): TokenCount {
  return {
    totalTokens: input + cachedRead + cachedWrite + output,
    inputTokens: input,
    cachedInputTokens: cachedRead,
    cachedWriteTokens: cachedWrite,
    outputTokens: output,
    reasoningOutputTokens: 0,
  };
}

/**
 * `PromptResponse._meta.quota` (JetBrains shared key, codex-acp's shape): the turn's
 * main-loop tokens, and per model what this turn added to the query-wide totals
 * (subagents and compaction included). Claude reports `modelUsage` cumulatively, so the
 * turn's share is the difference to the reading before the turn.
 */
export function quotaMeta(
  turn: Usage,
  modelUsage: ModelUsageTable,
  before: ModelUsageTable,
): Record<string, unknown> {
  const model_usage = Object.entries(modelUsage)
    .map(([model, now]) => {
      const prev = before[model];
      const d = (key: keyof ModelUsage): number =>
        Math.max(0, n(now[key] as number) - n(prev?.[key] as number | undefined));
      return {
        model,
        token_count: tokenCount(
          d("inputTokens"),
          d("cacheReadInputTokens"),
          d("cacheCreationInputTokens"),
          d("outputTokens"),
        ),
      };
    })
    .filter((row) => row.token_count.totalTokens > 0);
  return {
    token_count: tokenCount(
      turn.inputTokens,
      n(turn.cachedReadTokens),
      n(turn.cachedWriteTokens),
      turn.outputTokens,
    ),
    model_usage,
  };
}

/**
 * `usage_update`: how full the context window is after the last model call, and the
 * query's running cost. `used` is what the next request will carry: the last call's
 * input (fresh + cached) plus what it generated.
 */
export function toUsageUpdate(
  lastCall: ApiUsage | undefined,
  contextWindow: number | undefined,
  costUsd: number | undefined,
): SessionUpdate | undefined {
  if (!lastCall || !contextWindow) return undefined;
  return {
    sessionUpdate: "usage_update",
    used: usedTokens(lastCall),
    size: contextWindow,
    ...(typeof costUsd === "number" ? { cost: { amount: costUsd, currency: "USD" } } : {}),
  };
}

/** The context a model call leaves: its input (fresh and cached) plus what it generated. */
export function usedTokens(call: ApiUsage): number {
  return (
    n(call.input_tokens) +
    n(call.cache_read_input_tokens) +
    n(call.cache_creation_input_tokens) +
    n(call.output_tokens)
  );
}

/** Upstream's `_meta` keys of a `usage_update` (spec Compatibility rule: the `_claude/*` keys). */
export const CLAUDE_MODEL_KEY = "_claude/model";
export const CLAUDE_ORIGIN_KEY = "_claude/origin";

/** Upstream's `_meta` key of Claude Code's rate-limit news (`rate_limit_event.rate_limit_info`). */
export const CLAUDE_RATE_LIMIT_KEY = "_claude/rateLimit";

export type UsageUpdate = Extract<SessionUpdate, { sessionUpdate: "usage_update" }>;

/**
 * A `usage_update` of the context in use, for a client that is not AIR, with upstream's
 * keys: Claude Code's rate-limit news when that is what prompted it, and the model the
 * usage belongs to (ACP's update has no field for it) when one is known.
 */
export function contextUsageUpdate(
  used: number,
  size: number,
  model: string | undefined,
  rateLimit?: unknown,
): UsageUpdate {
  const meta: Record<string, unknown> = {};
  if (rateLimit !== undefined) meta[CLAUDE_RATE_LIMIT_KEY] = rateLimit;
  if (model !== undefined) meta[CLAUDE_MODEL_KEY] = model;
  return {
    sessionUpdate: "usage_update",
    used,
    size,
    ...(Object.keys(meta).length > 0 ? { _meta: meta } : {}),
  };
}

/**
 * A turn's last `usage_update` with upstream's keys: the turn came from the user's
 * prompt (`_claude/origin`), and the model of its last call.
 */
export function withTurnUsageKeys(update: SessionUpdate, model: string | undefined): SessionUpdate {
  if (update.sessionUpdate !== "usage_update") return update;
  const meta: Record<string, unknown> = { [CLAUDE_ORIGIN_KEY]: { kind: "human" } };
  if (model !== undefined) meta[CLAUDE_MODEL_KEY] = model;
  return { ...update, _meta: meta };
}
