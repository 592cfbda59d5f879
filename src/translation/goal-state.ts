import { isRecord } from "../util/plain-data.js";

/** The goal as Claude Code's runtime reports it (`active_goal` frames, `value`). */
export interface RuntimeGoal {
  readonly condition: string;
  readonly iterations: number;
  readonly set_at: number;
  readonly last_reason?: string;
}

/**
 * The session's goal as the client is shown it, provider-neutral (air-extensions.md
 * "Session state", lody-contract.md §7.1): each goal extension puts it on its own wire
 * (`ExtensionHooks.goalUpdates`). `createdAt`: Unix milliseconds.
 */
export interface GoalSnapshot {
  readonly objective: string;
  readonly status: "active";
  readonly iterations?: number;
  readonly lastReason?: string;
  readonly createdAt?: number;
}

/**
 * The goal an `active_goal` frame reports: `{value}` with `null` when the runtime has no
 * goal (cleared, or met), undefined for any other message or a malformed frame. The frame
 * is internal to Claude Code (0.3.318 sends it only with `CLAUDE_CODE_REMOTE` set), so
 * every field is checked.
 */
export function readActiveGoal(message: unknown): { value: RuntimeGoal | null } | undefined {
  if (!isRecord(message) || message.type !== "active_goal") return undefined;
  const value = message.value;
  if (value === null || value === undefined) return { value: null };
  if (!isRecord(value)) return undefined;
  const { condition, iterations, set_at: setAt, last_reason: lastReason } = value;
  if (typeof condition !== "string" || !Number.isFinite(iterations) || !Number.isFinite(setAt)) {
    return undefined;
  }
  return {
    value: {
      condition,
      iterations: iterations as number,
      set_at: setAt as number,
      ...(typeof lastReason === "string" ? { last_reason: lastReason } : {}),
    },
  };
}

/**
 * The neutral snapshot of a runtime goal ("Claude mapping"): `condition`, `iterations`,
 * `set_at` (Unix milliseconds) and `last_reason` become `objective`, `iterations`,
 * `createdAt` and `lastReason`; provider bookkeeping (`tokens_at_start`) stays out.
 */
export function toGoalSnapshot(goal: RuntimeGoal): GoalSnapshot {
  return {
    objective: goal.condition,
    status: "active",
    iterations: goal.iterations,
    ...(goal.last_reason !== undefined ? { lastReason: goal.last_reason } : {}),
    createdAt: goal.set_at,
  };
}

/** The snapshot published when `/goal <objective>` is submitted, before the runtime says more. */
export function submittedGoal(objective: string): GoalSnapshot {
  return { objective, status: "active" };
}

interface Pending {
  readonly token: number;
  /** The submitted objective; `null` for `/goal clear`. */
  readonly objective: string | null;
  /** What was published before the command, restored if it fails. */
  readonly previous: GoalSnapshot | null;
}

/** What to publish: a snapshot, `null`, or undefined for nothing (no change). */
export type GoalPublication = GoalSnapshot | null | undefined;

/**
 * A session's goal as the client last saw it, and the goal command in flight
 * (air-extensions.md "Claude mapping"): a submitted command publishes at once (a minimal
 * active snapshot, or `null` for a clear); while it is pending, runtime updates for the
 * previous goal are late and ignored, and a matching one is authoritative; a command
 * that failed restores the state before it. Nothing is published twice in a row.
 */
export class GoalState {
  private current: GoalSnapshot | null = null;
  private pending: Pending | undefined;
  private tokens = 0;

  /** The goal the client last saw. */
  get snapshot(): GoalSnapshot | null {
    return this.current;
  }

  /** A goal command goes to Claude Code: its token (for `settle`/`fail`), and what to publish. */
  submit(objective: string | null): { token: number; publish: GoalPublication } {
    const token = ++this.tokens;
    this.pending = { token, objective, previous: this.current };
    return { token, publish: this.show(objective === null ? null : submittedGoal(objective)) };
  }

  /** The command ran; later runtime updates count again. */
  settle(token: number): void {
    if (this.pending?.token === token) this.pending = undefined;
  }

  /** The command failed: the goal before it is back. */
  fail(token: number): GoalPublication {
    const pending = this.pending;
    if (pending?.token !== token) return undefined;
    this.pending = undefined;
    return this.show(pending.previous);
  }

  /** An `active_goal` update from the runtime. */
  runtime(goal: RuntimeGoal | null): GoalPublication {
    const pending = this.pending;
    if (pending) {
      const matches =
        pending.objective === null ? goal === null : goal?.condition === pending.objective;
      if (!matches) return undefined; // a late update of the goal before the command
      this.pending = undefined;
    }
    return this.show(goal === null ? null : toGoalSnapshot(goal));
  }

  private show(next: GoalSnapshot | null): GoalPublication {
    if (JSON.stringify(next) === JSON.stringify(this.current)) return undefined;
    this.current = next;
    return next;
  }
}
