import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import type { ClientPort, CycleEvent, TaskEvent } from "../client/client-port.js";
import type { RoutedUpdate } from "../translation/routed-update.js";
import { log } from "../util/log.js";

/**
 * The ordered way out of one session: updates go to the client strictly in order, a
 * response goes after the updates queued before it, and a quiet session sends nothing
 * (after a cancel, until the next prompt starts).
 *
 * The connection writes messages in the order they are handed to it, so an update is
 * handed over at once; only an update that must wait for something (a title read from
 * disk) opens a gate, and what comes after it queues behind the gate until it is through.
 * A long stream thus costs no promise chain per update.
 */
export class Outbox {
  private gate: Promise<void> | undefined;
  private last: Promise<void> = Promise.resolve();
  private quiet = false;
  /** What the session must still tell the client once it may speak again. */
  private held: RoutedUpdate[] = [];
  closed = false;

  /**
   * `childSession`: which session a child's updates go to (`translation/routed-update.ts`),
   * or undefined to drop them. The translators only pass on the children a client sees,
   * and today that is the flat transcript: the root session itself.
   */
  constructor(
    private readonly sessionId: string,
    private readonly client: ClientPort,
    private readonly childSession: (
      target: string,
      update: SessionUpdate,
    ) => string | undefined = () => sessionId,
  ) {}

  /**
   * Quiet from now on (a cancel): what the cancelled work still produces is dropped, and
   * what the client must still hear (`announce`) waits for `wake`.
   */
  hush(): void {
    this.quiet = true;
  }

  /** A new prompt starts: the session speaks again, first with what was held back. */
  wake(): void {
    if (!this.quiet) return;
    this.quiet = false;
    const held = this.held;
    this.held = [];
    this.route(held);
  }

  /**
   * Updates the client needs whenever it next listens (the session's commands and start
   * notices): sent now, or held while the session is quiet and sent when it wakes.
   */
  announce(updates: readonly SessionUpdate[]): void {
    if (this.quiet) for (const update of updates) this.held.push({ target: null, update });
    else this.sendAll(updates);
  }

  /** `announce` for routed updates (async tasks: a subagent's go to its child). */
  announceRouted(routed: readonly RoutedUpdate[]): void {
    if (this.quiet) this.held.push(...routed);
    else this.route(routed);
  }

  /** Sends `update` in its place in the order (to this session, or a child's). */
  send(update: SessionUpdate, sessionId = this.sessionId): void {
    if (this.gate) this.behindGate(() => this.write(update, sessionId));
    else this.write(update, sessionId);
  }

  /**
   * Sends `update` even while the session is quiet: a background subagent's work and
   * state are not the cancelled turn's, and go on after it.
   */
  sendLoud(update: SessionUpdate, sessionId: string): void {
    if (this.gate) this.behindGate(() => this.write(update, sessionId, true));
    else this.write(update, sessionId, true);
  }

  /**
   * An extension notification of this session, in its place among its updates (Lody's
   * subagent events); `loud`: also while the session is quiet, like `sendLoud`.
   */
  notify(method: string, params: unknown, loud = false): void {
    const write = (): void => {
      if ((this.quiet && !loud) || this.closed) return;
      this.last = this.client.notify(method, params).catch((error: unknown) => {
        log.warn("notification failed", {
          sessionId: this.sessionId,
          method,
          message: String(error),
        });
      });
    };
    if (this.gate) this.behindGate(write);
    else write();
  }

  /**
   * Claude Code's own cycle began or ended (`ClientPort.cycle`), in its place in the
   * order: its start before its work, its end after it. Not hushed: a cycle wakes the
   * session, and its end closes what its start opened.
   */
  cycle(event: CycleEvent): void {
    const tell = this.client.cycle;
    if (tell) this.tell(() => tell.call(this.client, this.sessionId, event));
  }

  /** A task of Claude Code's changed (`ClientPort.task`), in its place in the order. */
  task(event: TaskEvent): void {
    const tell = this.client.task;
    if (tell) this.tell(() => tell.call(this.client, this.sessionId, event));
  }

  /** Runs `write` in its place in the order, while the session is open, quiet or not. */
  private tell(write: () => void): void {
    const step = (): void => {
      if (!this.closed) write();
    };
    if (this.gate) this.behindGate(step);
    else step();
  }

  sendAll(updates: readonly SessionUpdate[]): void {
    // An index loop: called per streamed delta, mostly with nothing to send.
    for (let i = 0; i < updates.length; i++) this.send(updates[i]!);
  }

  /** Sends translated updates, each to the session its target routes to. */
  route(routed: readonly RoutedUpdate[]): void {
    for (let i = 0; i < routed.length; i++) {
      const { target, update } = routed[i]!;
      const sessionId = target === null ? this.sessionId : this.childSession(target, update);
      if (sessionId !== undefined) this.send(update, sessionId);
    }
  }

  /**
   * Sends what `updates` resolves to, in its place in the order: everything queued after
   * it waits (a turn's answer waits for its title update).
   */
  sendWhenReady(updates: Promise<readonly SessionUpdate[]>): void {
    this.behindGate(async () => {
      for (const update of await updates) this.write(update);
    });
  }

  /**
   * Like `sendWhenReady`, for an update that belongs to a prompt's answer and goes just
   * before it (AIR's file-change report): it is written even when a cancel quieted the
   * session meanwhile, as the answer it precedes still goes out. Only a closed session
   * drops it.
   */
  sendBeforeAnswer(updates: Promise<readonly SessionUpdate[]>): void {
    this.behindGate(async () => {
      for (const update of await updates) this.write(update, this.sessionId, true);
    });
  }

  /**
   * Runs `step` in its place in the order, even while the session is quiet: what goes
   * before a prompt's answer whatever happened to the turn (Lody's usage of a cancelled
   * turn). What is queued after it waits until it is done.
   */
  inOrder(step: () => void | Promise<void>): void {
    this.behindGate(step);
  }

  /** Runs `action` after every update queued so far was handed to the connection. */
  after(action: () => void): void {
    if (this.gate) this.behindGate(action);
    else action();
  }

  /** Resolves once every update queued so far was written. */
  async flushed(): Promise<void> {
    await this.gate;
    await this.last;
  }

  private write(update: SessionUpdate, sessionId = this.sessionId, evenQuiet = false): void {
    if ((this.quiet && !evenQuiet) || this.closed) return;
    const sent = this.client.sessionUpdate(sessionId, update);
    // The session's own updates (every streamed delta) share one handler: no closure each.
    this.last =
      sessionId === this.sessionId
        ? sent.catch(this.updateFailed)
        : sent.catch((error: unknown) => failed(sessionId, error));
  }

  private readonly updateFailed = (error: unknown): void => failed(this.sessionId, error);

  private behindGate(step: () => void | Promise<void>): void {
    const gate = (this.gate ?? Promise.resolve()).then(step).catch((error: unknown) => {
      log.warn("session output failed", { sessionId: this.sessionId, message: String(error) });
    });
    this.gate = gate;
    void gate.then(() => {
      if (this.gate === gate) this.gate = undefined;
    });
  }
}

function failed(sessionId: string, error: unknown): void {
  log.warn("session/update failed", { sessionId, message: String(error) });
}
