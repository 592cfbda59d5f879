import type * as v1 from "@agentclientprotocol/sdk/unstable";
import type * as v2 from "@agentclientprotocol/sdk/experimental/v2/unstable";
import { invalidInput } from "../../util/adapter-error.js";
import { GIT_PATCH_FORMAT } from "../../translation/patches/git-patch.js";
import { PROTOCOL_V2, SESSION_PLAN_ID, V2_PATCH_META, V2_STATES, V2_UPDATES } from "./keys.js";
import { V1_TERMINAL_AUTH, V1_TERMINAL_OUTPUT_FLAG } from "./v1-terminal-keys.js";
import { isRecord } from "../../util/plain-data.js";

/**
 * The one place where draft ACP v2 shapes meet the v1 shapes the agent speaks: pure
 * functions, each rule table-tested in `mapping.test.ts`. The v2 method table turns a
 * request into the agent's v1 call with these and its answer back; the v2 client port
 * turns each outbound v1 update into its v2 form.
 */

/**
 * v2 client capabilities → the v1 ones the profile parser reads (auth with its `_meta`,
 * where the gateway sign-in is declared; elicitation).
 * What v2 makes baseline, with no client capability, every v2 client takes: the terminal
 * extension (its keys become v2's display terminals, `terminal-mapper.ts`), subagents as
 * child sessions (`subagent_update`), notices, compaction updates, boolean config
 * options (v2's `session/set_config_option` has `type: "boolean"`) and plan operations
 * (the draft's `plan_update` variants, markdown for ExitPlanMode's plan, and
 * `plan_removed`: v2 has no client capability for them).
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
 * table serves is advertised: the session baseline (`session: {}`), prompt content,
 * MCP transports v2 has (no `sse`), delete, fork, additional directories. v1-only
 * `_meta` (AIR's declaration, prompt queueing) stays on v1.
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
  };
  const authMethods = (answer.authMethods ?? []).flatMap(v2AuthMethod);
  return {
    protocolVersion: PROTOCOL_V2,
    info: { name: info.name, version: info.version, ...(info.title ? { title: info.title } : {}) },
    capabilities: {
      session: capabilities,
      // The same provider methods serve both versions.
      ...(answer.agentCapabilities?.providers ? { providers: {} } : {}),
    },
    ...(authMethods.length > 0 ? { authMethods } : {}),
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

/** The v1 session setup params of a v2 `session/new` / `resume` / `fork`. */
export interface V1SessionParams {
  readonly cwd: string;
  readonly additionalDirectories?: readonly string[];
  readonly mcpServers: v1.McpServer[];
  readonly _meta?: Record<string, unknown>;
  /** The client's system prompt: the same shape on v1 (text blocks are the same). */
  readonly systemPrompt?: unknown;
}

/**
 * v2 lifecycle params → v1: MCP servers lose the `stdio` tag v1 does not have; `_meta`
 * passes as is (the agent's own keys, such as `claudeCode.options`, mean the same on
 * both versions).
 */
export function v1SessionParams(params: {
  cwd: string;
  additionalDirectories?: readonly string[] | null;
  mcpServers?: readonly v2.McpServer[] | null;
  _meta?: Record<string, unknown> | null;
  systemPrompt?: unknown;
}): V1SessionParams {
  return {
    cwd: params.cwd,
    ...(params.systemPrompt !== undefined && params.systemPrompt !== null
      ? { systemPrompt: params.systemPrompt }
      : {}),
    ...(params.additionalDirectories
      ? { additionalDirectories: params.additionalDirectories }
      : {}),
    mcpServers: (params.mcpServers ?? []).flatMap(v1McpServer),
    ...(params._meta ? { _meta: params._meta } : {}),
  };
}

/**
 * One v2 MCP server → v1. A transport the adapter does not advertise on v2 (`acp`, a
 * custom one) is bad input, as the v2 draft asks.
 */
export function v1McpServer(server: v2.McpServer): v1.McpServer[] {
  const s = server as Record<string, unknown> & { type: string; name: string };
  if (s.type === "stdio") {
    return [
      {
        name: s.name,
        command: s.command as string,
        args: (s.args as string[] | undefined) ?? [],
        env: (s.env as v1.EnvVariable[] | undefined) ?? [],
      },
    ];
  }
  if (s.type === "http") {
    return [
      {
        type: "http",
        name: s.name,
        url: s.url as string,
        headers: (s.headers as v1.HttpHeader[] | undefined) ?? [],
      },
    ];
  }
  throw invalidInput(
    `MCP server ${JSON.stringify(s.name)}: transport ${JSON.stringify(s.type)} is not supported`,
  );
}

