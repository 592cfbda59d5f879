import {
  progress as progressSchema,
  validEvent,
  type ReasonCode,
  type RunProgress,
  type RunSnapshot,
  type SubagentEvent,
} from "./schema.js";

/** What this adapter can do with a run (contract §4, "Claude ref"). */
export const CLAUDE_RUN_SUPPORT: RunSnapshot["support"] = {
  stream: ["text", "thought", "tool", "plan"],
  progress: true,
  outputRead: "none",
  cancel: false,
};

/** What a run's start snapshot tells besides its state. */
export interface RunStart {
  /** The parent run's id; null: a child of the root session. */
  readonly parentRunId: string | null;
  /** The Agent / Task tool call that launched the run. */
  readonly parentToolCallId?: string;
  readonly name?: string;
  readonly description?: string;
  /** Some of the run's output was lost before it started (the early buffer overflowed). */
  readonly outputIncomplete?: boolean;
}

export type RunEnd = "completed" | "failed" | "cancelled";

interface Run {
  readonly runId: string;
  readonly snapshot: RunSnapshot;
}

function live(run: Run | undefined): run is Run {
  return (
    run !== undefined && (run.snapshot.state === "pending" || run.snapshot.state === "running")
  );
}

/**
 * The runs of one root session's activation as `_lody/subagents/event` envelopes (contract
 * §4, acceptance check 8): a run opens with its snapshot; output and progress of a run
 * that is unknown or no longer live are dropped; starting a live run again is a no-op;
 * starting a run whose last generation ended opens a new one under a new id. Runs are
 * keyed by the native id the caller knows them by, which never goes on the wire: each
 * run gets a fresh opaque id from `newRunId`. Invalid output is withheld and the run
 * marked `outputIncomplete`, which then stays in every later snapshot.
 *
 * Pure: the caller sends what each method returns, in order; `now` is epoch seconds.
 */
export class SubagentRunEmitter {
  private readonly runs = new Map<string, Run>();

  constructor(
    private readonly sessionId: string,
    private readonly newRunId: () => string,
    private readonly now: () => number,
  ) {}

  /** The id of the live run keyed `key`, if any. */
  liveRunId(key: string): string | undefined {
    const run = this.runs.get(key);
    return live(run) ? run.runId : undefined;
  }

  start(key: string, start: RunStart): SubagentEvent[] {
    if (live(this.runs.get(key))) return [];
    const snapshot: RunSnapshot = {
      state: "running",
      support: CLAUDE_RUN_SUPPORT,
      parentRunId: start.parentRunId,
      startedAtEpochSeconds: this.now(),
    };
    if (start.parentToolCallId !== undefined) snapshot.parentToolCallId = start.parentToolCallId;
    if (start.name !== undefined) snapshot.name = start.name;
    if (start.description !== undefined) snapshot.description = start.description;
    if (start.outputIncomplete) snapshot.outputIncomplete = true;
    const run = { runId: this.newRunId(), snapshot };
    this.runs.set(key, run);
    return [this.snapshotEvent(run)];
  }

  /** The run's child update; an invalid one is withheld and marks the run incomplete. */
  output(key: string, update: unknown): SubagentEvent[] {
    const run = this.runs.get(key);
    if (!live(run)) return [];
    const event = { ...this.envelope(run), type: "output", update } as SubagentEvent;
    if (validEvent(event)) return [event];
    return this.incomplete(run);
  }

  progress(key: string, progress: RunProgress): SubagentEvent[] {
    const run = this.runs.get(key);
    if (!live(run) || !progressSchema.safeParse(progress).success) return [];
    return [{ ...this.envelope(run), type: "progress", progress }];
  }

  /** The run ended; a run already ended (or never started) stays as it was. */
  end(key: string, state: RunEnd, message?: string): SubagentEvent[] {
    const run = this.runs.get(key);
    if (!live(run)) return [];
    run.snapshot.state = state;
    run.snapshot.endedAtEpochSeconds = this.now();
    if (state !== "completed")
      run.snapshot.reason = reason(state === "failed" ? "error" : "cancelled", message);
    return [this.snapshotEvent(run)];
  }

  /** Observation was lost (Claude Code exited): every live run's fate is unknown. */
  disconnect(message?: string): SubagentEvent[] {
    const events: SubagentEvent[] = [];
    for (const run of this.runs.values()) {
      if (!live(run)) continue;
      run.snapshot.state = "unknown";
      run.snapshot.outputIncomplete = true;
      run.snapshot.reason = reason("disconnected", message);
      events.push(this.snapshotEvent(run));
    }
    return events;
  }

  /** Marks the run's output incomplete: its snapshot goes again, once. */
  private incomplete(run: Run): SubagentEvent[] {
    if (run.snapshot.outputIncomplete) return [];
    run.snapshot.outputIncomplete = true;
    return [this.snapshotEvent(run)];
  }

  private envelope(run: Run): { version: 1; sessionId: string; runId: string } {
    return { version: 1, sessionId: this.sessionId, runId: run.runId };
  }

  /** The full state, as a copy: later changes of the run never reach a sent event. */
  private snapshotEvent(run: Run): SubagentEvent {
    const snapshot = { ...run.snapshot };
    if (snapshot.reason) snapshot.reason = { ...snapshot.reason };
    return { ...this.envelope(run), type: "snapshot", snapshot };
  }
}

function reason(code: ReasonCode, message?: string): NonNullable<RunSnapshot["reason"]> {
  return message ? { code, message } : { code };
}
