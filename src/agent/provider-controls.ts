import type {
  DisableProviderRequest,
  ListProvidersResponse,
  SetProviderRequest,
} from "@agentclientprotocol/sdk/unstable";
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
import type { ClientProfile } from "../profile/client-profile.js";
import type { AuthStatus } from "../translation/auth.js";
import { invalidInput } from "../util/adapter-error.js";
import type { AuthTracker } from "./auth-tracker.js";

/** A model gateway the client signs in through with `authenticate` (Zed's gateway sign-in). */
export interface GatewaySignIn {
  /**
   * The route of a sign-in with `methodId` and the request's `_meta`; an unknown method
   * or a malformed route throws `invalidInput`, before anything changes.
   */
  route(methodId: string, meta: unknown): ProviderRoute;
  /** The sign-in state of a route through the gateway at `baseUrl`. */
  status(baseUrl: string): AuthStatus;
}

declare module "../profile/hooks.js" {
  interface ExtensionHooks {
    /** The model gateway the client declared it signs in through. */
    readonly gatewaySignIn?: GatewaySignIn;
  }
}

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
  /**
   * The changes under way, one after another: a change waits for the one before it (a
   * listing may take seconds), so the last one asked for is the one in effect.
   */
  private changes: Promise<unknown> = Promise.resolve();

  constructor(
    private readonly auth: () => AuthTracker | undefined,
    /** The negotiated client (its gateway sign-in: `gatewaySignIn`). */
    private readonly profile: () => ClientProfile,
  ) {}

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
    const route = {
      apiType: params.apiType as ProviderApi,
      baseUrl: params.baseUrl,
      headers: { ...headers },
    };
    return this.inOrder(async () => setProviderRoute(await listed(route)));
  }

  /** `providers/disable`: back to the gateway signed in with, else to the environment's. */
  async disable(params: DisableProviderRequest): Promise<void> {
    checkProvider(params.providerId);
    return this.inOrder(() => Promise.resolve(setProviderRoute(undefined)));
  }

  /**
   * A gateway `authenticate`: Claude Code is routed through the gateway, which holds the
   * credentials, and the sign-in state says so (`_auth/status_update`, the gateway's).
   * A client that declared no gateway has no such method.
   */
  async signIn(methodId: string, meta: unknown): Promise<void> {
    const gateway = this.profile().hooks.gatewaySignIn;
    if (!gateway) throw invalidInput(`unknown auth method ${JSON.stringify(methodId)}`);
    const checked = gateway.route(methodId, meta);
    return this.inOrder(async () => {
      const route = await listed(checked);
      setGatewayRoute(route);
      await this.auth()?.assume(gateway.status(route.baseUrl));
    });
  }

  /**
   * `logout`: the client's routes end (the gateway and a provider it set); the sign-in
   * state is Claude Code's again once probed.
   */
  signOut(): Promise<void> {
    return this.inOrder(async () => {
      // With no route there is nothing to end: a change would make every session
      // replace its Claude Code for nothing.
      if (currentRoute()) {
        setGatewayRoute(undefined);
        setProviderRoute(undefined);
      }
      await this.auth()?.assume(undefined);
    });
  }

  /** Runs `change` once the changes before it are done (failed or not). */
  private inOrder(change: () => Promise<void>): Promise<void> {
    const run = this.changes.then(change);
    this.changes = run.catch(() => undefined);
    return run;
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