/**
 * v2 prompt content → v1: the same content blocks (v2 only widens open string unions,
 * which the prompt translation checks anyway).
 */
export function v1Prompt(prompt: readonly v2.ContentBlock[]): v1.ContentBlock[] {
  return prompt as v1.ContentBlock[];
}

/** v1 config options → v2 (`id` → `configId`, a group's `group` → `groupId`). */
export function v2ConfigOptions(
  options: readonly v1.SessionConfigOption[],
): v2.SessionConfigOption[] {
  return options.map((option) => {
    const head = {
      configId: option.id,
      name: option.name,
      ...(option.description ? { description: option.description } : {}),
      ...(option.category ? { category: option.category } : {}),
    };
    if (option.type === "boolean") {
      return { type: "boolean", ...head, currentValue: option.currentValue };
    }
    const options = option.options.map((entry) =>
      "group" in entry
        ? { groupId: entry.group, name: entry.name, options: entry.options.map(v2SelectOption) }
        : v2SelectOption(entry),
    ) as v2.SessionConfigSelectOptions;
    return { type: "select", ...head, currentValue: option.currentValue, options };
  });
}

function v2SelectOption(option: v1.SessionConfigSelectOption): v2.SessionConfigSelectOption {
  return {
    value: option.value,
    name: option.name,
    ...(option.description ? { description: option.description } : {}),
  };
}

/** v1 commands → v2: each one tagged `command`, its free-text input tagged `text`. */
export function v2Commands(commands: readonly v1.AvailableCommand[]): v2.AvailableCommand[] {
  return commands.map((command) => ({
    type: "command",
    name: command.name,
    description: command.description,
    ...(command.input ? { input: { type: "text", hint: command.input.hint } } : {}),
  }));
}

/** A v1 `session/list` answer → v2 (the same rows without v1's `_meta`). */
export function v2SessionList(answer: v1.ListSessionsResponse): v2.ListSessionsResponse {
  return {
    sessions: answer.sessions.map((row) => ({
      sessionId: row.sessionId,
      cwd: row.cwd,
      ...(row.additionalDirectories ? { additionalDirectories: row.additionalDirectories } : {}),
      ...(present(row.title) ? { title: row.title } : {}),
      ...(present(row.updatedAt) ? { updatedAt: row.updatedAt } : {}),
    })),
    ...(answer.nextCursor ? { nextCursor: answer.nextCursor } : {}),
  };
}

/** `state_update` `running`: the session has a prompt at work. */
export function v2Running(): v2.SessionUpdate {
  return { sessionUpdate: V2_UPDATES.stateUpdate, state: V2_STATES.running };
}

/** `state_update` `requires_action`: the session waits for the user (a permission request). */
export function v2RequiresAction(): v2.SessionUpdate {
  return { sessionUpdate: V2_UPDATES.stateUpdate, state: V2_STATES.requiresAction };
}

/** The end of a v1 turn → `state_update` `idle` with its stop reason (and usage). */
export function v2Idle(answer: v1.PromptResponse): v2.SessionUpdate {
  return {
    sessionUpdate: V2_UPDATES.stateUpdate,
    state: V2_STATES.idle,
    stopReason: answer.stopReason,
    ...(answer.usage ? { usage: answer.usage } : {}),
  } as v2.SessionUpdate;
}

/** A failed v1 turn → `idle` with stop reason `error` and the (redacted) JSON-RPC error. */
export function v2Failed(error: { code: number; message: string }): v2.SessionUpdate {
  return {
    sessionUpdate: V2_UPDATES.stateUpdate,
    state: V2_STATES.idle,
    stopReason: "error",
    error: { code: error.code, message: error.message },
  } as v2.SessionUpdate;
}

/** The prompt v2 inserts as a user message, under the id its answer names. */
export function v2UserMessage(
  messageId: string,
  prompt: readonly v1.ContentBlock[],
): v2.SessionUpdate {
  return {
    sessionUpdate: V2_UPDATES.userMessage,
    messageId,
    content: [...prompt] as v2.ContentBlock[],
  };
}

/**
 * Gives a v1 chunk a v2 `messageId`: the one it carries (the Anthropic message id), or,
 * for a chunk without one, the id of the message the chunk continues.
 */
export type MessageIdOf = (kind: string, given: string | null | undefined) => string;

/**
 * One v1 session update → its v2 form, or `undefined` when v2 has none (v2 has no
 * modes apart from config options, and the v1-only kinds stay on v1).
 */
