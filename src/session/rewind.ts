import type { ClaudeQuery } from "../sdk/claude-query.js";
import type { FileRewind } from "../translation/rewind-answer.js";
import type { Conversation } from "./conversation.js";
import type { Lifecycle } from "./lifecycle.js";
import type { QuerySlot } from "./query-slot.js";

/** What a rewind needs of its session. */
export interface RewindParts {
  readonly lifecycle: Lifecycle;
  readonly slot: QuerySlot;
  readonly conversation: Conversation;
  /** Starts a query in the session's conversation (it resumes at `resumeAt`). */
  startQuery(start: "new" | "resume"): ClaudeQuery;
  /** Cancels the running turn and the queued prompts. */
  cancel(): void;
}

/**
 * A session's side of `session/rewind` and `session/edit_prompt`: the agent plans the
 * rewind from the stored transcript; the session stops what runs and moves its
 * conversation back to the kept entry. Claude Code resumes there (`resumeSessionAt`)
 * when the next Claude Code starts, which the next prompt does: the query that knew the
 * dropped messages is stopped.
 */
export class SessionRewind {
  constructor(private readonly parts: RewindParts) {}

  /** Claude Code's session id of the conversation (the transcript a rewind reads). */
  get conversationId(): string {
    return this.parts.conversation.id;
  }

  /** Cancels the running turn (RFD: an active turn is cancelled first); settles once idle. */
  async settle(): Promise<void> {
    this.parts.cancel();
    await this.parts.lifecycle.settled();
  }

  /**
   * Moves the conversation back to entry `keep`. With `restorePoints` (the dropped
   * prompts), the files Claude's tools changed since the first go back to their state
   * before it (Claude Code's file checkpoints, `Query.rewindFiles`); resolves with what
   * was restored.
   */
  async rewindTo(keep: string, restorePoints?: readonly string[]): Promise<FileRewind | undefined> {
    const { conversation, slot } = this.parts;
    conversation.resumeAt = keep;
    if (!restorePoints?.length) {
      slot.stop();
      return undefined;
    }
    // A Claude Code resumed at the kept entry restores the files and stays for the next
    // prompt (the checkpoints are stored with the session, not the process).
    const query = this.parts.startQuery("resume");
    await query.ready();
    return await query.rewindFiles(restorePoints);
  }
}
