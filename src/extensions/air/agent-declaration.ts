import { airMeta } from "./air-meta.js";
import { AIR_CAPABILITIES } from "./keys.js";

/**
 * The AIR capabilities this adapter serves end to end, advertised to an AIR client
 * whatever it declared ("Agent declaration": the agent list does not depend on the
 * client's). A capability joins this list only once it works on the wire: `goal`,
 * `steering` and the AIR II capabilities are not built yet.
 */
export const ADVERTISED_AIR_CAPABILITIES: readonly string[] = [
  AIR_CAPABILITIES.recommendedValue,
  AIR_CAPABILITIES.diffPatch,
  AIR_CAPABILITIES.planFile,
  AIR_CAPABILITIES.nativeSubagentSessions,
];

/** `initialize` response `_meta` for an AIR client: `{jetbrains: {air: {version, capabilities}}}`. */
export function airAgentDeclaration(): Record<string, unknown> {
  return airMeta({ capabilities: [...ADVERTISED_AIR_CAPABILITIES] });
}
