import { ownField } from "../../util/plain-data.js";
import { LODY, LODY_META_KEYS, LODY_NOTIFICATIONS } from "./keys.js";
import { copyModelUsage, sumModelUsage, type ModelUsage } from "./model-usage.js";

/** The four token counts of one operation (lody-contract.md §5 `usage`). */
export interface OperationUsage {
  inputTokens: number;
  outputTokens: number;
  cacheReadInputTokens: number;
  cacheCreationInputTokens: number;
}

function count(usage: unknown, key: string): number {
  const value = ownField(usage, key);
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : 0;
}

/**
 * A result's own `usage` (the Anthropic API's snake_case counts) as the operation's four
 * token counts; the input there already excludes cache reads and writes.
 */
export function operationUsage(usage: unknown): OperationUsage {
  return {
    inputTokens: count(usage, "input_tokens"),
    outputTokens: count(usage, "output_tokens"),
    cacheReadInputTokens: count(usage, "cache_read_input_tokens"),
    cacheCreationInputTokens: count(usage, "cache_creation_input_tokens"),
  };
}

export interface UsageUpdateParams {
  sessionId: string;
  usage: OperationUsage;
  modelUsage: Record<string, ModelUsage>;
  delta: { usage: ModelUsage; modelUsage: Record<string, ModelUsage> };
  _meta: { [LODY]: { [LODY_META_KEYS.usageScopeId]: string } };
}

/**
 * `_lody/session/usage_update` for one scope (contract §5, Claude ref): the scope is one
 * SDK result (`scopeId`, its uuid), so its totals are exactly what the result added —
 * `modelUsage` and `delta.modelUsage` are equal, and `delta.usage` is their sum.
 */
export function usageUpdate(
  sessionId: string,
  scopeId: string,
  usage: OperationUsage,
  added: Readonly<Record<string, ModelUsage>>,
): { method: string; params: UsageUpdateParams } {
  return {
    method: LODY_NOTIFICATIONS.usageUpdate,
    params: {
      sessionId,
      usage: { ...usage },
      modelUsage: copyModelUsage(added),
      delta: { usage: sumModelUsage(added), modelUsage: copyModelUsage(added) },
      _meta: { [LODY]: { [LODY_META_KEYS.usageScopeId]: scopeId } },
    },
  };
}
