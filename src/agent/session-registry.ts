import { unknownSession } from "../util/adapter-error.js";
import type { Session } from "../session/session.js";

/** The live sessions of one connection, by ACP session id. */
export class SessionRegistry {
  private readonly sessions = new Map<string, Session>();

  add(session: Session): void {
    this.sessions.set(session.id, session);
  }

  /** The session, or `unknownSession` for an unknown, closed or malformed id. */
  get(sessionId: unknown): Session {
    const session = typeof sessionId === "string" ? this.sessions.get(sessionId) : undefined;
    if (!session) throw unknownSession(sessionId);
    return session;
  }

  /** Like `get`, but undefined instead of an error (for notifications). */
  find(sessionId: unknown): Session | undefined {
    return typeof sessionId === "string" ? this.sessions.get(sessionId) : undefined;
  }

  /** What this process knows of a live session, for its session list row. */
  readonly activityOf = (sessionId: string) => this.find(sessionId)?.activity();

  /** The live session whose subagent has the child session `childId`, if any. */
  ownerOfChild(childId: string): Session | undefined {
    for (const session of this.sessions.values())
      if (session.children?.owns(childId)) return session;
    return undefined;
  }

  remove(sessionId: string): void {
    this.sessions.delete(sessionId);
  }

  closeAll(): void {
    for (const session of this.sessions.values()) session.close();
    this.sessions.clear();
  }

  get size(): number {
    return this.sessions.size;
  }
}
