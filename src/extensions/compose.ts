import {
  readClientProfile,
  type ClientProfile,
  type ProfileFlags,
} from "../profile/client-profile.js";
import type { ExtensionHooks } from "../profile/hooks.js";
import type { AgentDeclaration } from "../profile/agent-declaration.js";
import type { ExtensionMethod, MethodHost } from "../profile/extension-methods.js";
import { airInitializeDeclaration } from "./air/agent-declaration.js";
import { airMethods } from "./air/methods.js";
import { lodyInitializeDeclaration } from "./lody/agent-declaration.js";
import { lodyConnection } from "./lody/methods.js";
import type { RateLimitBook } from "./lody/rate-limit-book.js";
import { steeringInitializeDeclaration } from "./steering/declaration.js";
import { steeringMethods } from "./steering/methods.js";
import { airHooks } from "./air/hooks.js";
import { lodyHooks } from "./lody/hooks.js";
import { v2Hooks } from "./v2/hooks.js";
import { gatewayHooks } from "./gateway/hooks.js";
import { zedHooks } from "./zed/hooks.js";

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

/**
 * What each extension adds to the `initialize` answer (`protocol/initialize.ts`), in the
 * order their keys are added; each decides from the negotiated profile.
 */
export const AGENT_DECLARATIONS: readonly AgentDeclaration[] = [
  airInitializeDeclaration,
  lodyInitializeDeclaration,
  steeringInitializeDeclaration,
];

/** What the extensions keep for one connection. */
export interface ExtensionConnection {
  /** The methods they serve, mounted for every client (`protocol/agent-app.ts`). */
  readonly methods: readonly ExtensionMethod[];
  /** Lody's plan windows, which the sessions' setup records into (`agent/session-opener.ts`). */
  readonly rateLimits: RateLimitBook;
}

/** The extensions' part of one connection, over what the agent lends them. */
export function connectExtensions(host: MethodHost): ExtensionConnection {
  const lody = lodyConnection(host);
  return {
    methods: [...steeringMethods(host), ...airMethods(host), ...lody.methods],
    rateLimits: lody.rateLimits,
  };
}

/** The v2 extension's part of the draft ACP v2 method table (`protocol/v2/`). */
export * as v2Front from "./v2/front.js";
