import {
  readClientProfile,
  type ClientProfile,
  type ProfileFlags,
} from "../profile/client-profile.js";
import type { ExtensionHooks } from "../profile/hooks.js";
import { airHooks } from "./air/hooks.js";
import { lodyHooks } from "./lody/hooks.js";
import { v2Hooks } from "./v2/hooks.js";
import { zedHooks } from "./zed/hooks.js";
import { gatewayHooks } from "./gateway/hooks.js";

/**
 * The ONE module of the core that reaches the client extensions (the architecture test's
 * `EXTENSION_COMPOSITION`): it builds, once per connection, the hooks of the extensions a
 * client negotiated (`profile/hooks.ts`). Each extension's capability is parsed by its own
 * `extensions/<name>/profile.ts`, read by `profile/client-profile.ts` (the profile door,
 * `EXTENSION_PROFILES`); what it does at the core's hook points comes from its
 * `extensions/<name>/hooks.ts`, merged here in a fixed order.
 */

/**
 * The profile of a client's `initialize` capabilities, its extensions' hooks included
 * (`asSent`: the capabilities before the ACP SDK's schema dropped what it does not know).
 */
export function parseClientProfile(
  rawCapabilities: unknown,
  protocolVersion = 1,
  asSent: unknown = rawCapabilities,
): ClientProfile {
  return readClientProfile(rawCapabilities, protocolVersion, composeHooks, asSent);
}

/**
 * The negotiated extensions' hooks, merged: a list hook point (`extensions` too) gets each
 * extension's entries in the order of the parts below (the order their `_meta` keys are
 * added in); any other hook point takes the first extension's.
 */
export function composeHooks(flags: ProfileFlags): ExtensionHooks {
  const parts: Partial<ExtensionHooks>[] = [
    zedHooks(flags.zed),
    airHooks(flags.air),
    lodyHooks(flags.lody),
    v2Hooks(flags.v2),
    gatewayHooks(flags.authGateway),
  ];
  const merged: Record<string, unknown> = { extensions: [] };
  for (const hooks of parts) {
    for (const [point, value] of Object.entries(hooks)) {
      const known = merged[point];
      if (Array.isArray(known) && Array.isArray(value)) merged[point] = [...known, ...value];
      else if (known === undefined) merged[point] = value;
    }
  }
  return Object.freeze(merged) as unknown as ExtensionHooks;
}
