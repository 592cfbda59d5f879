import type * as v1 from "@agentclientprotocol/sdk/unstable";
import type * as v2 from "@agentclientprotocol/sdk/experimental/v2/unstable";
import { v2Failed, v2Idle, v2Running, v2UserMessage } from "./mapping.js";
import { V2_STATES, V2_UPDATES } from "./keys.js";
import { log } from "../../util/log.js";

/** What the prompt states need from the connection. */
export interface PromptStatesDeps {
  /** Sends one v2 update of a session. */
  send(sessionId: string, update: v2.SessionUpdate): Promise<void>;
  newId(): string;
  /** A failed turn's error as the client may see it (the protocol's redacted form). */
  errorOf(error: unknown): { code: number; message: string };
}

/**
 * v2's prompt lifecycle over the v1 agent: `session/prompt` answers with the id of the
 * inserted user message right away, and the work is reported as `state_update`s:
 * `running` when the session gets its first prompt, `idle` with the stop reason when
 * the last queued one ends (a queued prompt keeps the session running).
 */
export class PromptStates {
  private readonly active = new Map<string, number>();

  constructor(private readonly deps: PromptStatesDeps) {}

  /**
   * `run` starts the v1 turn; it is called first, before anything is sent, so a cancel
   * that follows the request cannot overtake the prompt.
   */
  prompt(
    sessionId: string,
    prompt: readonly v1.ContentBlock[],
    run: () => Promise<v1.PromptResponse>,
  ): v2.PromptResponse {
    const turn = run();
    const messageId = this.deps.newId();
    const before = this.active.get(sessionId) ?? 0;
    this.active.set(sessionId, before + 1);
    void this.deps.send(sessionId, v2UserMessage(messageId, prompt));
    if (before === 0) void this.deps.send(sessionId, v2Running());
    void turn
      .then(v2Idle, (error: unknown) => v2Failed(this.deps.errorOf(error)))
      .then((idle) => this.ended(sessionId, idle))
      // The client went away: nothing is left to tell.
      .catch((error: unknown) =>
        log.debug("state update not sent", { sessionId, error: String(error) }),
      );
    return { messageId };
  }

  /** Whether a prompt of the session is at work (queued ones included). */
  isRunning(sessionId: string): boolean {
    return this.active.has(sessionId);
  }

  /** The session's current state, as `session/resume` reports it before its answer. */
  snapshot(sessionId: string): v2.SessionUpdate {
    return this.active.has(sessionId)
      ? v2Running()
      : { sessionUpdate: V2_UPDATES.stateUpdate, state: V2_STATES.idle };
  }

  private ended(sessionId: string, idle: v2.SessionUpdate): Promise<void> {
    const left = (this.active.get(sessionId) ?? 1) - 1;
    if (left > 0) {
      this.active.set(sessionId, left);
      return Promise.resolve();
    }
    this.active.delete(sessionId);
    return this.deps.send(sessionId, idle);
  }
}
