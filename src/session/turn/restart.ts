import { transcriptExists } from "../../sdk/claude-query.js";
import type { ClaudeQuery } from "../../sdk/claude-query.js";
import type { Conversation } from "./conversation.js";
import type { Lifecycle } from "../lifecycle.js";

/** What a restart needs of its session. */
export interface RestartParts {
  readonly lifecycle: Lifecycle;
  readonly cwd: string;
  readonly conversation: Conversation;
  /** Starts the replacement query, as the session's settings say. */
  startQuery(start: "new" | "resume"): ClaudeQuery;
  /** Starts the next queued prompt. */
  pump(): void;
}

/**
 * Replaces a query whose Claude Code exited, or one started on a model route the client
 * has since changed (between turns): the conversation resumes when Claude Code stored
 * it, else starts anew. Each replacement carries the next queued prompt, so a
 * Claude Code that cannot start fails prompts one by one, never in a loop.
 */
export async function restartQuery(parts: RestartParts): Promise<void> {
  parts.lifecycle.restart();
  try {
    const stored = await transcriptExists(parts.conversation.id, parts.cwd);
    if (!parts.lifecycle.closed) parts.startQuery(stored ? "resume" : "new");
  } finally {
    parts.lifecycle.restarted();
    parts.pump();
  }
}
