import { AIR, AIR_VERSION, JETBRAINS } from "./keys.js";

/**
 * `{jetbrains: {air: {version: 1, ...payload}}}`: one AIR payload as a `_meta` object
 * ("AIR metadata keys": every payload goes next to `version: 1`).
 */
export function airMeta(payload: Record<string, unknown>): Record<string, unknown> {
  return { [JETBRAINS]: { [AIR]: { version: AIR_VERSION, ...payload } } };
}

/**
 * `meta` with an AIR payload merged in: the other namespaces (and other AIR keys) stay
 * ("AIR metadata keys": the adapter merges a payload into an existing `_meta`).
 */
export function withAirMeta(
  meta: Record<string, unknown> | null | undefined,
  payload: Record<string, unknown>,
): Record<string, unknown> {
  const jetbrains = (meta?.[JETBRAINS] ?? {}) as Record<string, unknown>;
  const air = (jetbrains[AIR] ?? {}) as Record<string, unknown>;
  return {
    ...meta,
    [JETBRAINS]: { ...jetbrains, [AIR]: { ...air, version: AIR_VERSION, ...payload } },
  };
}
