import {
  readClientProfile,
  type ClientProfile,
  type ProfileFlags,
} from "../profile/client-profile.js";
import { NO_HOOKS, type ExtensionHooks } from "../profile/hooks.js";
import type { AgentDeclaration } from "../profile/agent-declaration.js";
import type { ExtensionMethod, MethodHost } from "../profile/extension-methods.js";
import { airInitializeDeclaration } from "./air/agent-declaration.js";
import { airMethods } from "./air/methods.js";
import { lodyInitializeDeclaration } from "./lody/agent-declaration.js";
import { lodyConnection } from "./lody/methods.js";
import type { RateLimitBook } from "./lody/rate-limit-book.js";
import { steeringInitializeDeclaration } from "./steering/declaration.js";
import { steeringMethods } from "./steering/methods.js";
import type { airHooks } from "./air/hooks.js";
import type { lodyHooks } from "./lody/hooks.js";
import type { v2Hooks } from "./v2/hooks.js";
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

/** The hooks of the extensions a plain client never negotiates, loaded on demand. */
export interface LazyHooks {
  readonly air: typeof airHooks;
  readonly lody: typeof lodyHooks;
  readonly v2: typeof v2Hooks;
}

/** For each lazily loaded extension: whether a client negotiated it, and its hooks module. */
export type LazyHookModules = {
  readonly [K in keyof LazyHooks]: {
    readonly negotiated: (flags: ProfileFlags) => boolean;
    readonly load: () => Promise<LazyHooks[K]>;
  };
};

/**
 * AIR's, Lody's and v2's hooks reach their decorators, trackers, diff code and schemas:
 * ~4.5 MB of RSS in the bundle (bench/NOTES.md, "Memory after session/new"), which a
 * client that negotiated none of them need not pay. Each loads at the first `initialize`
 * that negotiates it (`negotiateClientProfile`); the bundle keeps each one's modules
 * unevaluated until then. The `negotiated` tests are each hooks function's own first line.
 */
export const LAZY_HOOK_MODULES: LazyHookModules = {
  air: {
    negotiated: (flags) => flags.air.client,
    load: () => import("./air/hooks.js").then((m) => m.airHooks),
  },
  lody: {
    negotiated: (flags) => flags.lody.client,
    load: () => import("./lody/hooks.js").then((m) => m.lodyHooks),
  },
  v2: {
    negotiated: (flags) => flags.v2.filePatches,
    load: () => import("./v2/hooks.js").then((m) => m.v2Hooks),
  },
};

const LAZY_KEYS = Object.keys(LAZY_HOOK_MODULES) as (keyof LazyHooks)[];

/** The lazily loaded hooks this process has loaded so far. */
const loadedHooks: { -readonly [K in keyof LazyHooks]?: LazyHooks[K] } = {};

/** Loads the hooks modules of the extensions `flags` negotiated that are not loaded yet. */
export async function loadNegotiatedHooks(
  flags: ProfileFlags,
  modules: LazyHookModules = LAZY_HOOK_MODULES,
  into: { -readonly [K in keyof LazyHooks]?: LazyHooks[K] } = loadedHooks,
): Promise<void> {
  const keys = Object.keys(modules) as (keyof LazyHooks)[];
  await Promise.all(
    keys.map(async (key) => {
      if (into[key] !== undefined || !modules[key].negotiated(flags)) return;
      // One key, one module: the assignment cannot mix them up.
      (into as Record<string, unknown>)[key] = await modules[key].load();
    }),
  );
}

/** The hooks `flags` negotiated from a lazily loaded module (none when not negotiated). */
function lazyHooks<K extends keyof LazyHooks>(
  key: K,
  flags: ProfileFlags,
): Partial<ExtensionHooks> {
  if (!LAZY_HOOK_MODULES[key].negotiated(flags)) return {};
  const hooks = loadedHooks[key] as
    ((profile: ProfileFlags[K]) => Partial<ExtensionHooks>) | undefined;
  if (hooks === undefined) {
    throw new Error(`the ${key} hooks are not loaded: negotiateClientProfile loads them`);
  }
  return hooks(flags[key]);
}

/**
 * The profile of a client's `initialize` capabilities, with the hooks modules of the
 * extensions it negotiated loaded first: what the agent's `initialize` uses.
 */
export async function negotiateClientProfile(
  rawCapabilities: unknown,
  protocolVersion = 1,
  asSent: unknown = rawCapabilities,
): Promise<ClientProfile> {
  let negotiated: ProfileFlags | undefined;
  readClientProfile(
    rawCapabilities,
    protocolVersion,
    (flags) => {
      negotiated = flags;
      return NO_HOOKS;
    },
    asSent,
  );
  if (negotiated !== undefined) await loadNegotiatedHooks(negotiated);
  return parseClientProfile(rawCapabilities, protocolVersion, asSent);
}

/**
 * The profile of a client's `initialize` capabilities, its extensions' hooks included
 * (`asSent`: the capabilities before the ACP SDK's schema dropped what it does not know).
 * The hooks modules of the extensions it negotiated must be loaded (`negotiateClientProfile`).
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
    // AIR's, Lody's, v2's: in LAZY_HOOK_MODULES' key order.
    ...LAZY_KEYS.map((key) => lazyHooks(key, flags)),
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
