import type * as v1 from "@agentclientprotocol/sdk/unstable";
import type * as v2 from "@agentclientprotocol/sdk/experimental/v2/unstable";
import type { CycleEvent } from "../../client/client-port.js";
import { v2Failed, v2Idle, v2Running, v2UserMessage, type ClientError } from "./mapping.js";
import { V2_STATES, V2_UPDATES } from "./keys.js";
import { requestCancelled } from "../../util/adapter-error.js";
import { log } from "../../util/log.js";

/** What the prompt states need from the connection. */
export interface PromptStatesDeps {
  /** Sends one v2 update of a session. */
  send(sessionId: string, update: v2.SessionUpdate): Promise<void>;
  newId(): string;
  /** A failed turn's error as the client may see it (the protocol's redacted form). */
  errorOf(error: unknown): ClientError;
}

/** A prompt sent while another one runs: held, not yet inserted. */
interface Held {
  readonly prompt: readonly v1.ContentBlock[];
  readonly run: () => Promise<v1.PromptResponse>;
  readonly resolve: (answer: v2.PromptResponse) => void;
  readonly reject: (error: unknown) => void;
}

/**
 * v2's prompt lifecycle over the v1 agent. `session/prompt` answers with the id of the
 * user message once it is *inserted*: at once on an idle session; a prompt sent while
 * another one runs is held (v2 has no queue of its own, and steering is v1 only) and
 * inserted, and answered, when the one before it ends. A cancel or close ends the running
 * prompt and answers each held one -32800 (Request Cancelled): it was never inserted.
 * The work is reported as `state_update`s: `running` when the session's first prompt is
 * inserted, `idle` with the stop reason when the last one ends (a held prompt keeps the
 * session running). Claude Code's own cycles (a follow-up after background work, the
 * idle compaction) are work too, with no prompt: `running` when one starts, `idle` with
 * its stop reason when it ends; the session is idle only once neither a prompt nor a
 * cycle is at work.
 */
export class PromptStates {
  /** Per session with a prompt at work: the prompts held behind it. */
  private readonly active = new Map<string, Held[]>();
  /** Per session: who waits for its idle state to be sent (`session/close`). */
  private readonly waiting = new Map<string, Array<() => void>>();
  /** Sessions where a cycle of Claude Code's own is at work. */
  private readonly cycles = new Set<string>();
  /** Sessions whose `running` state waits for their prompt's answer to go out. */
  private readonly owed = new Set<string>();

  constructor(private readonly deps: PromptStatesDeps) {}

  /**
   * `run` starts the v1 turn. On an idle session it is called first, before anything is
   * sent, so a cancel that follows the request cannot overtake the prompt.
   */
  prompt(
    sessionId: string,
    prompt: readonly v1.ContentBlock[],
    run: () => Promise<v1.PromptResponse>,
  ): Promise<v2.PromptResponse> {
    const held = this.active.get(sessionId);
    if (!held) return Promise.resolve(this.insert(sessionId, prompt, run, true));
    return new Promise((resolve, reject) => held.push({ prompt, run, resolve, reject }));
  }

  /**
   * The client cancelled the session's work (or closed it): each held prompt is answered
   * -32800; the caller cancels the running one.
   */
  cancelHeld(sessionId: string): void {
    const held = this.active.get(sessionId);
    if (!held) return;
    for (const one of held.splice(0)) {
      one.reject(requestCancelled("the prompt was cancelled before it was inserted"));
    }
  }

  /**
   * Resolves once the session has no prompt at work and its idle state has been handed
   * to the client: `session/close` answers only after the work it cancelled went idle.
   */
  settled(sessionId: string): Promise<void> {
    if (!this.active.has(sessionId)) return Promise.resolve();
    return new Promise((resolve) => {
      const waiters = this.waiting.get(sessionId) ?? [];
      waiters.push(resolve);
      this.waiting.set(sessionId, waiters);
    });
  }

  /** Whether the session is at work: a prompt (held ones included), or Claude Code's own cycle. */
  isWorking(sessionId: string): boolean {
    return this.active.has(sessionId) || this.cycles.has(sessionId);
  }

