import { airMeta } from "./air-meta.js";
import { RECOMMENDED_VALUE } from "./keys.js";

/** `_meta` of a `model` or effort config option: `{jetbrains: {air: {version: 1, recommendedValue}}}`. */
export function recommendedValueMeta(value: string): Record<string, unknown> {
  return airMeta({ [RECOMMENDED_VALUE]: value });
}
