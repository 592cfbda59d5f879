import {
  getSessionInfo,
  query,
  type Query,
  type SDKMessage,
  type SDKUserMessage,
} from "@anthropic-ai/claude-agent-sdk";
import { InputStream } from "./input-stream.js";
import { buildQueryOptions, type SessionQueryConfig } from "./query-options.js";

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

  /** Resolves when Claude Code has started and answered the SDK's initialize request. */
  async ready(): Promise<void> {
    await this.query.initializationResult();
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

  /** Ends the query and its process. Safe to call more than once. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.input.end();
    this.query.close();
    this.config.abortController.abort();
  }

  get isClosed(): boolean {
    return this.closed;
  }
}

/** Whether Claude Code has a stored transcript for this session (so a restart resumes it). */
export async function transcriptExists(sessionId: string, cwd: string): Promise<boolean> {
  try {
    return (await getSessionInfo(sessionId, { dir: cwd })) !== undefined;
  } catch {
    return false;
  }
}
