import { z } from "zod";
import type {
  AgentRequestHandler,
  AgentRequestHandlersByMethod as V1Handlers,
  ParamsParser,
} from "@agentclientprotocol/sdk/unstable";
import type { AgentRequestHandlersByMethod as V2Handlers } from "@agentclientprotocol/sdk/experimental/v2/unstable";
import type { AcpAgent } from "../agent/acp-agent.js";
import { guarded } from "./guarded.js";

/** The quotas RFD's `quota/read` (not in the ACP SDK yet): an optional session. */
export const QUOTA_READ = "quota/read";
const quotaReadParams = z
  .looseObject({ sessionId: z.string().nullish() })
  .nullish()
  .transform((params) => params ?? {});

/** The built-in methods ACP v1 and v2 both define and this agent answers alike on both. */
type SharedMethod =
  | "session/status"
  | "session/set_title"
  | "session/unarchive"
  | "auth/status"
  | "providers/list"
  | "providers/set"
  | "providers/disable";

type Params<H> = H extends (context: infer C) => unknown
  ? C extends { params: infer P }
    ? P
    : never
  : never;
type Answer<H> = H extends (context: never) => infer R ? Awaited<R> : never;

/**
 * A shared method's handler: it takes either version's params and its answer fits both
 * (`sharedHandlers` checks each against both SDKs' handler types).
 */
type SharedHandler<M extends SharedMethod> = (context: {
  params: Params<V1Handlers[M]> | Params<V2Handlers[M]>;
}) => Promise<Answer<V1Handlers[M]> & Answer<V2Handlers[M]>>;

type SharedHandlers = { [M in SharedMethod]: SharedHandler<M> };

/**
 * What of a method table the shared methods need: v1's and v2's `AgentApp` both are one.
 * Each parses a built-in method with its own version's schema.
 */
export interface SharedMethodsApp {
  onRequest<M extends SharedMethod>(method: M, handler: SharedHandlers[M]): unknown;
  onRequest<P, R>(
    method: typeof QUOTA_READ,
    params: ParamsParser<P>,
    handler: AgentRequestHandler<P, R>,
  ): unknown;
}

/**
 * Mounts on a table (v1's or v2's) the methods whose params and answers both versions
 * spell alike: `session/status`, `session/set_title`, `session/unarchive`, `auth/status`,
 * `providers/list`, `set`, `disable` and the quotas RFD's `quota/read`, so neither table spells them again. Each calls one
 * method of the agent service. A method whose v2 form also moves the connection's v2
 * state (`session/archive`, `close`, `delete`) stays in its table.
 */
export function mountSharedMethods<App extends SharedMethodsApp>(app: App, service: AcpAgent): App {
  const handlers = sharedHandlers(service);
  for (const method of Object.keys(handlers) as SharedMethod[]) {
    app.onRequest(method, handlers[method]);
  }
  app.onRequest(
    QUOTA_READ,
    quotaReadParams,
    guarded(QUOTA_READ, ({ params }) => service.account.readQuota(params.sessionId)),
  );
  return app;
}

function sharedHandlers(service: AcpAgent): SharedHandlers {
  const handlers: SharedHandlers = {
    "session/status": guarded("session/status", ({ params }) =>
      service.sessionMethods.status(params.sessionId),
    ),
    "session/set_title": guarded("session/set_title", ({ params }) =>
      service.sessionMethods.setTitle(params.sessionId, params.title),
    ),
    "session/unarchive": guarded("session/unarchive", ({ params }) =>
      service.sessionMethods.unarchive(params.sessionId),
    ),
    "auth/status": guarded("auth/status", () => service.account.authStatus()),
    "providers/list": guarded("providers/list", () => service.providers.list()),
    "providers/set": guarded("providers/set", ({ params }) =>
      service.providers.set(params).then(empty),
    ),
    "providers/disable": guarded("providers/disable", ({ params }) =>
      service.providers.disable(params).then(empty),
    ),
  };
  return handlers satisfies { [M in SharedMethod]: V1Handlers[M] & V2Handlers[M] };
}

/** The empty answer of a method that only acts. */
function empty(): Record<string, never> {
  return {};
}
