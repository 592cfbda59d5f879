import type * as v2 from "@agentclientprotocol/sdk/experimental/v2/unstable";
import { V2_UPDATES } from "./keys.js";

/** The message upsert of each message chunk kind. */
const MESSAGE_OF_CHUNK: ReadonlyMap<string, string> = new Map([
  ["user_message_chunk", V2_UPDATES.userMessage],
  ["agent_message_chunk", V2_UPDATES.agentMessage],
  ["agent_thought_chunk", V2_UPDATES.agentThought],
]);

/**
 * What a v2 replay (`session/resume` with `replayFrom`) sends apart from the live
 * stream, per session that replays and the child sessions its replay announces:
 *
 * - Before the first replayed chunk of each message, the message with no content. v2
 *   chunks append to a message the client holds (the schema: "When a `user_message`
 *   update includes `content`, that array replaces any content previously accumulated
 *   for the message"), and a client that showed the session before still holds it: the
 *   empty upsert clears it, so the replay does not double its text. Upstream's v2
 *   surface sends the same.
 * - A child's states are held, its own `state_update`s and their copies on its parent's
 *   `subagent_update` after the one that announced it: a replayed `running` or `idle` is
 *   past work, not the child's state now (v2: a state update reports current activity).
 *   The last one goes out when the replay ends, before the parent's current-state
 *   snapshot: on the parent (when a copy was held), then on the child, as upstream's v2
 *   surface replays a child's last state after the session's last turn.
 *
 * Plain state, no I/O.
 */
export class Replays {
  /** Each replaying session with the messages cleared so far. */
  private readonly cleared = new Map<string, Set<string>>();
  /** The session whose replay announced each replaying child. */
  private readonly roots = new Map<string, string>();
  /** The session that announced each replaying child. */
  private readonly parents = new Map<string, string>();
  /** The last state each replaying child reported. */
  private readonly childStates = new Map<string, v2.SessionUpdate>();
  /** The replaying children whose state a parent's `subagent_update` carried, held. */
  private readonly mirrorsHeld = new Set<string>();

  start(sessionId: string): void {
    this.cleared.set(sessionId, new Set());
  }

  replaying(sessionId: string): boolean {
    return this.cleared.has(sessionId);
  }

  /**
   * A child was announced on `parentSessionId`: it replays with its parent. True when its
   * replay starts now (its first announcement in this replay).
   */
  childAnnounced(childSessionId: string, parentSessionId: string): boolean {
    if (!this.cleared.has(parentSessionId) || this.cleared.has(childSessionId)) return false;
    this.cleared.set(childSessionId, new Set());
    this.roots.set(childSessionId, this.roots.get(parentSessionId) ?? parentSessionId);
    this.parents.set(childSessionId, parentSessionId);
    return true;
  }

  /** The empty message to send before `update`, when it is its message's first replayed chunk. */
  clear(sessionId: string, update: v2.SessionUpdate): v2.SessionUpdate | undefined {
    const cleared = this.cleared.get(sessionId);
    const kind = MESSAGE_OF_CHUNK.get(update.sessionUpdate);
    const messageId = (update as { messageId?: unknown }).messageId;
    if (!cleared || !kind || typeof messageId !== "string") return undefined;
    const key = `${kind} ${messageId}`;
    if (cleared.has(key)) return undefined;
    cleared.add(key);
    return { sessionUpdate: kind, messageId, content: [] } as v2.SessionUpdate;
  }

  /** Holds a replaying child's own state; false: send it now. */
  holdChildState(childSessionId: string, update: v2.SessionUpdate): boolean {
    if (!this.roots.has(childSessionId)) return false;
    this.childStates.set(childSessionId, update);
    return true;
  }

  /**
   * A parent's `subagent_update` during a replay, as it goes out now: without its
   * `state` (held, the child's own is too) when the replay announced the child before;
   * undefined when nothing else is left.
   */
  mirror(update: v2.SessionUpdate): v2.SessionUpdate | undefined {
    const { sessionId, state, ...rest } = update as v2.SessionUpdate & {
      sessionId?: unknown;
      state?: unknown;
    };
    if (typeof sessionId !== "string" || !this.roots.has(sessionId) || state === undefined) {
      return update;
    }
    this.mirrorsHeld.add(sessionId);
    return Object.keys(rest).length > 1 ? ({ ...rest, sessionId } as v2.SessionUpdate) : undefined;
  }

  /**
   * The replay of `sessionId` ended: it and the children it announced replay no more.
   * Returns each child's last held state, to send now: on its parent (a
   * `subagent_update`, when a copy was held), then on the child; and the repeats of it
   * upstream's v2 surface sends (a repeated snapshot is idempotent, the schema's
   * `StateUpdate`): on the parent after the resume's answer, which ends the replay (its
   * states before were history), and on the child when the session's next prompt
   * comes.
   */
  end(sessionId: string): ReplayEnd {
    this.cleared.delete(sessionId);
    const out: ReplayEnd = { now: [], afterAnswer: [], nextPrompt: [] };
    for (const [child, root] of [...this.roots]) {
      if (root !== sessionId) continue;
      const state = this.childStates.get(child);
      const parent = this.parents.get(child)!;
      if (state) {
        const mirror = { sessionId: parent, update: mirrorOf(child, state) };
        if (this.mirrorsHeld.has(child)) out.now.push(mirror);
        out.now.push({ sessionId: child, update: state });
        out.afterAnswer.push(mirror);
        out.nextPrompt.push({ sessionId: child, update: state });
      }
      this.cleared.delete(child);
      this.roots.delete(child);
      this.parents.delete(child);
      this.childStates.delete(child);
      this.mirrorsHeld.delete(child);
    }
    return out;
  }
}

/** An update to send, on a session. */
export interface SessionUpdateOf {
  readonly sessionId: string;
  readonly update: v2.SessionUpdate;
}

/** What the end of a replay sends about the children it replayed (`Replays.end`). */
export interface ReplayEnd {
  /** Before the parent's current-state snapshot. */
  readonly now: SessionUpdateOf[];
  /** After the resume's answer. */
  readonly afterAnswer: SessionUpdateOf[];
  /** When the session's next prompt comes, before its user message. */
  readonly nextPrompt: SessionUpdateOf[];
}

/** A child's own `state_update` as its parent's `subagent_update` carries it. */
function mirrorOf(childSessionId: string, own: v2.SessionUpdate): v2.SessionUpdate {
  const { sessionUpdate: _own, ...state } = own as v2.SessionUpdate & { sessionUpdate: string };
  return { sessionUpdate: "subagent_update", sessionId: childSessionId, state } as v2.SessionUpdate;
}
