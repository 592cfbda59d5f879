import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import { currentTitle, type StoredTitle } from "../sdk/transcripts/current-title.js";
import type { SessionTitles } from "./session-titles.js";

/**
 * The session title the client was last told (`session_info_update`), the one
 * `session/list` shows. Reading it costs a few milliseconds of transcript reading before
 * a turn's answer, so it is read only where it can have changed: while there is no
 * title yet, and after the user's `/rename`.
 */
export class TitleTracker implements SessionTitles {
  private title: string | undefined;

  constructor(private readonly cwd: string) {}

  /** A stored session's title is known: only a change is news to the client. */
  know(title: StoredTitle | undefined): void {
    this.title = title?.text;
  }

  /** The update for a title that changed during a turn whose prompt was `promptText`. */
  async update(claudeSessionId: string, promptText: string): Promise<SessionUpdate[]> {
    if (this.title !== undefined && !/^\/rename\b/.test(promptText)) return [];
    const title = await currentTitle(claudeSessionId, this.cwd);
    if (!title || title === this.title) return [];
    this.title = title;
    return [{ sessionUpdate: "session_info_update", title, updatedAt: new Date().toISOString() }];
  }
}
