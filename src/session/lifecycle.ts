import type { Turn } from "./turn/turn.js";

/**
 * Where a session is in its life. Exactly one holds at a time; a prompt starts only from
 * `idle`.
 *
 * - `starting`: answered from the cache, Claude Code is not up yet (prompts wait);
 * - `idle`: no turn runs;
 * - `running`: `turn` runs;
 * - `draining`: a cancelled turn winds down (until its `result`, Claude Code idling or
 *   exiting, or `timer` replacing the query);
 * - `restarting`: a query replaces one whose Claude Code exited;
 * - `closed`: for good.
 */
export type LifecycleState =
  | { readonly kind: "starting" }
  | { readonly kind: "idle" }
  | { readonly kind: "running"; readonly turn: Turn }
  | { readonly kind: "draining"; readonly timer: NodeJS.Timeout }
  | { readonly kind: "restarting" }
  | { readonly kind: "closed" };

export type LifecycleKind = LifecycleState["kind"];

/** What moves a session from one state to the next. */
export type LifecycleEvent =
  /** Claude Code is up, or failed to start (the next prompt then starts a new one). */
  | "started"
  | "turnStarted"
  | "turnEnded"
  | "cancelled"
  | "drained"
  | "restart"
  | "restarted"
  | "close";

/**
 * Every transition: the state each event leads to, from each state it applies in. An
 * event that does not apply changes nothing, because the async work behind most of them
 * (Claude Code's start, a restart's transcript check, a local command) may end after the
 * session moved on, e.g. was closed.
 */
const TRANSITIONS: {
  readonly [From in LifecycleKind]: { readonly [On in LifecycleEvent]?: LifecycleKind };
} = {
  starting: { started: "idle", close: "closed" },
  idle: { turnStarted: "running", restart: "restarting", close: "closed" },
  running: { turnEnded: "idle", cancelled: "draining", close: "closed" },
  draining: { drained: "idle", close: "closed" },
  restarting: { restarted: "idle", close: "closed" },
  closed: {},
};

/** The state `event` leads to from `from`; undefined when it does not apply there. */
export function nextKind(from: LifecycleKind, event: LifecycleEvent): LifecycleKind | undefined {
  return TRANSITIONS[from][event];
}

const IDLE: LifecycleState = { kind: "idle" };

/** A session's one lifecycle state, moved only along `TRANSITIONS`. */
export class Lifecycle {
  private state: LifecycleState = { kind: "starting" };
  /** Waiting for the session to be idle or closed (`settled`). */
  private settling: Array<() => void> = [];

  get kind(): LifecycleKind {
    return this.state.kind;
  }

  /** The running turn; undefined in every other state. */
  get turn(): Turn | undefined {
    return this.state.kind === "running" ? this.state.turn : undefined;
  }

  get closed(): boolean {
    return this.state.kind === "closed";
  }

  started(): void {
    this.move("started", IDLE);
  }

  /** `turn` starts; false when the session was not idle. */
  startTurn(turn: Turn): boolean {
    return this.move("turnStarted", { kind: "running", turn });
  }

  /** `turn` ended; false when it no longer runs (it was cancelled meanwhile). */
  endTurn(turn: Turn): boolean {
    return this.turn === turn && this.move("turnEnded", IDLE);
  }

  /**
   * Cancels the running turn and returns it (undefined when none runs). The session
   * drains until the turn has wound down, or `overdue` runs after `graceMs`.
   */
  cancelTurn(graceMs: number, overdue: () => void): Turn | undefined {
    const turn = this.turn;
    if (!turn) return undefined;
    this.move("cancelled", { kind: "draining", timer: setTimeout(overdue, graceMs) });
    return turn;
  }

  /** The cancelled turn has wound down; false when none was draining. */
  drained(): boolean {
    return this.move("drained", IDLE);
  }

  restart(): void {
    this.move("restart", { kind: "restarting" });
  }

  restarted(): void {
    this.move("restarted", IDLE);
  }

  /** False when the session was closed already. */
  close(): boolean {
    return this.move("close", { kind: "closed" });
  }

  /** Settles once the session is idle or closed (at once when it is). */
  settled(): Promise<void> {
    if (this.state.kind === "idle" || this.state.kind === "closed") return Promise.resolve();
    return new Promise((resolve) => this.settling.push(resolve));
  }

  private move(event: LifecycleEvent, next: LifecycleState): boolean {
    if (nextKind(this.state.kind, event) !== next.kind) return false;
    // Leaving `draining` any way (drained, or closed) ends its wait.
    if (this.state.kind === "draining") clearTimeout(this.state.timer);
    this.state = next;
    if (next.kind === "idle" || next.kind === "closed") {
      for (const resolve of this.settling.splice(0)) resolve();
    }
    return true;
  }
}