export function v2Update(
  update: v1.SessionUpdate,
  messageIdOf: MessageIdOf,
): v2.SessionUpdate | undefined {
  switch (update.sessionUpdate) {
    case "agent_message_chunk":
    case "agent_thought_chunk":
    case "user_message_chunk":
      return {
        sessionUpdate: update.sessionUpdate,
        messageId: messageIdOf(update.sessionUpdate, update.messageId),
        content: update.content as v2.ContentBlock,
        ...meta(update._meta),
      } as v2.SessionUpdate;
    case "tool_call":
    case "tool_call_update":
      // v2 has one upsert for both: the first report creates the tool call.
      return { sessionUpdate: "tool_call_update", ...v2ToolCall(update) };
    case "plan":
      // v1 replaces the plan whole; an empty one is no plan any more.
      return update.entries.length === 0
        ? { sessionUpdate: V2_UPDATES.planRemoved, planId: SESSION_PLAN_ID }
        : {
            sessionUpdate: V2_UPDATES.planUpdate,
            plan: { type: "items", planId: SESSION_PLAN_ID, entries: update.entries },
          };
    case "available_commands_update":
      return {
        sessionUpdate: update.sessionUpdate,
        availableCommands: v2Commands(update.availableCommands),
      };
    case "config_option_update":
      return {
        sessionUpdate: update.sessionUpdate,
        configOptions: v2ConfigOptions(update.configOptions),
      };
    case "plan_update":
    case "plan_removed":
    case "subagent_update":
    case "session_message":
    case "session_message_chunk":
    case "usage_update":
    case "session_info_update":
    case "notice":
    case "compaction_update":
    case "compaction_summary_chunk":
      // The same fields on both versions.
      return update as v2.SessionUpdate;
    default:
      return undefined;
  }
}

/**
 * A child's own `state_update`: v2 reports each child session's state on the child too,
 * not only mirrored on its parent's `subagent_update` (which the agent sends first, so
 * the child is announced before anything bears its id). Undefined for any other update,
 * and for a `subagent_update` that does not change the state.
 */
export function v2ChildState(
  update: v1.SessionUpdate,
): { sessionId: string; update: v2.SessionUpdate } | undefined {
  if (update.sessionUpdate !== "subagent_update") return undefined;
  const { sessionId, state } = update as { sessionId?: unknown; state?: unknown };
  if (typeof sessionId !== "string" || !isRecord(state) || typeof state.state !== "string") {
    return undefined;
  }
  return {
    sessionId,
    update: { ...state, sessionUpdate: V2_UPDATES.stateUpdate } as v2.SessionUpdate,
  };
}

/** A v1 tool call report (`tool_call` or `tool_call_update`) → v2 upsert fields. */
export function v2ToolCall(report: v1.ToolCallUpdate | v1.ToolCall): v2.ToolCallUpdate {
  const out: v2.ToolCallUpdate & { _meta?: unknown } = { toolCallId: report.toolCallId };
  if (present(report.title)) out.title = report.title;
  if (present(report.kind)) out.kind = report.kind;
  if (present(report.status)) out.status = report.status;
  if (present(report.content)) out.content = report.content.map(v2ToolCallContent);
  if (present(report.locations)) out.locations = report.locations;
  if (report.rawInput !== undefined) out.rawInput = report.rawInput;
  if (report.rawOutput !== undefined) out.rawOutput = report.rawOutput;
  if (present(report._meta)) out._meta = report._meta;
  return out;
}

/**
 * v1 diff `{path, oldText, newText}` → v2 structured `changes`, with the Git `patch` the
 * file-patch decorator put in its `_meta` (`file-patch-decorator.ts`); other content as is.
 */
export function v2ToolCallContent(content: v1.ToolCallContent): v2.ToolCallContent {
  if (content.type !== "diff") return content as v2.ToolCallContent;
  const change: v2.DiffChange = !present(content.oldText)
    ? { operation: "add", path: content.path, fileType: "text" }
    : { operation: "modify", path: content.path, fileType: "text" };
  const patch = content._meta?.[V2_PATCH_META];
  return typeof patch === "string"
    ? { type: "diff", changes: [change], patch: { format: GIT_PATCH_FORMAT, text: patch } }
    : { type: "diff", changes: [change] };
}

function meta(value: Record<string, unknown> | null | undefined): {
  _meta?: Record<string, unknown>;
} {
  return value ? { _meta: value } : {};
}

function present<T>(value: T | null | undefined): value is T {
  return value !== null && value !== undefined;
}
