import { modelConfigSettings, programmaticSettings } from "./model-config.js";
import type { McpServerConfig, Options, PermissionMode } from "@anthropic-ai/claude-agent-sdk";
import type { McpServer } from "@agentclientprotocol/sdk/unstable";
import { claudeExecutable } from "./claude-binary.js";
import { routeEnv } from "./provider-routing.js";
import { thinkingFromEnv } from "./thinking-config.js";
import { spawnClaudeCode } from "./claude-process.js";
import { log } from "../util/log.js";
import { STARTUP_FAILURE_RESULTS_ENV } from "./startup-failure.js";
import type { ClaudeSystemPrompt } from "../translation/system-prompt.js";

/** What one ACP session asks of its Claude Code query. */
export interface SessionQueryConfig {
  readonly sessionId: string;
  /** Start a new transcript with `sessionId`, or continue the stored one. */
  readonly start: "new" | "resume";
  /** With `resume`: the entry to resume at, dropping what follows it (a rewind). */
  readonly resumeAt?: string;
  readonly cwd: string;
  readonly additionalDirectories: readonly string[];
  readonly mcpServers: readonly McpServer[];
  /** `_meta.claudeCode.options` from the client, already plain data. */
  readonly passThrough: Readonly<Record<string, unknown>>;
  /**
   * The instructions the client gave outside the pass-through (`systemPrompt`, the legacy
   * `_meta.systemPrompt`, AIR's custom instructions): they win over a pass-through one.
   */
  readonly systemPrompt?: ClaudeSystemPrompt;
  /** The permission mode to start in (the session's current mode). */
  readonly permissionMode?: PermissionMode;
  /** Whether the session may switch to bypassPermissions. */
  readonly allowBypass?: boolean;
  /** A model the user picked (restarts keep it). */
  readonly model?: string;
  /** An effort the session shows and must run with (restarts keep it). */
  readonly effort?: string;
  /**
   * SDK file checkpointing (a backup of each file before Claude's file tools change it),
   * for AIR's file-change report: only for a client that negotiated it.
   */
  readonly fileCheckpointing?: boolean;
  readonly canUseTool?: Options["canUseTool"];
  /** MCP servers' requests for the user's input, for a client that can show them. */
  readonly onElicitation?: Options["onElicitation"];
  /**
   * Claude Code's blocking dialogs, for a client that can show them, and the dialog kinds
   * it renders (Claude Code sends no other kind; without them, none).
   */
  readonly onUserDialog?: Options["onUserDialog"];
  readonly supportedDialogKinds?: readonly string[];
  readonly hooks?: Options["hooks"];
  readonly abortController: AbortController;
}

export { readPassThroughOptions } from "./pass-through-options.js";

function stringRecord(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  if (value && typeof value === "object" && !Array.isArray(value)) {
    for (const [key, v] of Object.entries(value)) if (typeof v === "string") out[key] = v;
  }
  return out;
}

function stringArray(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
}

function pairs(
  list: ReadonlyArray<{ name: string; value: string }> | undefined,
): Record<string, string> {
  return Object.fromEntries((list ?? []).map((p) => [p.name, p.value]));
}

/**
 * The additional directories Claude Code gets: the client's pass-through ones, then the
 * session's own, each once.
 */
export function additionalDirectoriesOf(
  passThrough: Readonly<Record<string, unknown>>,
  own: readonly string[],
): string[] {
  return [...new Set([...stringArray(passThrough.additionalDirectories), ...own])];
}

/** ACP `mcpServers` → Claude Code MCP server configs, keyed by name. */
export function toSdkMcpServers(servers: readonly McpServer[]): Record<string, McpServerConfig> {
  const out: Record<string, McpServerConfig> = {};
  for (const server of servers) {
    if ("type" in server && (server.type === "http" || server.type === "sse")) {
      out[server.name] = { type: server.type, url: server.url, headers: pairs(server.headers) };
    } else if ("command" in server) {
      out[server.name] = {
        type: "stdio",
        command: server.command,
        args: [...server.args],
        env: pairs(server.env),
      };
    }
  }
  return out;
}

/**
 * The environment Claude Code starts with, as far as the user decides it: `base` (this
 * process's), then the client's `options.env`, then the route the client set for the
 * model requests (`providers/set`, a gateway sign-in: `provider-routing.ts`).
 */
export function clientEnv(
  passThrough: Readonly<Record<string, unknown>>,
  base: Readonly<Record<string, string | undefined>> = process.env,
): Record<string, string | undefined> {
  return { ...base, ...stringRecord(passThrough.env), ...routeEnv() };
}

/**
 * Environment for Claude Code: the client's (see `clientEnv`), then the adapter's own
 * switches. Only an SDK query started through the adapter sees these.
 */
