import type {
  DisableProviderRequest,
  ListProvidersResponse,
  SetProviderRequest,
} from "@agentclientprotocol/sdk/unstable";
import { gatewayAuthStatus, gatewayRoute } from "../extensions/gateway/sign-in.js";
import {
  environmentRoute,
  headersProblem,
  isEndpointUrl,
  PROVIDER_APIS,
  type ProviderApi,
  type ProviderRoute,
} from "../sdk/provider-env.js";
import { listEndpointModels } from "../sdk/endpoint-models.js";
import { currentRoute, setGatewayRoute, setProviderRoute } from "../sdk/provider-routing.js";
import { invalidInput } from "../util/adapter-error.js";
import type { AuthTracker } from "./auth-tracker.js";

/** The one provider the adapter has: Claude Code's model endpoint (the RFD's example id). */
export const MAIN_PROVIDER = "main";

/**
 * The ACP provider methods (`providers/list`, `providers/set`, `providers/disable`,
 * unstable) and the gateway sign-in, over the process's model route
 * (`sdk/provider-routing.ts`). A change takes effect at the next start of a Claude Code:
 * a session's next turn replaces the one it runs (`ClaudeQuery.routedAsNow`); a session
 * started after it offers the models the endpoint lists. Bad params change nothing.
 */
export class ProviderControls {
  constructor(private readonly auth: () => AuthTracker | undefined) {}

  /** `providers/list`: the route in effect, else the one Claude Code's environment picks. */
  list(): ListProvidersResponse {
    const route = currentRoute() ?? environmentRoute(process.env);
    return {
      providers: [
        {
          providerId: MAIN_PROVIDER,
          supported: [...PROVIDER_APIS],
          required: false,
          current: { apiType: route.apiType, baseUrl: route.baseUrl },
        },
      ],
    };
  }

  /**
   * `providers/set`: replaces the main provider's whole route (its headers too), with the
   * models the endpoint lists, read before the route changes.
   */
  async set(params: SetProviderRequest): Promise<void> {
    checkProvider(params.providerId);
    if (!PROVIDER_APIS.includes(params.apiType as ProviderApi)) {
      throw invalidInput(
        `unsupported apiType ${JSON.stringify(params.apiType)}; supported: ${PROVIDER_APIS.join(", ")}`,
      );
    }
    if (!isEndpointUrl(params.baseUrl)) {
      throw invalidInput("baseUrl must be an absolute http(s) URL");
    }
    const headers = params.headers ?? {};
    const problem = headersProblem(headers);
    if (problem) throw invalidInput(`headers: ${problem}`);
    setProviderRoute(
      await listed({
        apiType: params.apiType as ProviderApi,
        baseUrl: params.baseUrl,
        headers: { ...headers },
      }),
    );
  }

  /** `providers/disable`: back to the gateway signed in with, else to the environment's. */
  disable(params: DisableProviderRequest): void {
    checkProvider(params.providerId);
    setProviderRoute(undefined);
  }

  /**
   * A gateway `authenticate`: Claude Code is routed through the gateway, which holds the
   * credentials, and the sign-in state says so (`_auth/status_update`, kind `gateway`).
   */
  async signIn(methodId: string, meta: unknown): Promise<void> {
    const route = await listed(gatewayRoute(methodId, meta));
    setGatewayRoute(route);
    await this.auth()?.assume(gatewayAuthStatus(route.baseUrl));
  }

  /**
   * `logout`: the client's routes end (the gateway and a provider it set); the sign-in
   * state is Claude Code's again once probed.
   */
  signOut(): void {
    // Only a change counts: it makes every session replace its Claude Code.
    if (currentRoute()) {
      setGatewayRoute(undefined);
      setProviderRoute(undefined);
    }
    void this.auth()?.assume(undefined);
  }
}

/** `route` with the models its endpoint lists, if it lists them. */
async function listed(route: ProviderRoute): Promise<ProviderRoute> {
  const models = await listEndpointModels(route);
  return models ? { ...route, listedModels: models } : route;
}

function checkProvider(providerId: string): void {
  if (providerId !== MAIN_PROVIDER) {
    throw invalidInput(
      `unknown provider ${JSON.stringify(providerId)}; the one provider is "${MAIN_PROVIDER}"`,
    );
  }
}
