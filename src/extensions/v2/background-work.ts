import type * as v2 from "@agentclientprotocol/sdk/experimental/v2/unstable";
import type { TaskEvent } from "../../client/client-port.js";
import { V2_BACKGROUND, V2_UPDATES } from "./keys.js";

/** What the list knows of one of Claude Code's tasks. */
interface Task {
  readonly toolCallId?: string;
  readonly taskType?: string;
  readonly description?: string;
  readonly childSessionId?: string;
  background: boolean;
}

/** The running command terminal of a tool call of a session, if the client has it. */
export type TerminalOf = (sessionId: string, toolCallId: string) => string | undefined;

/**
 * v2's `background` list of a session's `state_update`s (the RFD's "Background Work"):
 * what runs apart from the session's foreground work, as a complete snapshot. Claude
 * Code's tasks in the background are listed as what the client already tracks: a
 * command as its display terminal, a subagent as its child session (once announced),
 * anything else (a subagent's own command, a monitor, a workflow) as a `_claude/task`
 * item. Every state update of a root session carries the list (empty when nothing runs
 * there; the RFD asks for every one once reported, and upstream's v2 surface reports it
 * from the first); a change of the list is re-sent as the session's last state with the
 * new list.
 */
export class BackgroundWork {
  /** Per session: task id → task, while it runs. */
  private readonly tasks = new Map<string, Map<string, Task>>();
  /** Child sessions announced to the client (`subagent_update`). */
  private readonly announced = new Set<string>();
  /** Per session: the state its last `state_update` reported. */
  private readonly states = new Map<string, string>();

  constructor(private readonly terminalOf: TerminalOf) {}

  /** The task of `taskId`, while it runs. */
  task(sessionId: string, taskId: string): Task | undefined {
    return this.tasks.get(sessionId)?.get(taskId);
  }

  /** The tasks of a session that run commands (for their terminals' ends at a reset). */
  commands(sessionId: string): string[] {
    const out: string[] = [];
    for (const task of this.tasks.get(sessionId)?.values() ?? [])
      if (task.toolCallId !== undefined && task.taskType === "local_bash")
        out.push(task.toolCallId);
    return out;
  }

  /**
   * Applies one change of the session's tasks; returns the session's state update to
   * re-send with its new list, when the list it reports changed.
   */
  apply(sessionId: string, event: TaskEvent): v2.SessionUpdate | undefined {
    const before = this.listed(sessionId);
    let tasks = this.tasks.get(sessionId);
    switch (event.kind) {
      case "started": {
        if (!tasks) this.tasks.set(sessionId, (tasks = new Map()));
        const { kind: _kind, taskId, ...task } = event;
        tasks.set(taskId, { ...task });
        break;
      }
      case "to_background": {
        const task = tasks?.get(event.taskId);
        if (task) task.background = true;
        break;
      }
      case "ended":
        tasks?.delete(event.taskId);
        break;
      case "reset":
        this.tasks.delete(sessionId);
        break;
    }
    return this.changed(sessionId, before);
  }

  /**
   * A child session was announced (its first `subagent_update`): the sessions whose
   * background subagent it is list it from now on; their state updates to re-send.
   */
  announce(childSessionId: string): Array<{ sessionId: string; update: v2.SessionUpdate }> {
    // Each of the child's `subagent_update`s comes here: only the first can change a list.
    if (this.announced.has(childSessionId)) return [];
    const out: Array<{ sessionId: string; update: v2.SessionUpdate }> = [];
    const befores = new Map<string, string>();
    for (const sessionId of this.tasks.keys()) befores.set(sessionId, this.listed(sessionId));
    this.announced.add(childSessionId);
    for (const [sessionId, before] of befores) {
      const update = this.changed(sessionId, before);
      if (update) out.push({ sessionId, update });
    }
    return out;
  }

  /**
   * A root session's `state_update` as sent: with its background list, empty when
   * nothing runs in the background (every one, as upstream's v2 surface sends them).
   * Remembers the state, for a change of the list to re-send.
   */
  stamp(sessionId: string, update: v2.SessionUpdate): v2.SessionUpdate {
    if (update.sessionUpdate !== V2_UPDATES.stateUpdate) return update;
    this.states.set(sessionId, String(update.state));
    return { ...update, background: this.items(sessionId) } as v2.SessionUpdate;
  }

  /** The session was closed: its tasks are gone. */
  forget(sessionId: string): void {
    this.tasks.delete(sessionId);
    this.states.delete(sessionId);
  }

  /** The session's background work, as v2 lists it. */
  items(sessionId: string): v2.BackgroundWork[] {
    const out: v2.BackgroundWork[] = [];
    for (const [taskId, task] of this.tasks.get(sessionId) ?? []) {
      if (!task.background) continue;
      const item = this.item(sessionId, taskId, task);
      if (item) out.push(item);
    }
    return out;
  }

  private item(sessionId: string, taskId: string, task: Task): v2.BackgroundWork | undefined {
    if (task.childSessionId !== undefined) {
      // Listed once the client knows the child (the RFD: announced before listed).
      return this.announced.has(task.childSessionId)
        ? { type: V2_BACKGROUND.subagent, sessionId: task.childSessionId }
        : undefined;
    }
    const terminalId =
      task.toolCallId === undefined ? undefined : this.terminalOf(sessionId, task.toolCallId);
    if (terminalId !== undefined) return { type: "terminal", terminalId };
    return {
      type: V2_BACKGROUND.claudeTask,
      taskId,
      ...(task.taskType !== undefined ? { taskType: task.taskType } : {}),
      ...(task.description !== undefined ? { description: task.description } : {}),
    };
  }

  private listed(sessionId: string): string {
    return JSON.stringify(this.items(sessionId));
  }

  /** The state update to re-send when the list changed from `before`. */
  private changed(sessionId: string, before: string): v2.SessionUpdate | undefined {
    const items = this.items(sessionId);
    if (JSON.stringify(items) === before) return undefined;
    // A repeated snapshot of the state: no new stop reason, no new usage.
    const state = this.states.get(sessionId) ?? "idle";
    return { sessionUpdate: V2_UPDATES.stateUpdate, state, background: items } as v2.SessionUpdate;
  }
}
