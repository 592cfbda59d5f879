import type { ClientPort } from "../client/client-port.js";
import { findTranscript } from "../sdk/transcript-paths.js";
import { invalidInput, unknownSession } from "../util/adapter-error.js";
import { setStoredArchived, setStoredTitle } from "./history/archive-session.js";
import type { SessionRegistry } from "./session-registry.js";

export interface SessionMethodsDeps {
  readonly sessions: SessionRegistry;
  /** Whether a session is being opened (a `session/new`, `load`, `resume` under way). */
  readonly opening: (sessionId: string) => boolean;
  readonly client: () => ClientPort;
  /** Ends a live session as `session/close` does. */
  readonly close: (sessionId: string) => void;
  /** The stored sessions changed: the next `session/list` reads the folders afresh. */
  readonly changed: () => void;
  /** This connection changed what a session's row shows (AIR's list subscriptions). */
  readonly touched: (sessionId: string) => void;
}

/**
 * The standard unstable session methods of ACP v1 (and v2): `session/status`,
 * `session/set_title`, `session/archive` and `session/unarchive`. A title is the one
 * Claude Code stores and lists (its `/rename`, the SDK's `renameSession`); the archive
 * state is AIR's on-disk form (the title's prefix), so both see one store. A session
 * that names nothing is `unknownSession`, and nothing changes.
 */
export class SessionMethods {
  constructor(private readonly deps: SessionMethodsDeps) {}

  /**
   * `session/status`: `open` while this agent holds the session in memory (live or
   * being opened), `saved` when only its transcript is on disk. No side effect.
   */
  async status(sessionId: string): Promise<{ status: "open" | "saved" }> {
    if (this.deps.sessions.find(sessionId) || this.deps.opening(sessionId)) {
      return { status: "open" };
    }
    if (await findTranscript(sessionId, undefined, true)) return { status: "saved" };
    throw unknownSession(sessionId);
  }

  /**
   * `session/set_title`: stored before the answer (trimmed; empty after trimming is
   * invalid), answered with the title as stored; a live session's client also gets it
   * as `session_info_update`.
   */
  async setTitle(sessionId: string, title: string): Promise<{ title: string }> {
    const trimmed = title.trim();
    if (!trimmed) throw invalidInput("title must not be empty");
    const stored = await setStoredTitle(sessionId, trimmed);
    if (stored === undefined) throw this.notStored(sessionId);
    this.deps.changed();
    this.deps.touched(sessionId);
    if (this.deps.sessions.find(sessionId)) {
      await this.deps.client().sessionUpdate(sessionId, {
        sessionUpdate: "session_info_update",
        title: stored,
      });
    }
    return { title: stored };
  }

  /**
   * `session/archive`: a live session is closed first (its turn ends `cancelled`, its
   * Claude Code exits), then its stored title gains the archive prefix.
   */
  async archive(sessionId: string): Promise<Record<string, never>> {
    if (!(await findTranscript(sessionId, undefined, true))) throw this.notStored(sessionId);
    this.deps.close(sessionId);
    return this.setArchived(sessionId, true);
  }

  /** `session/unarchive`: back in the default list; never loads or resumes the session. */
  unarchive(sessionId: string): Promise<Record<string, never>> {
    return this.setArchived(sessionId, false);
  }

  private async setArchived(sessionId: string, archived: boolean): Promise<Record<string, never>> {
    if (!(await setStoredArchived(sessionId, archived))) throw this.notStored(sessionId);
    this.deps.changed();
    this.deps.touched(sessionId);
    return {};
  }

  /** A live session without a transcript yet (no prompt ran) has nothing to store into. */
  private notStored(sessionId: string): Error {
    return this.deps.sessions.find(sessionId)
      ? invalidInput("the session has no stored history yet (no prompt ran)")
      : unknownSession(sessionId);
  }
}
