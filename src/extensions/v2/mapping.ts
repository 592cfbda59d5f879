import type * as v1 from "@agentclientprotocol/sdk/unstable";
import type * as v2 from "@agentclientprotocol/sdk/experimental/v2/unstable";
import { invalidInput } from "../../util/adapter-error.js";
import { QUOTA_UPDATE } from "../../translation/quota/book.js";
import { SESSION_PLAN_ID, V2_STATES, V2_UPDATES } from "./keys.js";
import { v2ToolCall } from "./tool-call-mapping.js";

export { v2ToolCall, v2ToolCallContent } from "./tool-call-mapping.js";
export { v1ClientCapabilities, v2AuthMethod, v2InitializeResponse } from "./initialize-mapping.js";
import { isRecord, present } from "../../util/plain-data.js";

/** The turn's spending in a prompt answer's `_meta` (JetBrains shared key). */
const QUOTA_META = "quota";

/**
 * The one place where draft ACP v2 shapes meet the v1 shapes the agent speaks: pure
 * functions, each rule table-tested in `mapping.test.ts`. The v2 method table turns a
 * request into the agent's v1 call with these and its answer back; the v2 client port
 * turns each outbound v1 update into its v2 form.
 */

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
      ...(present(row.archived) ? { archived: row.archived } : {}),
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

/**
 * The end of a v1 turn → `state_update` `idle` with its stop reason, usage and the
 * answer's `_meta.quota` (what Claude Code reported the turn spent, per model: the v1
 * answer's JetBrains shared key, as upstream's v2 idle carries it); no other `_meta`.
 */
export function v2Idle(answer: v1.PromptResponse): v2.SessionUpdate {
  const quota = answer._meta?.[QUOTA_META];
  return {
    sessionUpdate: V2_UPDATES.stateUpdate,
    state: V2_STATES.idle,
    stopReason: answer.stopReason,
    ...(answer.usage ? { usage: answer.usage } : {}),
    ...(quota !== undefined ? { _meta: { [QUOTA_META]: quota } } : {}),
  } as v2.SessionUpdate;
}

/** A JSON-RPC error as a client may see it (redacted), with its `data` if it has one. */
export interface ClientError {
  readonly code: number;
  readonly message: string;
  readonly data?: unknown;
}

/**
 * A failed v1 turn → `idle` with stop reason `error` and the (redacted) JSON-RPC error,
 * its `data` too (Claude Code's tag of the failed call, `errorKind`, as upstream's v2
 * idle carries it; a refusing quota's pool).
 */
export function v2Failed(error: ClientError): v2.SessionUpdate {
  return {
    sessionUpdate: V2_UPDATES.stateUpdate,
    state: V2_STATES.idle,
    stopReason: "error",
    error: {
      code: error.code,
      message: error.message,
      ...(error.data !== undefined && error.data !== null ? { data: error.data } : {}),
    },
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
 * One v1 session update → its v2 form, or `undefined` when v2 has none (no modes but
 * config options; v1-only kinds stay on v1). `quota_update`: the same on both versions.
 */
export function v2Update(
  update: v1.SessionUpdate,
  messageIdOf: MessageIdOf,
): v2.SessionUpdate | undefined {
  if ((update.sessionUpdate as string) === QUOTA_UPDATE) return update as v2.SessionUpdate;
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
    case "tool_call_update": {
      // v2 has one upsert for both: the first report creates the tool call, named.
      const upsert = v2ToolCall(update, update.sessionUpdate === "tool_call");
      // A report that carried only what v2 leaves out (Claude Code's tool response).
      if (Object.keys(upsert).length === 1) return undefined;
      return { sessionUpdate: "tool_call_update", ...upsert };
    }
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
        // A child's model report names its subagent (`child-config-tap.ts`).
        ...(update._meta ? { _meta: update._meta } : {}),
      };
    case "subagent_update":
      return withChildBackground(update) as v2.SessionUpdate;
    case "plan_update":
    case "plan_removed":
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
    update: {
      ...state,
      sessionUpdate: V2_UPDATES.stateUpdate,
      background: state.background ?? [],
    } as v2.SessionUpdate,
  };
}

/**
 * A child's state as its parent's `subagent_update` carries it: with its `background`
 * list, as every state update (a child runs nothing in the background of its own that
 * the agent tracks apart: `[]`), as upstream's v2 surface sends it.
 */
function withChildBackground(update: v1.SessionUpdate): v1.SessionUpdate {
  const state = (update as { state?: unknown }).state;
  if (!isRecord(state) || "background" in state) return update;
  return { ...update, state: { ...state, background: [] } } as unknown as v1.SessionUpdate;
}

function meta(value: Record<string, unknown> | null | undefined): {
  _meta?: Record<string, unknown>;
} {
  return value ? { _meta: value } : {};
}
