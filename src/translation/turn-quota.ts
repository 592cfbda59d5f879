import type { PromptResponse, StopReason } from "@agentclientprotocol/sdk/unstable";
import { toAcpUsage, tokenCount, type ApiUsage } from "./usage.js";

/** Tokens a turn was seen to spend, per model, from Claude's streamed usage. */
export type ObservedUsage = Readonly<Record<string, ApiUsage>>;

function n(value: number | null | undefined): number {
  return typeof value === "number" && Number.isFinite(value) ? value : 0;
}

/**
 * The answer of a turn that ends without Claude's `result` (a cancel, Claude Code going
 * idle, a command the adapter answers itself): `usage` and `_meta.quota` (JetBrains
 * shared key, the same shape as at a `result`) from what the turn was seen to spend.
 * With no `modelUsage` to read, the per-model split is the streamed model calls'.
 */
export function observedResponse(stopReason: StopReason, observed: ObservedUsage): PromptResponse {
  const rows = Object.entries(observed).map(([model, spent]) => ({
    model,
    token_count: tokenCount(
      n(spent.input_tokens),
      n(spent.cache_read_input_tokens),
      n(spent.cache_creation_input_tokens),
      n(spent.output_tokens),
    ),
  }));
  const sum = (key: keyof ApiUsage): number =>
    Object.values(observed).reduce((total, spent) => total + n(spent[key]), 0);
  const usage = toAcpUsage({
    input_tokens: sum("input_tokens"),
    output_tokens: sum("output_tokens"),
    cache_read_input_tokens: sum("cache_read_input_tokens"),
    cache_creation_input_tokens: sum("cache_creation_input_tokens"),
  });
  return {
    stopReason,
    usage,
    _meta: {
      quota: {
        token_count: tokenCount(
          usage.inputTokens,
          usage.cachedReadTokens ?? 0,
          usage.cachedWriteTokens ?? 0,
          usage.outputTokens,
        ),
        model_usage: rows.filter((row) => row.token_count.totalTokens > 0),
      },
    },
  };
}
