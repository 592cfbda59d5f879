/**
 * The Zed gateway convention (features.md 1j "Gateway auth"; a key of another team that
 * air-extensions.md "Compatibility rule" keeps where it is): a client that declares
 * `clientCapabilities.auth._meta.gateway: true` can sign in through a model gateway of
 * its own. Only this folder spells these names.
 */

/**
 * The capability key (`auth._meta.gateway`), the `_meta` key of the auth methods and of
 * `authenticate`, the id of the Anthropic-protocol method, and the `_auth/status_update`
 * kind of a gateway sign-in.
 */
export const GATEWAY = "gateway";

/** The id of the auth method for a gateway that speaks the Bedrock protocol. */
export const GATEWAY_BEDROCK = "gateway-bedrock";

/** What `test/architecture.test.ts` looks for outside this folder. */
export const GATEWAY_WIRE_STRINGS: readonly string[] = [GATEWAY, GATEWAY_BEDROCK];
