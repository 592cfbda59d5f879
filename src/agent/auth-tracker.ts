import { isDeepStrictEqual } from "node:util";
import { probeAuthStatus } from "../sdk/auth-status.js";
import { loginFilesSignature } from "../sdk/login-files.js";
import {
  sessionAuthStatus,
  toAuthStatus,
  type AuthStatus,
  type ClaudeAccount,
} from "../translation/auth.js";
import { log } from "../util/log.js";

/** The notification that tells the client the login state (JetBrains `authStatus`). */
export const AUTH_STATUS_UPDATE = "_auth/status_update";

/**
 * How long after `initialize` the first probe gives the client to ask for a first session
 * (an editor asks once it read the answer), and after that start for its first prompt. A
 * performance guess only: a session request that arrived is marked at once
 * (`AcpAgent.opening`), and the probe then waits for it.
 */
const FIRST_PROBE_DELAY_MS = 100;

/** A prompt probes after this long even when no login file changed (a safety net). */
const PROMPT_PROBE_MAX_AGE_MS = 5 * 60_000;

/**
 * Knows the login state and pushes `_auth/status_update` when it changes: the first
 * probe (after `initialize`) pushes what it read; a later one (at each prompt, after
 * `authenticate`, `logout`, or a prompt that found no credentials) pushes the state if
 * it differs. Probes run in the background (never blocking `initialize` or a prompt),
 * one at a time.
 */
export class AuthTracker {
  private current: AuthStatus | undefined;
  private running: Promise<void> | undefined;
  private next: Promise<void> | undefined;
  private nextUrgent = false;
  /**
   * A state the adapter knows without asking Claude Code (a gateway sign-in): while it
   * holds, probes change nothing.
   */
  private assumed: AuthStatus | undefined;
  /** Claude Code starts of sessions under way: a probe due meanwhile waits for them. */
  private readonly starts = new Set<Promise<unknown>>();
  /** Told when a probe finds another kind of login than the one known before it. */
  private kindChanged: (() => void) | undefined;
  /** Told each new state after `_auth/status_update` (the standard `auth/status_update`). */
  private changed: ((status: AuthStatus) => Promise<void>) | undefined;
  /** The login files as the last probe that told the state found them, and when. */
  private probedFiles: { signature: string; at: number } | undefined;
  /** Prompts running now (from `promptStarted` to `promptEnded`). */
  private prompts = 0;
  /**
   * The first probe (`refreshSoon`) is due and has not begun: a prompt leaves it to it,
   * unless a session's start told the state already (the first probe then does not run).
   */
  private firstDue = false;
  constructor(
    private readonly notify: (method: string, params: unknown) => Promise<void>,
    /** Asks Claude Code who is signed in (undefined when it cannot tell in time). */
    private readonly ask: typeof probeAuthStatus = probeAuthStatus,
    /** The login files' signature (`loginFilesSignature`); undefined: cannot tell. */
    private readonly loginFiles: () => string | undefined = () => loginFilesSignature(),
    private readonly now: () => number = Date.now,
  ) {}

  /**
   * Probes now; pushes the state if it changed. A probe already running may have read the
   * state before what prompted this call (a login that just ended): one more probe follows
   * it, shared by every call made meanwhile. `urgent`: someone waits for the answer (an
   * `authenticate`, a `logout`): the probe runs at normal priority, with more time.
   */
  refresh(urgent = false): Promise<void> {
    if (!this.running) {
      this.running = this.probe(urgent).finally(() => (this.running = undefined));
      return this.running;
    }
    this.nextUrgent ||= urgent;
    this.next ??= this.running.then(() => {
      const nextUrgent = this.nextUrgent;
      this.next = undefined;
      this.nextUrgent = false;
      return this.refresh(nextUrgent);
    });
    return this.next;
  }

  /**
   * The login state as last probed; when no probe has ended yet, the one under way (or a
   * new one) is awaited. Undefined when Claude Code could not tell.
   */
  /**
   * The Claude subscription of the login as last probed (`pro`, `max`, …; Claude Code
   * reads it from the stored claude.ai login, offline); undefined when none is known.
   */
  get plan(): string | undefined {
    return this.current?.kind === "account" ? this.current.account?.plan : undefined;
  }

  async known(): Promise<AuthStatus | undefined> {
    if (this.current === undefined) await this.refresh(true);
    return this.current;
  }

  /**
   * A prompt starts: the user may have signed in or out in a terminal since the last
   * probe. Probes in the background, never awaited by the prompt (its model request does
   * not wait for a Claude Code of the probe's); a probe already running is the prompt's
   * too, so prompts sent together start one. Nothing while the adapter knows the state
   * itself (a gateway sign-in), nor when the files a login or logout writes are as the
   * last probe that told the state found them (and it is under 5 minutes old): a probe is
   * a whole Claude Code start, ~300 ms of CPU beside every turn on a busy machine
   * (issue 34: short turns, concurrent sessions).
   */
  promptStarted(): void {
    this.prompts++;
    const firstProbes = this.firstDue && this.current === undefined;
    if (this.assumed || this.running || firstProbes || this.loginUnchanged()) return;
    void this.refresh();
  }

  private loginUnchanged(): boolean {
    const last = this.probedFiles;
    if (this.current === undefined || last === undefined) return false;
    if (this.now() - last.at > PROMPT_PROBE_MAX_AGE_MS) return false;
    return this.loginFiles() === last.signature;
  }

