/**
 * v2 requires a `messageId` on every message chunk; v1 chunks carry one only when the
 * translation knows the Anthropic message (live streams, replays). A chunk without one
 * continues the message of the session's previous chunk of the same kind; the first
 * chunk after any other kind starts a new message. Plain state, no I/O: `newId` makes ids.
 */
export class MessageIds {
  private readonly last = new Map<string, { kind: string; id: string }>();

  constructor(private readonly newId: () => string) {}

  /** The id of a chunk of `kind` in `sessionId`; `given`: the one the chunk carries. */
  of(sessionId: string, kind: string, given: string | null | undefined): string {
    const last = this.last.get(sessionId);
    const id = given ?? (last && last.kind === kind ? last.id : this.newId());
    this.last.set(sessionId, { kind, id });
    return id;
  }

  /** Anything but a chunk of the same kind ends the message a bare chunk would continue. */
  interrupt(sessionId: string): void {
    this.last.delete(sessionId);
  }

  /** The session is gone. */
  forget(sessionId: string): void {
    this.last.delete(sessionId);
  }
}
