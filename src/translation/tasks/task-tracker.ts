import { outputPathIn } from "./output-path.js";
import {
  sameUsage,
  stateUpdate,
  terminalState,
  TASK_TYPES,
  type AsyncTaskState,
  type AsyncTaskUpdate,
  type Progress,
  type TaskFacts,
} from "./task-updates.js";

export type { AsyncTaskUpdate, TaskFacts, TaskUsage } from "./task-updates.js";

interface ToolUse {
  readonly name: string;
  description?: string;
  parent?: string;
}

type Phase = "foreground" | "held" | "announced" | "ignored";
/** What ended a task: its own terminal event, or the adapter's inference. */
type EndedBy = "event" | "list" | "user" | "shutdown";

interface Task {
  readonly id: string;
  phase: Phase;
  toolCallId?: string;
  /** The subagent whose tool call started the task (`null`: the root's). */
  parent: string | null;
  readonly name: string;
  /** The description the spawn carries; later ones go out as progress. */
  readonly description: string;
  readonly taskType: string;
  showInTranscript: boolean;
  outputFilePath?: string;
  state: AsyncTaskState;
  endedBy?: EndedBy;
  /** A terminal event already corrected a state the adapter inferred. */
  corrected: boolean;
  stopping: boolean;
  /** The task was in the SDK's background task list once (so leaving it means it ended). */
  listed: boolean;
  /** What went out last of each progress field. */
  readonly sent: Progress;
  /** Updates of a held task, sent after its spawn. */
  held: AsyncTaskUpdate[];
}

/** SDK task types that are no async task: subagents (native subagent sessions) and monitors. */
const EXCLUDED_TYPES = new Set(["local_agent", "local_monitor"]);
/** A task that this tool started streams its output to the model only. */
const MONITOR_TOOL = "Monitor";
/** Tool uses remembered for their name and description (a bounded window). */
const REMEMBERED_TOOL_USES = 512;

/**
 * The async tasks of one session, as a state machine (air-extensions.md "Async tasks"):
 * SDK task events, the background task list, tool uses and results in; the task updates
 * out, in order. A task comes only from structured data; it is held until the tool call
 * that started it is known ("Tool call of a task"); the background task list decides
 * liveness ("Liveness"). Pure: no I/O, no clock.
 */
export class AsyncTaskTracker {
  private readonly tasks = new Map<string, Task>();
  /** The SDK task type of each task id the background list named. */
  private readonly listedTypes = new Map<string, string>();
  /** Recent tool uses: name and description (Bash), by tool use id. */
  private readonly toolUses = new Map<string, ToolUse>();
  /** Result texts of recent tool calls that started no known task yet. */
  private readonly resultTexts = new Map<string, string>();

  /**
   * Claude called a tool: its name tells a Monitor, a Bash's description names its task,
   * `parent` is the subagent whose tool call it is (its tasks' updates are the child's).
   */
  toolUse(toolUseId: string, name: string, description?: string, parent?: string | null): void {
    const use: ToolUse = { name };
    if (description) use.description = description;
    if (parent) use.parent = parent;
    remember(this.toolUses, toolUseId, use);
  }

  /**
   * Where a task's updates go: the subagent whose tool call started it (also after the
   * subagent finished), else `null`, the root session ("Async tasks").
   */
  targetOf(taskId: string): string | null {
    return this.tasks.get(taskId)?.parent ?? null;
  }

  /** `task_started`. */
  started(facts: TaskFacts): AsyncTaskUpdate[] {
    const task = this.task(facts);
    if (task.phase === "ignored") return [];
    if (facts.backgrounded === false && task.phase === "held" && !task.listed) {
      task.phase = "foreground";
      if (facts.toolUseId) this.setToolCall(task, facts.toolUseId);
      return [];
    }
    return this.learn(task, facts);
  }

  /** `task_updated`: a move to the background, a pause or a resume, a new description. */
  updated(
    facts: TaskFacts & { readonly status?: string; readonly backgroundedNow?: boolean },
  ): AsyncTaskUpdate[] {
    const task = this.task(facts);
    if (task.phase === "ignored") return [];
    if (task.phase === "foreground") {
      if (facts.backgroundedNow !== true) return [];
      task.phase = "held";
    }
    const out = this.learn(task, facts);
    // A terminal status waits for `task_notification` (with its summary); the list is the net.
    if ((facts.status === "running" || facts.status === "paused") && !task.endedBy) {
      if (task.state !== facts.status) {
        task.state = facts.status;
        out.push(...this.emit(task, stateUpdate(task.id, facts.status)));
      }
    }
    return out;
  }

  /** `task_progress`. */
  progress(facts: TaskFacts): AsyncTaskUpdate[] {
    const task = this.task(facts);
    if (task.phase === "ignored" || task.phase === "foreground") return [];
    return this.learn(task, facts);
  }

