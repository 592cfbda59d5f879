import {
  extensionMethod,
  type ExtensionMethod,
  type MethodHost,
} from "../../profile/extension-methods.js";
import { LodyControls } from "./controls.js";
import { lodyGoalParams, toLodyGoalRequest } from "./goal.js";
import { LODY_METHODS } from "./keys.js";
import type { RateLimitBook } from "./rate-limit-book.js";
import { rateLimitsGetParams } from "./rate-limits.js";
import { lodySteerParams, toLodySteerRequest } from "./steer.js";

/** What Lody keeps for one connection: its methods, and the plan windows they read. */
export interface LodyConnection {
  readonly methods: readonly ExtensionMethod[];
  /** Written by every session's rate limit tap (`hooks.ts`), read by `_lody/rate_limits/get`. */
  readonly rateLimits: RateLimitBook;
}

/** The `_lody/...` requests (lody-contract.md §2.1) of one connection. */
export function lodyConnection(host: MethodHost): LodyConnection {
  const lody = new LodyControls(host);
  return {
    rateLimits: lody.rateLimits,
    methods: [
      extensionMethod(LODY_METHODS.steer, lodySteerParams, (params) =>
        lody.steer(toLodySteerRequest(params)),
      ),
      extensionMethod(LODY_METHODS.rateLimitsGet, rateLimitsGetParams, () => lody.rateLimitsGet()),
      extensionMethod(LODY_METHODS.goal, lodyGoalParams, (params) =>
        lody.goal(toLodyGoalRequest(params)),
      ),
    ],
  };
}
