import { LODY } from "./keys.js";

/**
 * `meta` with a `_meta.lody` payload merged in: the other namespaces and the other Lody
 * keys stay (an AIR + Lody client gets both side by side).
 */
export function withLodyMeta(
  meta: Record<string, unknown> | null | undefined,
  payload: Record<string, unknown>,
): Record<string, unknown> {
  const lody = (meta?.[LODY] ?? {}) as Record<string, unknown>;
  return { ...meta, [LODY]: { ...lody, ...payload } };
}