  /**
   * Claude Code's own cycle started or ended (`ClientPort.cycle`). Its start is `running`
   * unless a prompt already is; its end is `idle` with its stop reason unless a prompt
   * still runs (that prompt's end is the idle).
   */
  cycle(sessionId: string, event: CycleEvent): void {
    if (event.kind === "started") {
      if (this.cycles.has(sessionId)) return;
      this.cycles.add(sessionId);
      if (!this.active.has(sessionId)) void this.quietly(sessionId, v2Running());
      return;
    }
    if (!this.cycles.delete(sessionId) || this.active.has(sessionId)) return;
    const idle =
      event.kind === "ended" ? v2Idle(event.response) : v2Failed(this.deps.errorOf(event.error));
    void this.quietly(sessionId, idle);
  }

  /** The session was closed: a cycle it ran ends with it. */
  forget(sessionId: string): void {
    this.cycles.delete(sessionId);
    this.owed.delete(sessionId);
  }

  /**
   * Sends the `running` state the session still owes, now: before any other state of
   * it (an idle, a `requires_action`) that comes sooner than the next turn of the loop.
   */
  runningNow(sessionId: string): void {
    if (this.owed.delete(sessionId)) void this.quietly(sessionId, v2Running());
  }

  /** The session's current state, as `session/resume` reports it before its answer. */
  snapshot(sessionId: string): v2.SessionUpdate {
    return this.isWorking(sessionId)
      ? v2Running()
      : { sessionUpdate: V2_UPDATES.stateUpdate, state: V2_STATES.idle };
  }

  /** Starts the v1 turn and inserts its user message; `first`: the session was idle. */
  private insert(
    sessionId: string,
    prompt: readonly v1.ContentBlock[],
    run: () => Promise<v1.PromptResponse>,
    first: boolean,
  ): v2.PromptResponse {
    const turn = run();
    const messageId = this.deps.newId();
    if (first) this.active.set(sessionId, []);
    void this.deps.send(sessionId, v2UserMessage(messageId, prompt));
    // A cycle of Claude Code's own at work has said `running` already. Else `running`
    // follows the prompt's answer, as upstream's v2 surface orders them (user message,
    // answer, state): the answer is written once this returns, within the microtasks
    // that follow, so the state waits for the next turn of the event loop.
    if (first && !this.cycles.has(sessionId)) {
      this.owed.add(sessionId);
      setImmediate(() => this.runningNow(sessionId));
    }
    void turn
      .then(v2Idle, (error: unknown) => v2Failed(this.deps.errorOf(error)))
      .then((idle) => this.ended(sessionId, idle))
      // The client went away: nothing is left to tell.
      .catch((error: unknown) =>
        log.debug("state update not sent", { sessionId, error: String(error) }),
      );
    return { messageId };
  }

  /** Sends `update`; a client gone away is only logged. */
  private quietly(sessionId: string, update: v2.SessionUpdate): Promise<void> {
    return this.deps
      .send(sessionId, update)
      .catch((error: unknown) =>
        log.debug("state update not sent", { sessionId, error: String(error) }),
      );
  }

  /** A turn ended: the next held prompt is inserted, or the session goes idle. */
  private ended(sessionId: string, idle: v2.SessionUpdate): Promise<void> {
    this.runningNow(sessionId);
    const held = this.active.get(sessionId) ?? [];
    for (let next = held.shift(); next; next = held.shift()) {
      try {
        next.resolve(this.insert(sessionId, next.prompt, next.run, false));
        return Promise.resolve();
      } catch (error) {
        // Not inserted (the session went away meanwhile): its answer is the error.
        next.reject(error);
      }
    }
    this.active.delete(sessionId);
    // A cycle of Claude Code's own started meanwhile: its end is the session's idle.
    const sent = this.cycles.has(sessionId) ? Promise.resolve() : this.deps.send(sessionId, idle);
    const waiters = this.waiting.get(sessionId) ?? [];
    this.waiting.delete(sessionId);
    for (const resolve of waiters) resolve();
    return sent;
  }
}
