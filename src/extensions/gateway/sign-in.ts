import type { AuthMethod } from "@agentclientprotocol/sdk/unstable";
import { headersProblem, isEndpointUrl, type ProviderRoute } from "../../sdk/provider-env.js";
import { invalidInput } from "../../util/adapter-error.js";
import { ownField, toPlainData } from "../../util/plain-data.js";
import { GATEWAY, GATEWAY_BEDROCK } from "./keys.js";

/** The gateway auth methods, with the protocol each gateway speaks; the upstream names. */
const METHODS = [
  { id: GATEWAY, protocol: "anthropic" },
  { id: GATEWAY_BEDROCK, protocol: "bedrock" },
] as const;

/** The auth methods offered to a client that declared the gateway capability. */
export function gatewayAuthMethods(): AuthMethod[] {
  return METHODS.map((m) => ({
    id: m.id,
    name: "Custom model gateway",
    description: "Use a custom gateway to authenticate and access models",
    _meta: { [GATEWAY]: { protocol: m.protocol } },
  }));
}

/** Whether `methodId` names a gateway auth method. */
export function isGatewayMethod(methodId: string): boolean {
  return METHODS.some((m) => m.id === methodId);
}

/**
 * The route of a gateway `authenticate`: `_meta.gateway {baseUrl, headers?}`, the base
 * URL absolute http(s), the headers an object of one-line strings. Anything else is
 * `invalidInput`, before anything changes.
 */
export function gatewayRoute(methodId: string, meta: unknown): ProviderRoute {
  const method = METHODS.find((m) => m.id === methodId);
  if (!method) throw invalidInput(`unknown auth method ${JSON.stringify(methodId)}`);
  const gateway = ownField(toPlainData(meta), GATEWAY);
  const baseUrl = ownField(gateway, "baseUrl");
  if (!isEndpointUrl(baseUrl)) {
    throw invalidInput("`_meta.gateway.baseUrl` must be an absolute http(s) URL");
  }
  const headers = ownField(gateway, "headers") ?? {};
  if (typeof headers !== "object" || Array.isArray(headers)) {
    throw invalidInput("`_meta.gateway.headers` must be an object of header names to values");
  }
  const problem = headersProblem(headers as Record<string, unknown>);
  if (problem) throw invalidInput(`\`_meta.gateway.headers\`: ${problem}`);
  return {
    apiType: method.protocol,
    baseUrl,
    headers: { ...(headers as Record<string, string>) },
  };
}

/** The `_auth/status_update` state of a gateway sign-in: the gateway's host as detail. */
export function gatewayAuthStatus(baseUrl: string): {
  kind: typeof GATEWAY;
  label: string;
  detail: string;
} {
  return { kind: GATEWAY, label: "Custom model gateway", detail: new URL(baseUrl).host };
}
