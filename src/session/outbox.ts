import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import type { ClientPort } from "../client/client-port.js";
import { log } from "../util/log.js";

/**
 * The ordered way out of one session: updates go to the client strictly in order, a
 * response waits for the updates queued before it, and a quiet session sends nothing
 * (after a cancel, until the next prompt starts).
 */
export class Outbox {
  private chain: Promise<void> = Promise.resolve();
  quiet = false;
  closed = false;

  constructor(
    private readonly sessionId: string,
    private readonly client: ClientPort,
  ) {}

  send(update: SessionUpdate): void {
    if (this.quiet || this.closed) return;
    this.chain = this.chain
      .then(() => this.client.sessionUpdate(this.sessionId, update))
      .catch((error: unknown) => {
        log.warn("session/update failed", { sessionId: this.sessionId, message: String(error) });
      });
  }

  sendAll(updates: readonly SessionUpdate[]): void {
    for (const update of updates) this.send(update);
  }

  /**
   * Sends what `updates` resolves to, in its place in the order: everything queued after
   * it waits (a turn's answer waits for its title update).
   */
  sendWhenReady(updates: Promise<readonly SessionUpdate[]>): void {
    this.chain = this.chain
      .then(() => updates)
      .then(async (ready) => {
        for (const update of ready) {
          if (this.quiet || this.closed) return;
          await this.client.sessionUpdate(this.sessionId, update);
        }
      })
      .catch((error: unknown) => {
        log.warn("session/update failed", { sessionId: this.sessionId, message: String(error) });
      });
  }

  /** Runs `action` once every update queued so far went out. */
  after(action: () => void): void {
    this.chain = this.chain.then(action);
  }

  /** Resolves once every update queued so far went out. */
  flushed(): Promise<void> {
    return this.chain;
  }
}