function queryEnv(
  passThrough: Readonly<Record<string, unknown>>,
): Record<string, string | undefined> {
  return {
    ...clientEnv(passThrough),
    CLAUDE_CODE_ENTRYPOINT: "sdk-ts",
    // `session_state_changed` tells when a turn went idle, also one without a result
    // (a local command such as /compact ends without one in 0.3.318).
    CLAUDE_CODE_EMIT_SESSION_STATE_EVENTS: "1",
    ...STARTUP_FAILURE_RESULTS_ENV,
  };
}

/**
 * Claude Code's own instructions. Without a `systemPrompt` the SDK (0.3.318) starts
 * Claude Code with an empty custom prompt: one line of identity and none of Claude
 * Code's guidance on its tools, so a session asks for the preset by name.
 */
const CLAUDE_CODE_PROMPT = { type: "preset", preset: "claude_code" } as const;

/**
 * The client's system prompt, else a pass-through one, else Claude Code's own. Claude
 * Code records a conversation's system prompt in its transcript and, by default, sends
 * the record again when the session is continued (SDK 0.3.318 `snapshot`): a prompt the
 * client names when it loads, resumes or forks a session must replace the record, so it
 * is not recorded there.
 */
function systemPromptOption(config: SessionQueryConfig): Options["systemPrompt"] {
  const own = config.systemPrompt;
  if (own === undefined) {
    return (config.passThrough.systemPrompt ?? CLAUDE_CODE_PROMPT) as Options["systemPrompt"];
  }
  if (config.start === "new") return own as Options["systemPrompt"];
  return typeof own === "string"
    ? { type: "custom", prompt: own, snapshot: false }
    : ({ snapshot: false, ...own } as Options["systemPrompt"]);
}

/**
 * Builds the SDK options: the client's pass-through first, then the adapter's own
 * fields, which always win (cwd, session identity, streaming, permission callback).
 */
export function buildQueryOptions(config: SessionQueryConfig): Options {
  // The dialog kinds are the adapter's to declare: only it can render a dialog (a
  // callback cannot come over JSON), and the SDK refuses kinds without one.
  const { supportedDialogKinds: _clientKinds, ...pass } = config.passThrough;
  const identity: Partial<Options> =
    config.start === "new"
      ? { sessionId: config.sessionId }
      : {
          resume: config.sessionId,
          ...(config.resumeAt ? { resumeSessionAt: config.resumeAt } : {}),
        };
  const additionalDirectories = additionalDirectoriesOf(pass, config.additionalDirectories);
  const mcpServers = {
    ...((pass.mcpServers as Record<string, McpServerConfig> | undefined) ?? {}),
    ...toSdkMcpServers(config.mcpServers),
  };
  const env = queryEnv(pass);
  // Naming the binary spares the SDK its own search, which asks Node for a full process
  // report to tell glibc from musl (milliseconds on the way to every session start).
  const executable = claudeExecutable(env);
  const thinking = thinkingFromEnv(env);
  const settings = programmaticSettings(modelConfigSettings(env), pass.settings);
  return {
    settingSources: ["user", "project", "local"],
    ...(executable ? { pathToClaudeCodeExecutable: executable } : {}),
    // MAX_THINKING_TOKENS / CLAUDE_CODE_THINKING_DISPLAY; a client's `thinking` wins.
    ...(thinking ? { thinking } : {}),
    ...(pass as Partial<Options>),
    ...(settings !== undefined ? { settings: settings as Options["settings"] } : {}),
    ...identity,
    systemPrompt: systemPromptOption(config),
    cwd: config.cwd,
    additionalDirectories,
    mcpServers,
    env,
    includePartialMessages: true,
    abortController: config.abortController,
    spawnClaudeCodeProcess: spawnClaudeCode,
    stderr: (data: string) => log.debug("claude stderr", { data: data.slice(0, 2000) }),
    ...(config.permissionMode ? { permissionMode: config.permissionMode } : {}),
    ...(config.allowBypass !== undefined
      ? { allowDangerouslySkipPermissions: config.allowBypass }
      : {}),
    ...(config.model ? { model: config.model } : {}),
    ...(config.effort ? { effort: config.effort as Options["effort"] } : {}),
    ...(config.fileCheckpointing ? { enableFileCheckpointing: true } : {}),
    ...(config.canUseTool ? { canUseTool: config.canUseTool } : {}),
    ...(config.onElicitation ? { onElicitation: config.onElicitation } : {}),
    ...(config.onUserDialog
      ? {
          onUserDialog: config.onUserDialog,
          supportedDialogKinds: [...(config.supportedDialogKinds ?? [])],
        }
      : {}),
    ...(config.hooks ? { hooks: config.hooks } : {}),
  };
}
