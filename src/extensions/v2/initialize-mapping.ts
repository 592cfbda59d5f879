import type * as v1 from "@agentclientprotocol/sdk/unstable";
import type * as v2 from "@agentclientprotocol/sdk/experimental/v2/unstable";
import { present } from "../../util/plain-data.js";
import { PROTOCOL_V2 } from "./keys.js";
import { V1_TERMINAL_AUTH, V1_TERMINAL_OUTPUT_FLAG } from "./v1-terminal-keys.js";

/**
 * The capability negotiation of a draft ACP v2 client (`initialize`): its capabilities
 * as the v1 ones the agent reads, and the agent's v1 answer in v2's shape. Pure
 * functions, table-tested in `initialize-mapping.test.ts`.
 */

/**
 * The keys of the v1 agent capabilities' `_meta` a v2 client gets too, as upstream's v2
 * `initialize` keeps them: `claudeCode.promptQueueing` (a prompt sent while one runs is
 * queued: on v2 it is held until the running turn ends) and `authStatus` (the
 * `_auth/status_update` push, sent to a v2 client as to a v1 one). Other keys (Lody's
 * declaration) are v1 clients'.
 */
const V2_CAPABILITY_META = ["claudeCode", "authStatus"] as const;

/**
 * v2 client capabilities → the v1 ones the profile parser reads (auth with its `_meta`,
 * where the gateway sign-in is declared; elicitation). What v2 makes baseline, with no
 * client capability, every v2 client takes: the terminal extension (its keys become v2's
 * display terminals, `terminal-mapper.ts`), subagents as child sessions
 * (`subagent_update`), notices, compaction updates, boolean config options (v2's
 * `session/set_config_option` has `type: "boolean"`) and plan operations (the draft's
 * `plan_update` variants, markdown for ExitPlanMode's plan, and `plan_removed`).
 */
export function v1ClientCapabilities(
  capabilities: v2.ClientCapabilities | null | undefined,
): v1.ClientCapabilities {
  const authMeta = capabilities?.auth?._meta;
  const result: v1.ClientCapabilities = {
    auth: { terminal: present(capabilities?.auth?.terminal), ...meta(authMeta) },
    session: { notices: {}, compaction: {}, configOptions: { boolean: {} } },
    subagents: {},
    plan: {},
    _meta: { [V1_TERMINAL_OUTPUT_FLAG]: true },
  } as v1.ClientCapabilities;
  if (present(capabilities?.elicitation)) result.elicitation = capabilities.elicitation;
  return result;
}

/**
 * The v1 `initialize` answer → v2's `info` / `capabilities` shape. Only what the v2
 * table serves is advertised: the session baseline, prompt content, MCP transports v2
 * has (no `sse`), delete, fork, additional directories, archive, status, title, auth
 * status, quota. Of the v1 capabilities' `_meta`, the keys upstream's v2 surface keeps
 * (`V2_CAPABILITY_META`); the answer's own `_meta` (AIR's declaration) stays on v1.
 * `authMethods` is always there (an empty list for a client no method fits).
 */
export function v2InitializeResponse(answer: v1.InitializeResponse): v2.InitializeResponse {
  const prompt = answer.agentCapabilities?.promptCapabilities;
  const mcp = answer.agentCapabilities?.mcpCapabilities;
  const session = answer.agentCapabilities?.sessionCapabilities;
  const info = answer.agentInfo ?? { name: "claude-agent-acp", version: "unknown" };
  const capabilities: v2.SessionCapabilities = {
    prompt: {
      ...(prompt?.image ? { image: {} } : {}),
      ...(prompt?.audio ? { audio: {} } : {}),
      ...(prompt?.embeddedContext ? { embeddedContext: {} } : {}),
    },
    mcp: { stdio: {}, ...(mcp?.http ? { http: {} } : {}) },
    ...(session?.delete ? { delete: {} } : {}),
    ...(session?.fork ? { fork: {} } : {}),
    ...(session?.additionalDirectories ? { additionalDirectories: {} } : {}),
    ...(session?.systemPrompt ? { systemPrompt: session.systemPrompt } : {}),
    ...(session?.archive ? { archive: {} } : {}),
    ...(session?.status ? { status: {} } : {}),
    ...(session?.title ? { title: {} } : {}),
  };
  const authMethods = (answer.authMethods ?? []).flatMap(v2AuthMethod);
  return {
    protocolVersion: PROTOCOL_V2,
    info: { name: info.name, version: info.version, ...(info.title ? { title: info.title } : {}) },
    capabilities: {
      session: capabilities,
      ...(answer.agentCapabilities?.providers ? { providers: {} } : {}), // the same methods
      ...(answer.agentCapabilities?.auth?.status ? { auth: { status: {} } } : {}),
      ...("quota" in (answer.agentCapabilities ?? {}) ? { quota: {} } : {}), // the quotas RFD
      ...meta(capabilityMeta(answer.agentCapabilities?._meta)),
    },
    // Always listed, empty when no method applies, as upstream's v2 surface answers.
    authMethods,
  };
}

/**
 * A v1 auth method → v2 (`methodId`, an explicit `type`). A v1 method that carries its
 * login command only in Zed's `_meta` has no v2 form: v2 clients run `type: "terminal"`.
 * Any other `_meta` (a gateway method's protocol) stays on the agent method.
 */
export function v2AuthMethod(method: v1.AuthMethod): v2.AuthMethod[] {
  const base = {
    methodId: method.id,
    name: method.name,
    ...(method.description ? { description: method.description } : {}),
  };
  if ("type" in method && method.type === "terminal") {
    const env = Object.entries(method.env ?? {}).map(([name, value]) => ({ name, value }));
    return [
      {
        type: "terminal",
        ...base,
        ...(method.args ? { args: [...method.args] } : {}),
        ...(env.length > 0 ? { env } : {}),
      },
    ];
  }
  if (method._meta && V1_TERMINAL_AUTH in method._meta) return [];
  return [{ type: "agent", ...base, ...meta(method._meta) }];
}

function capabilityMeta(
  value: Record<string, unknown> | null | undefined,
): Record<string, unknown> | undefined {
  const kept = V2_CAPABILITY_META.filter((key) => value?.[key] !== undefined);
  return kept.length > 0 ? Object.fromEntries(kept.map((key) => [key, value![key]])) : undefined;
}

function meta(value: Record<string, unknown> | null | undefined): {
  _meta?: Record<string, unknown>;
} {
  return value ? { _meta: value } : {};
}
