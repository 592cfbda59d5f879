import {
  getSessionInfo,
  query,
  type EffortLevel,
  type McpServerStatus,
  type SlashCommand,
  type ModelInfo,
  type PermissionMode,
  type Query,
  type SDKMessage,
  type SDKUserMessage,
} from "@anthropic-ai/claude-agent-sdk";
import { InputStream } from "./input-stream.js";
import { buildQueryOptions, type SessionQueryConfig } from "./query-options.js";

/** What Claude Code reports once it has started. */
export interface ClaudeInit {
  readonly models: readonly ModelInfo[];
  readonly permissionMode: string | undefined;
  readonly commands: readonly SlashCommand[];
}

/**
 * One running Claude Code process for one ACP session: a long-lived SDK `query()` fed
 * by a streaming input. This is the only place that calls `query()`.
 */
export class ClaudeQuery {
  private readonly input = new InputStream();
  private readonly query: Query;
  private closed = false;

  constructor(private readonly config: SessionQueryConfig) {
    this.query = query({ prompt: this.input, options: buildQueryOptions(config) });
  }

  /** Resolves when Claude Code has started: what it offers (models, commands, mode). */
  async ready(): Promise<ClaudeInit> {
    const init = await this.query.initializationResult();
    // `current_permission_mode` is sent by 0.3.318 but missing from its type.
    const mode = (init as { current_permission_mode?: unknown }).current_permission_mode;
    return {
      models: init.models ?? [],
      permissionMode: typeof mode === "string" ? mode : undefined,
      commands: init.commands ?? [],
    };
  }

  supportedCommands(): Promise<SlashCommand[]> {
    return this.query.supportedCommands();
  }

  mcpServerStatus(): Promise<McpServerStatus[]> {
    return this.query.mcpServerStatus();
  }

  reconnectMcpServer(name: string): Promise<void> {
    return this.query.reconnectMcpServer(name);
  }

  toggleMcpServer(name: string, enabled: boolean): Promise<void> {
    return this.query.toggleMcpServer(name, enabled);
  }

  async setPermissionMode(mode: PermissionMode): Promise<void> {
    await this.query.setPermissionMode(mode);
  }

  async setModel(model: string): Promise<void> {
    await this.query.setModel(model);
  }

  /** `undefined` returns to Claude Code's own effort for the model. */
  async setEffort(effort: string | undefined): Promise<void> {
    await this.query.applyFlagSettings({ effortLevel: (effort ?? null) as EffortLevel | null });
  }

  /** The SDK message stream. It ends (or throws) when Claude Code exits. */
  messages(): AsyncIterable<SDKMessage> {
    return this.query;
  }

  send(message: SDKUserMessage): void {
    this.input.push(message);
  }

  async interrupt(): Promise<void> {
    if (this.closed) return;
    await this.query.interrupt();
  }

  /** Stops one task of Claude Code (a subagent) without interrupting the turn. */
  async stopTask(taskId: string): Promise<void> {
    if (this.closed) return;
    await this.query.stopTask(taskId);
  }

  /** Ends the query and its process. Safe to call more than once. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.input.end();
    // Aborted with a reason made once, before the SDK aborts it itself: an abort reason
    // made here would be an error whose stack holds every caller (the session included),
    // and the SDK keeps the reason for seconds while Claude Code exits.
    this.config.abortController.abort(QUERY_CLOSED);
    this.query.close();
  }

  get isClosed(): boolean {
    return this.closed;
  }
}

/** The abort reason of every closed query (see `close`). */
const QUERY_CLOSED = new DOMException("the session's Claude Code query was closed", "AbortError");

/** Whether Claude Code has a stored transcript for this session (so a restart resumes it). */
export async function transcriptExists(sessionId: string, cwd: string): Promise<boolean> {
  try {
    return (await getSessionInfo(sessionId, { dir: cwd })) !== undefined;
  } catch {
    return false;
  }
}
