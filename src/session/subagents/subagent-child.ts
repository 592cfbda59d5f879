import type { ChildSession, ChildWorkState } from "../../translation/subagents/child-session.js";

/** An Agent / Task tool use seen in the stream: a child that may start. */
export interface SubagentCall {
  /** The tool use id of the subagent that made the call; null: the root session. */
  readonly parent: string | null;
  input: Record<string, unknown>;
  /** What `task_started` told, once it came. */
  taskId?: string;
  prompt?: string;
  background?: boolean;
  /** Where the SubagentStart hook said the child runs, when it came before `task_started`. */
  cwd?: string;
}

/** A child announced to the client (live, or by a load's replay). */
export interface Child {
  readonly session: ChildSession;
  /** The session the child was announced on (its immediate parent). */
  readonly parentSessionId: string;
  readonly call: SubagentCall;
  state: ChildWorkState;
  /** Permission requests of the child the client has not answered yet. */
  openRequests: number;
  /** The client cancelled this child: however its work ends, it was cancelled. */
  cancelled: boolean;
  /** The folder reported for the child; undefined: its parent's. */
  cwd: string | undefined;
  /** The summary of its completed task, the answer when its call's result holds none. */
  summary?: string;
}

/**
 * A child session a load's replay (`session/history/history-replay.ts`) announced, as the client
 * last saw it: handed to the live router, so that a SendMessage after the load that runs
 * it again goes to it as to a child seen live. Claude Code 2.1.318 resumes it under its
 * agent id as task id, its run's messages naming the Agent call of its launch.
 */
export interface ReplayedChild {
  /** As announced: its session id, its launch's tool use id, title, `cwd`. */
  readonly session: ChildSession;
  /** The session it was announced on (its immediate parent). */
  readonly parentSessionId: string;
  /** Claude Code's agent id of the child, the task id of each of its runs. */
  readonly taskId: string;
  /** The state its replay ended in (idle: nothing of it runs after a load). */
  readonly state: ChildWorkState;
  /** The model its stored responses name, if any. */
  readonly model?: string;
}

/**
 * The router's record of a replayed child: idle as replayed, its task known, its launch
 * made under `parent` (the tool use id of the child it was announced on; null: the root).
 */
export function adoptedChild(replayed: ReplayedChild, parent: string | null): Child {
  const { session, parentSessionId, taskId, state } = replayed;
  return {
    session,
    parentSessionId,
    call: { parent, input: {}, taskId },
    state,
    openRequests: 0,
    cancelled: false,
    cwd: session.cwd,
  };
}
