import { randomUUID } from "node:crypto";
import { watch, type FSWatcher } from "node:fs";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import type { ClientPort } from "../client/client-port.js";
import { cwdForms, projectDirsFor, transcriptSessionId } from "../sdk/transcript-paths.js";
import { invalidInput } from "../util/adapter-error.js";
import { log } from "../util/log.js";
import {
  toIndexRows,
  type ObservedRow,
  type OwnActivityOf,
  type SessionIndexHook,
} from "./history/index-rows.js";
import { worktreeCounterparts } from "./history/linked-worktree.js";
import { storedRowAt } from "./history/stored-row.js";

/** Subscriptions per connection (the reference's bound). */
const MAX_SUBSCRIPTIONS = 128;
/** Changes are sent this long after the last event… */
const DEBOUNCE_MS = 150;
/** …and at most this long after the first. */
const MAX_WAIT_MS = 1_000;
/** How often a project folder that did not exist yet is looked for again. */
const RETRY_WATCH_MS = 10_000;

/**
 * The list subscriptions of a client's session index (AIR's `_session/list/subscribe`):
 * push the index's change notification (`_session/list/changes`) for the sessions of a
 * cwd (and of its counterparts in the repository's other worktrees), in any archive
 * state, to the client. A subscription learns of a
 * change two ways: a non-recursive `fs.watch` on each project folder of the cwd (names
 * the transcript another process wrote, made or removed), and this connection's own
 * events (`touched`: a rename, archive, unarchive, delete, fork, or a turn that ended),
 * which do not wait for the watcher. Events are coalesced, then each named session's row
 * is read again and compared with the one last sent (the index's `changes`). Subscribing reads no
 * row: the client reads the list itself.
 */
export class ListSubscriptions {
  private readonly subscriptions = new Map<string, Subscription>();
  /** Sessions whose rows wait (a fork, until its id is in the client's hands). */
  private readonly held = new Set<string>();

  constructor(
    private readonly client: () => ClientPort,
    /** What this process knows of the sessions it runs (their rows' state and cost). */
    private readonly own: OwnActivityOf = () => undefined,
  ) {}

  async subscribe(cwd: string, index: SessionIndexHook): Promise<{ subscriptionId: string }> {
    if (this.subscriptions.size >= MAX_SUBSCRIPTIONS) {
      throw invalidInput(`at most ${MAX_SUBSCRIPTIONS} session list subscriptions`);
    }
    const subscription = new Subscription(
      randomUUID(),
      index,
      (params) => this.client().notify(index.changesMethod, params),
      (sessionId) => this.held.has(sessionId),
      this.own,
    );
    // Counted at once, so subscribes side by side cannot pass the bound.
    this.subscriptions.set(subscription.id, subscription);
    try {
      await subscription.start(cwd);
    } catch (error) {
      this.unsubscribe(subscription.id);
      throw error;
    }
    return { subscriptionId: subscription.id };
  }

  /** Idempotent: an unknown id is no error. */
  unsubscribe(subscriptionId: string): void {
    this.subscriptions.get(subscriptionId)?.close();
    this.subscriptions.delete(subscriptionId);
  }

  /**
   * This connection changed a session's row (`forced`: a turn of it ended, which the
   * row's `updatedAt` alone shows).
   */
  touched(sessionId: string, forced = false): void {
    for (const subscription of this.subscriptions.values()) subscription.queue(sessionId, forced);
  }

  /**
   * Holds the rows of `sessionId` back until the returned release runs: a client must
   * learn a fork's id from the fork's answer before a list change shows it, or it takes
   * the fork for a session of its own (the reference's rule).
   */
  holdBack(sessionId: string): () => void {
    this.held.add(sessionId);
    return () => {
      this.held.delete(sessionId);
      this.touched(sessionId);
    };
  }

  /**
   * Sends what is pending now without waiting out the debounce, and settles once it went
   * out: a sync point (a test proves that a touch sends nothing by it, never by a sleep).
   */
  async flushed(): Promise<void> {
    await Promise.all([...this.subscriptions.values()].map((s) => s.flushNow()));
  }

  closeAll(): void {
    for (const subscription of this.subscriptions.values()) subscription.close();
    this.subscriptions.clear();
  }
}

class Subscription {
  private dirs: readonly string[] = [];
  private cwds = new Set<string>();
  private readonly watchers = new Map<string, FSWatcher>();
  /** The sessions with a transcript in the scope, as last seen. */
  private readonly known = new Set<string>();
  private readonly sent: ReturnType<SessionIndexHook["changes"]>;
  private readonly pending = new Map<string, boolean>();
  private debounce: NodeJS.Timeout | undefined;
  private deadline: NodeJS.Timeout | undefined;
  private retry: NodeJS.Timeout | undefined;
  private flushing: Promise<void> | undefined;
  private closed = false;

