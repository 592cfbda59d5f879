import type { ClaudeQuery } from "../../sdk/claude-query.js";
import { setAside, settleSetAside } from "../../sdk/transcripts/set-aside.js";
import type { FileRewind } from "../../translation/rewind-answer.js";
import type { Conversation } from "../turn/conversation.js";
import type { Lifecycle } from "../lifecycle.js";
import type { QuerySlot } from "../start/query-slot.js";

/** What a rewind needs of its session. */
export interface RewindParts {
  readonly lifecycle: Lifecycle;
  readonly conversation: Conversation;
  readonly slot: QuerySlot;
  /** Starts a query in the session's conversation (it resumes at `resumeAt`). */
  startQuery(start: "new" | "resume"): ClaudeQuery;
  /** Cancels the running turn and the queued prompts. */
  cancel(): void;
}

/**
 * A session's side of `session/rewind` and `session/edit_prompt`: the agent plans the
 * rewind from the stored transcript; the session stops what runs and moves its
 * conversation back to the kept entry, where a new Claude Code resumes
 * (`resumeSessionAt`).
 */
export class SessionRewind {
  constructor(private readonly parts: RewindParts) {}

  /** Claude Code's session id of the conversation (the transcript a rewind reads). */
  get conversationId(): string {
    return this.parts.conversation.id;
  }

  /** Cancels the running turn (RFD: an active turn is cancelled first); settles once idle. */
  async settle(): Promise<void> {
    // An idle session has nothing to cancel (a cancel would also stop its background work).
    if (this.parts.lifecycle.kind !== "idle") this.parts.cancel();
    await this.parts.lifecycle.settled();
  }

  /**
   * Moves the conversation back to entry `keep`: a Claude Code resumed there replaces the
   * one that knew the dropped messages. With `restorePoints` (the dropped prompts), the
   * files Claude's tools changed since the first go back to their state before it
   * (Claude Code's file checkpoints, `Query.rewindFiles`; they are stored with the
   * session, not the process); resolves with what was restored, or why nothing was.
   */
  async rewindTo(keep: string, restorePoints?: readonly string[]): Promise<FileRewind | undefined> {
    this.parts.conversation.resumeAt = keep;
    const query = this.parts.startQuery("resume");
    return restorePoints?.length ? await restoreFiles(query, restorePoints) : undefined;
  }

  /**
   * Drops the whole conversation (the first prompt edited): a new Claude Code starts a
   * new conversation under the same session id, whose transcript replaces `transcript`
   * once the next prompt is stored (`settleStartOver`). The files go back first, while
   * a Claude Code still knows the old conversation's checkpoints.
   */
  async startOver(
    transcript: string,
    restorePoints?: readonly string[],
  ): Promise<FileRewind | undefined> {
    this.parts.conversation.resumeAt = undefined;
    let files: FileRewind | undefined;
    if (restorePoints?.length) {
      const query = this.parts.slot.current ?? this.parts.startQuery("resume");
      files = await restoreFiles(query, restorePoints);
    }
    // A Claude Code still running may write the old transcript as it stops.
    await this.parts.slot.stopAndWait();
    await setAside(transcript);
    this.parts.startQuery("new");
    return files;
  }

  /**
   * After the edited first prompt ran: the old transcript goes once the new conversation
   * is stored; else (the prompt never reached Claude Code) it is put back and the next
   * prompt resumes it, as if the edit had not happened. Resolves to whether it was replaced.
   */
  async settleStartOver(transcript: string): Promise<boolean> {
    const replaced = await settleSetAside(transcript);
    if (!replaced) await this.parts.slot.stopAndWait();
    return replaced;
  }
}

/** Restores the files to their state before the first of `restorePoints` (`rewindFiles`). */
async function restoreFiles(
  query: ClaudeQuery,
  restorePoints: readonly string[],
): Promise<FileRewind> {
  try {
    await query.ready();
    return await query.rewindFiles(restorePoints);
  } catch (error) {
    const reason = error instanceof Error ? error.message.split("\n")[0]! : String(error);
    return { files: [], insertions: 0, deletions: 0, error: reason };
  }
}