  /** `task_notification`: the task ended; it may correct a state the adapter inferred. */
  notified(facts: TaskFacts & { readonly status: string }): AsyncTaskUpdate[] {
    const task = this.task(facts);
    if (task.phase === "ignored") return [];
    if (task.phase === "foreground") {
      task.phase = "ignored";
      return [];
    }
    // The notification's summary is the final state's, not progress.
    const out = this.learn(task, { ...facts, summary: undefined });
    const state = terminalState(facts.status);
    const summary = facts.summary ? { summary: facts.summary } : {};
    if (!task.endedBy) {
      out.push(...this.end(task, state, "event", summary));
    } else if (task.endedBy !== "event" && !task.corrected && task.state !== state) {
      task.corrected = true;
      task.state = state;
      out.push(...this.emit(task, stateUpdate(task.id, state, summary)));
    }
    return out;
  }

  /**
   * `background_tasks_changed`: the SDK's live task list, authoritative for liveness. A
   * task that was in it and left it without a terminal event is `stopped`.
   */
  listed(
    tasks: ReadonlyArray<{ readonly taskId: string; readonly taskType: string }>,
  ): AsyncTaskUpdate[] {
    const live = new Set<string>();
    for (const { taskId, taskType } of tasks) {
      live.add(taskId);
      remember(this.listedTypes, taskId, taskType);
      const task = this.tasks.get(taskId);
      if (task) task.listed = true;
      if (task && EXCLUDED_TYPES.has(taskType)) task.phase = "ignored";
    }
    const out: AsyncTaskUpdate[] = [];
    for (const task of this.tasks.values()) {
      if (!task.listed || live.has(task.id) || task.endedBy) continue;
      if (task.phase === "held" || task.phase === "announced")
        out.push(...this.end(task, "stopped", "list"));
    }
    return out;
  }

  /**
   * A tool result: its structured `backgroundTaskId` names a task started by this tool
   * call; its text may hold the output path of the call's task.
   */
  toolResult(toolUseId: string, text: string, backgroundTaskId?: string): AsyncTaskUpdate[] {
    remember(this.resultTexts, toolUseId, text);
    const out: AsyncTaskUpdate[] = [];
    if (backgroundTaskId) {
      const description = this.toolUses.get(toolUseId)?.description;
      const task = this.task({ taskId: backgroundTaskId, toolUseId, description });
      if (task.phase === "foreground") task.phase = "held";
      if (task.phase !== "ignored") out.push(...this.learn(task, { taskId: task.id, toolUseId }));
    }
    for (const task of this.tasks.values()) {
      if (task.toolCallId !== toolUseId || task.outputFilePath !== undefined) continue;
      if (task.phase === "ignored" || task.phase === "foreground") continue;
      const path = outputPathIn(text, task.id);
      if (path) out.push(...this.learn(task, { taskId: task.id, outputFile: path }));
    }
    return out;
  }

  /** The prompt's result ended the turn: a held task goes out without its tool call. */
  turnEnded(): AsyncTaskUpdate[] {
    const out: AsyncTaskUpdate[] = [];
    for (const task of this.tasks.values())
      if (task.phase === "held") out.push(...this.spawn(task));
    return out;
  }

  /**
   * A stop request ("Stop request"): the task's name when it may be stopped now (known,
   * announced or held, not ended, not already stopping); it is stopping from now on.
   */
  stopping(taskId: string): string | undefined {
    const task = this.tasks.get(taskId);
    if (!task || task.endedBy || task.stopping) return undefined;
    if (task.phase !== "announced" && task.phase !== "held") return undefined;
    task.stopping = true;
    return task.name;
  }

  /** The SDK stopped the task: `stopped`, unless its own terminal event came first. */
  stopped(taskId: string): AsyncTaskUpdate[] {
    const task = this.tasks.get(taskId);
    if (!task || task.endedBy || !task.stopping) return [];
    return this.end(task, "stopped", "user");
  }

  /** The SDK could not stop the task: it may be stopped again. */
  stopFailed(taskId: string): void {
    const task = this.tasks.get(taskId);
    if (task) task.stopping = false;
  }

  /** The session closes or its Claude Code exited: each open task ends as `state`. */
  shutdown(state: "stopped" | "failed"): AsyncTaskUpdate[] {
    const out: AsyncTaskUpdate[] = [];
    for (const task of this.tasks.values()) {
      if (task.endedBy || (task.phase !== "held" && task.phase !== "announced")) continue;
      out.push(...this.end(task, state, "shutdown"));
    }
    return out;
  }

