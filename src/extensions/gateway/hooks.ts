import type { ExtensionHooks } from "../../profile/hooks.js";
import { GATEWAY } from "./keys.js";
import { gatewayAuthMethods, gatewayAuthStatus, gatewayRoute, isGatewayMethod } from "./sign-in.js";

/** What a client that declared the gateway sign-in (`auth._meta.gateway`) gets at the core's hook points. */
export function gatewayHooks(declared: boolean): Partial<ExtensionHooks> {
  if (!declared) return {};
  return {
    extensions: [GATEWAY],
    signsIn: isGatewayMethod,
    authMethods: [gatewayAuthMethods],
    gatewaySignIn: { route: gatewayRoute, status: gatewayAuthStatus },
  };
}
