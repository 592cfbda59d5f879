import {
  LAZY_HOOK_MODULES,
  loadNegotiatedHooks,
  type LazyHookModules,
} from "../../src/extensions/compose.js";
import type { ProfileFlags } from "../../src/profile/client-profile.js";

/**
 * The adapter loads AIR's, Lody's and v2's hooks only when a client negotiates them, at
 * its `initialize` (`negotiateClientProfile`, asynchronous). Unit tests build profiles
 * with the synchronous `parseClientProfile`, so every one of them is loaded first.
 */
const every = Object.fromEntries(
  Object.entries(LAZY_HOOK_MODULES).map(([key, module]) => [
    key,
    { negotiated: () => true, load: module.load },
  ]),
) as unknown as LazyHookModules;
await loadNegotiatedHooks({} as ProfileFlags, every);
