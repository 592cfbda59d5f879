import { ownField } from "../../util/plain-data.js";
import { GATEWAY } from "./keys.js";

/**
 * Whether the client can sign in through a gateway: `clientCapabilities.auth._meta`
 * (already plain data) says `gateway: true`, the literal boolean.
 */
export function parseGatewayProfile(authMeta: unknown): boolean {
  return ownField(authMeta, GATEWAY) === true;
}
