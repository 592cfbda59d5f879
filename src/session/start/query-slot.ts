import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import type { ClaudeQuery } from "../../sdk/claude-query.js";
import { ToolTasks } from "./tool-tasks.js";

/** What a session hears from its current query. */
export interface QueryListener {
  message(message: SDKMessage): void;
  /** The current query's Claude Code exited (or failed): the slot is empty now. */
  exited(error: unknown): void;
}

/**
 * A session's current Claude Code query. A query that was replaced or stopped is over
 * for the session: its late messages and its end reach nobody, so a new conversation
 * (a plan handoff) or a restart after an exit never mixes with the old one.
 */
export class QuerySlot {
  private query: ClaudeQuery | undefined;
  /** The current query's task behind each running tool call (a Bash command's), to stop one. */
  readonly tasks = new ToolTasks((taskId) => this.query?.stopTask(taskId));

  constructor(private readonly listener: QueryListener) {}

  get current(): ClaudeQuery | undefined {
    return this.query;
  }

  /** Makes `query` the current one, stopping the one before, and reads its messages. */
  take(query: ClaudeQuery): ClaudeQuery {
    this.stop();
    this.query = query;
    void this.read(query);
    return query;
  }

  /** Stops `which` (default: the current query); the slot is empty if it was current. */
  stop(which: ClaudeQuery | undefined = this.query): void {
    if (which === this.query) {
      this.query = undefined;
      this.tasks.queryExited();
    }
    which?.close();
  }

  /** Stops the current query and resolves once its Claude Code exited (`closeAndWait`). */
  async stopAndWait(): Promise<void> {
    const query = this.query;
    this.stop(query);
    await query?.closeAndWait();
  }

  private async read(query: ClaudeQuery): Promise<void> {
    let error: unknown;
    try {
      for await (const message of query.messages()) {
        if (query !== this.query) continue;
        this.tasks.observe(message);
        this.listener.message(message);
      }
    } catch (caught) {
      error = caught;
    }
    if (query !== this.query) return;
    this.stop(query);
    this.listener.exited(error);
  }
}