  constructor(
    readonly id: string,
    private readonly index: SessionIndexHook,
    private readonly notify: (params: unknown) => Promise<void>,
    private readonly isHeld: (sessionId: string) => boolean,
    private readonly own: OwnActivityOf,
  ) {
    this.sent = index.changes(id);
  }

  /** The scope: `cwd` and its counterparts in the repository's other worktrees, as the reference's. */
  async start(cwd: string): Promise<void> {
    const scope = [cwd, ...(await worktreeCounterparts(cwd))];
    this.cwds = new Set((await Promise.all(scope.map(cwdForms))).flat());
    this.dirs = [...new Set((await Promise.all(scope.map(projectDirsFor))).flat())];
    await this.watchMissing();
    if (this.closed) return; // unsubscribed or the connection ended meanwhile
    this.retry = setInterval(() => void this.watchMissing(), RETRY_WATCH_MS);
    this.retry.unref();
  }

  queue(sessionId: string, forced: boolean): void {
    if (this.closed) return;
    this.pending.set(sessionId, forced || this.pending.get(sessionId) === true);
    clearTimeout(this.debounce);
    this.debounce = setTimeout(() => void this.flush(), DEBOUNCE_MS);
    this.deadline ??= setTimeout(() => void this.flush(), MAX_WAIT_MS);
  }

  /** Flushes the pending sessions at once (`ListSubscriptions.flushed`). */
  async flushNow(): Promise<void> {
    if (this.pending.size > 0) await this.flush();
    else await this.flushing;
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.debounce);
    clearTimeout(this.deadline);
    clearInterval(this.retry);
    for (const watcher of this.watchers.values()) watcher.close();
    this.watchers.clear();
  }

  /** Watches each project folder not watched yet, and learns the sessions it holds. */
  private async watchMissing(): Promise<void> {
    for (const dir of this.dirs) {
      if (this.closed || this.watchers.has(dir)) continue;
      try {
        const watcher = watch(dir, { persistent: false }, (_event, name) => {
          const sessionId = typeof name === "string" ? transcriptSessionId(name) : undefined;
          if (sessionId) this.queue(sessionId, false);
        });
        watcher.on("error", () => {
          watcher.close();
          this.watchers.delete(dir);
        });
        this.watchers.set(dir, watcher);
        for (const name of await readdir(dir)) {
          const sessionId = transcriptSessionId(name);
          if (sessionId) this.known.add(sessionId);
        }
      } catch {
        // Not there yet (no session of this cwd): looked for again later.
      }
    }
  }

  /** Reads the pending sessions again and sends what changed; one flush at a time. */
  private async flush(): Promise<void> {
    clearTimeout(this.debounce);
    clearTimeout(this.deadline);
    this.debounce = this.deadline = undefined;
    if (this.flushing) {
      await this.flushing;
      if (this.pending.size > 0 && !this.debounce) return this.flush();
      return;
    }
    // A held session stays pending: its release queues it again.
    const batch = new Map([...this.pending].filter(([sessionId]) => !this.isHeld(sessionId)));
    for (const sessionId of batch.keys()) this.pending.delete(sessionId);
    if (batch.size === 0 || this.closed) return;
    this.flushing = this.observe(batch)
      .then((observed) => {
        const changes = this.closed ? undefined : this.sent.changes(observed);
        if (changes) return this.notify(changes);
      })
      .catch((error: unknown) => log.warn("session list change failed", { error: String(error) }))
      .finally(() => (this.flushing = undefined));
    await this.flushing;
  }

  private async observe(batch: ReadonlyMap<string, boolean>): Promise<Map<string, ObservedRow>> {
    void this.watchMissing();
    const observed = new Map<string, ObservedRow>();
    for (const [sessionId, forced] of batch) {
      const row = await this.rowInScope(sessionId);
      // Gone from the folders; a transcript still there but of another cwd was never listed.
      const existed = this.known.has(sessionId) && !row.transcript;
      if (row.transcript) this.known.add(sessionId);
      else this.known.delete(sessionId);
      const [shown] = row.stored ? await toIndexRows(this.index, [row.stored], this.own) : [];
      observed.set(sessionId, { row: shown, existed, forced });
    }
    return observed;
  }

  /** The session's transcript in the scope's folders, and its row when its cwd is the scope's. */
  private async rowInScope(sessionId: string) {
    for (const dir of this.dirs) {
      const stored = await storedRowAt(join(dir, `${sessionId}.jsonl`), sessionId);
      if (stored)
        return { transcript: true, stored: this.cwds.has(stored.cwd) ? stored : undefined };
    }
    return { transcript: false, stored: undefined };
  }
}
