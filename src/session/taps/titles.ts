import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import type { ClientProfile } from "../../profile/client-profile.js";
import type { ClaudeQuery } from "../../sdk/claude-query.js";
import { currentTitle, type StoredTitle } from "../../sdk/transcripts/current-title.js";
import type { MessageTap } from "./message-tap.js";
import type { Outbox } from "../outbox.js";

/** How a session keeps its client's title: the plain tracker, or an extension's titles. */
export interface SessionTitles {
  /** A stored session's title is known (a load replays it to a Lody client). */
  know(title: StoredTitle | undefined): void;
  /** What to send before the answer of a turn whose prompt was `promptText`. */
  update(claudeSessionId: string, promptText: string): Promise<SessionUpdate[]>;
  /** Reads the session's messages, for titles made from the answers. */
  readonly tap?: MessageTap;
}

/** What a session's titles may use of it. */
export interface TitleParts {
  readonly sessionId: string;
  readonly cwd: string;
  readonly outbox: Outbox;
  query(): ClaudeQuery | undefined;
}

declare module "../../profile/hooks.js" {
  interface ExtensionHooks {
    /** An extension's titles of a session, instead of the plain tracker (Lody's sourced titles). */
    readonly sessionTitles?: (parts: TitleParts) => SessionTitles;
  }
}

/** The titles of a session for `profile`. */
export function titlesFor(profile: ClientProfile, parts: TitleParts): SessionTitles {
  return profile.hooks.sessionTitles?.(parts) ?? new TitleTracker(parts.cwd);
}

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
