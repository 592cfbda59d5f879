import { z } from "zod";
import { ownField } from "../../util/plain-data.js";
import { AIR, AIR_CAPABILITIES, JETBRAINS, type AirCapability } from "./keys.js";

/**
 * What an AIR client negotiated: `client` for any well-formed declaration, then one
 * named boolean per capability (air-extensions.md "Capabilities").
 */
export type AirProfile = { readonly client: boolean } & {
  readonly [name in AirCapability]: boolean;
};

const declaration = z.object({
  version: z.number().int().min(1).finite(),
  capabilities: z.array(z.unknown()),
});

/**
 * Reads `_meta.jetbrains.air` of `clientCapabilities` (already plain data). A capability
 * counts only by its exact name in a well-formed declaration: a malformed one (a version
 * below 1 or not an integer, capabilities not an array) enables nothing.
 */
export function parseAirProfile(meta: unknown): AirProfile {
  const parsed = declaration.safeParse(ownField(ownField(meta, JETBRAINS), AIR));
  const declared = new Set(parsed.success ? parsed.data.capabilities : []);
  const profile: Record<string, boolean> = { client: parsed.success };
  for (const name of Object.keys(AIR_CAPABILITIES) as AirCapability[]) {
    profile[name] = declared.has(AIR_CAPABILITIES[name]);
  }
  return Object.freeze(profile as AirProfile);
}