  /**
   * The task `facts` names, created from its first structured event (ignored from the
   * start when the SDK type is a subagent's or a monitor's).
   */
  private task(facts: TaskFacts): Task {
    let task = this.tasks.get(facts.taskId);
    if (task) return task;
    const sdkType = facts.taskType ?? this.listedTypes.get(facts.taskId);
    // A Monitor's task is found once its tool call is known (`learn`).
    const ignored = sdkType !== undefined && EXCLUDED_TYPES.has(sdkType);
    const description = facts.description ?? facts.summary ?? facts.taskId;
    task = {
      id: facts.taskId,
      phase: ignored ? "ignored" : "held",
      parent: null,
      name: facts.name ?? description,
      description,
      taskType: sdkType === undefined ? "shell" : (TASK_TYPES[sdkType] ?? sdkType),
      showInTranscript: facts.skipTranscript !== true,
      state: "running",
      corrected: false,
      stopping: false,
      listed: this.listedTypes.has(facts.taskId),
      sent: {},
      held: [],
    };
    this.tasks.set(task.id, task);
    return task;
  }

  /**
   * What `facts` adds to what is known of `task`: its tool call (a held task is spawned
   * then), its output path, and progress fields that changed.
   */
  private learn(task: Task, facts: TaskFacts): AsyncTaskUpdate[] {
    const out: AsyncTaskUpdate[] = [];
    const change: Progress = {};
    if (facts.toolUseId && task.toolCallId === undefined) {
      this.setToolCall(task, facts.toolUseId);
      if (this.toolUses.get(facts.toolUseId)?.name === MONITOR_TOOL && task.phase === "held") {
        task.phase = "ignored";
        task.held = [];
        return [];
      }
      if (task.phase === "announced") change.toolCallId = facts.toolUseId;
    }
    if (task.outputFilePath === undefined && task.toolCallId !== undefined) {
      const text = this.resultTexts.get(task.toolCallId);
      const path = text !== undefined ? outputPathIn(text, task.id) : undefined;
      if (path) {
        task.outputFilePath = path;
        if (task.phase === "announced") change.outputFilePath = path;
      }
    }
    // An SDK event's `output_file` wins over a path read from text.
    if (facts.outputFile && facts.outputFile !== task.outputFilePath) {
      task.outputFilePath = facts.outputFile;
      if (task.phase !== "held") change.outputFilePath = facts.outputFile;
    }
    if (task.phase === "held" && task.toolCallId !== undefined) out.push(...this.spawn(task));
    const sent = task.sent;
    if (
      facts.description !== undefined &&
      facts.description !== (sent.description ?? task.description)
    )
      change.description = facts.description;
    if (facts.summary !== undefined && facts.summary !== sent.summary)
      change.summary = facts.summary;
    if (facts.lastToolName !== undefined && facts.lastToolName !== sent.lastToolName)
      change.lastToolName = facts.lastToolName;
    if (facts.usage !== undefined && !sameUsage(facts.usage, sent.usage))
      change.usage = facts.usage;
    // Nothing but the state goes out once a task ended.
    if (Object.keys(change).length === 0 || task.endedBy) return out;
    Object.assign(task.sent, change);
    out.push(
      ...this.emit(task, {
        kind: "progress",
        asyncTaskId: task.id,
        ...change,
      }),
    );
    return out;
  }

  private setToolCall(task: Task, toolUseId: string): void {
    task.toolCallId = toolUseId;
    task.parent = this.toolUses.get(toolUseId)?.parent ?? null;
  }

  /** The `spawned` update, then what the task held. */
  private spawn(task: Task): AsyncTaskUpdate[] {
    task.phase = "announced";
    const spawned: AsyncTaskUpdate = {
      kind: "spawned",
      asyncTaskId: task.id,
      name: task.name,
      taskType: task.taskType,
      description: task.description,
      showInTranscript: task.showInTranscript,
      canStop: true,
      ...(task.outputFilePath !== undefined ? { outputFilePath: task.outputFilePath } : {}),
      ...(task.toolCallId !== undefined ? { toolCallId: task.toolCallId } : {}),
    };
    task.sent.outputFilePath = task.outputFilePath;
    task.sent.toolCallId = task.toolCallId;
    const held = task.held;
    task.held = [];
    return [spawned, ...held];
  }

  /** Ends `task` as `state`: a held task goes out first, without its tool call. */
  private end(
    task: Task,
    state: AsyncTaskState,
    by: EndedBy,
    summary: { summary?: string } = {},
  ): AsyncTaskUpdate[] {
    task.endedBy = by;
    task.state = state;
    const out = task.phase === "held" ? this.spawn(task) : [];
    out.push(stateUpdate(task.id, state, summary));
    return out;
  }

  /** `update` now, or after the spawn of a held task. */
  private emit(task: Task, update: AsyncTaskUpdate): AsyncTaskUpdate[] {
    if (task.phase === "held") {
      task.held.push(update);
      return [];
    }
    return [update];
  }
}

/** Sets `key` in a map that keeps only its newest entries (512). */
export function remember<V>(map: Map<string, V>, key: string, value: V): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > REMEMBERED_TOOL_USES) map.delete(map.keys().next().value!);
}