  /**
   * The login state once the probe running now has ended (one runs, urgent, when none
   * does): for a decision that must not rest on a state read before a terminal login.
   */
  async settled(): Promise<AuthStatus | undefined> {
    await (this.running ?? this.refresh(true));
    return this.current;
  }

  /** `listener` is told when a probe finds another kind of login (`api_key` → `account`, …). */
  onKindChange(listener: () => void): void {
    this.kindChanged = listener;
  }

  /** `listener` is told every state this tracker pushes, after `_auth/status_update`. */
  onChange(listener: (status: AuthStatus) => Promise<void>): void {
    this.changed = listener;
  }

  /**
   * Probes shortly, once no session's Claude Code is starting. The probe runs a Claude
   * Code of its own; beside the first session's start it would take the CPU that start
   * needs (an editor sends `session/new` right after `initialize`).
   */
  refreshSoon(): void {
    this.firstDue = true;
    const first = (): void => {
      this.firstDue = false;
      // A prompt under way probes when it ends (`promptEnded`: the state is not known yet);
      // one that has ended already did.
      if (this.prompts === 0 && !this.running && this.current === undefined) void this.refresh();
    };
    // A client that prompts at once sends its first prompt right after the session's
    // answer: the probe waits a moment for it, so that its Claude Code start does not run
    // beside that prompt's turn (the spawn alone holds the adapter's thread 10–30 ms).
    const afterStarts = (): void => void setTimeout(first, FIRST_PROBE_DELAY_MS).unref();
    setTimeout(() => void this.startsSettled().then(afterStarts), FIRST_PROBE_DELAY_MS).unref();
  }

  /** Settles once no Claude Code start is under way, also one marked while it waits. */
  private async startsSettled(): Promise<void> {
    while (this.starts.size > 0) await Promise.allSettled([...this.starts]);
  }

  /**
   * Marks a session's Claude Code start under way until `up` settles: once it is up (a
   * session answered from the cached model list is answered before that) or failed; or,
   * from its request's arrival, until that request's answer.
   */
  starting(up: Promise<unknown>): void {
    const settled: Promise<unknown> = up.then(
      () => this.starts.delete(settled),
      () => this.starts.delete(settled),
    );
    this.starts.add(settled);
  }

  /**
   * A session's Claude Code has started and told the login it read (`account`). While no
   * probe has told the state, that login stands for the probe's answer where the two agree
   * (`sessionAuthStatus`): the first probe, a whole Claude Code start of its own (~0.3 s of
   * CPU), is not run, and a prompt probes only once the login files changed.
   */
  sessionStarted(account: ClaudeAccount | undefined): void {
    if (this.current !== undefined || this.assumed) return;
    const status = sessionAuthStatus(account, !!process.env.ANTHROPIC_API_KEY);
    if (!status) return;
    // Read now, not before the start: Claude Code's start writes its global config (one
    // of the login files). A login written in a terminal while it started (~1 s) is seen
    // at the next change of the files, or after 5 minutes.
    const signature = this.loginFiles();
    this.probedFiles = signature === undefined ? undefined : { signature, at: this.now() };
    void this.update(status);
  }

  /**
   * A prompt ended: while no probe has told the state yet (each timed out, as on a busy
   * machine, where the probe runs last), one more probes it, now that Claude Code idles;
   * after the prompt's own probe, when that one still runs (it ran beside the turn). This
   * one runs at normal priority with the longer limit: at the lowest priority on a busy
   * machine it timed out like the others (measured at load 15), and the client never
   * learnt who is signed in.
   */
  promptEnded(): void {
    this.prompts = Math.max(0, this.prompts - 1);
    if (this.current === undefined && !this.assumed) void this.refresh(true);
  }

  /**
   * Takes `status` as the state (a gateway sign-in: the client asked, so a change is
   * pushed at once), or, with undefined, leaves the state to the probes again (the
   * caller probes next).
   */
  async assume(status: AuthStatus | undefined): Promise<void> {
    this.assumed = status;
    if (status) await this.update(status);
  }

  private async probe(urgent: boolean): Promise<void> {
    // Read before the probe: a login written while it runs differs at the next prompt.
    const signature = this.loginFiles();
    const at = this.now();
    const probed = await this.ask(process.env, urgent);
    // A probe that could not tell (timed out, no Claude Code) changes nothing, nor one
    // while the adapter knows the state itself.
    if (probed === undefined || this.assumed) return;
    this.probedFiles = signature === undefined ? undefined : { signature, at };
    await this.update(toAuthStatus(probed));
  }

  /** Sets the state; pushes it when it changed. */
  private async update(status: AuthStatus): Promise<void> {
    const before = this.current;
    this.current = status;
    // The first probe's state is news too (the client knows nothing yet), as upstream
    // pushes it: a client shows who is signed in from the start.
    if (isDeepStrictEqual(status, before)) return;
    if (before !== undefined && before.kind !== status.kind) this.kindChanged?.();
    await this.notify(AUTH_STATUS_UPDATE, { authStatus: status }).catch((error: unknown) =>
      log.warn("auth status update failed", { message: String(error) }),
    );
    await this.changed?.(status).catch((error: unknown) =>
      log.warn("auth/status_update failed", { message: String(error) }),
    );
  }
}
