import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import type { ClientProfile } from "../../profile/client-profile.js";
import type { RoutedUpdate } from "../../translation/routed-update.js";
import { asyncTaskUpdates } from "../../translation/tasks/sdk-events.js";
import { AsyncTaskTracker, type AsyncTaskUpdate } from "../../translation/tasks/task-tracker.js";
import { log } from "../../util/log.js";
import type { Outbox } from "../outbox.js";
import type { QuerySlot } from "../start/query-slot.js";

/**
 * How an extension shows a session's background tasks (AIR's async tasks, Lody's task
 * cards): each maps the tracker's updates onto its own wire.
 */
export interface TaskPresenter {
  /** The session updates of one tracker update (none: this extension shows nothing of it). */
  present(update: AsyncTaskUpdate, now: number): SessionUpdate[];
  /** Updates of its own read off each message, for the root session (Lody's subagent cards). */
  observe?(message: SDKMessage, now: number): SessionUpdate[];
  /** Claude Code ended (or the session closes): what it opened ends, with `error`. */
  shutdown?(now: number, error: string): SessionUpdate[];
  /**
   * The one transcript line a stop request adds for the task `name`: only the extension
   * whose method stops tasks (AIR's `_session/async_task/stop`) has it.
   */
  stoppedLine?(name: string): string;
}

declare module "../../profile/hooks.js" {
  interface ExtensionHooks {
    /** The extensions that show background tasks: one presenter each per session, in order. */
    readonly taskPresenters?: readonly ((profile: ClientProfile) => TaskPresenter)[];
  }
}

/** The answer of a stop request: whether the task was stopped now. */
export interface StopTaskResponse {
  readonly stopped: boolean;
}

/** The session parts the async tasks use. */
export interface AsyncTaskParts {
  readonly sessionId: string;
  readonly outbox: Outbox;
  readonly slot: QuerySlot;
}

/**
 * The session's async tasks for a client whose extensions show them
 * (`ExtensionHooks.taskPresenters`). A client with two gets both: each extension's
 * contract stands on its own.
 */
export function asyncTasksFor(
  profile: ClientProfile,
  parts: AsyncTaskParts,
): AsyncTasks | undefined {
  const presenters = (profile.hooks.taskPresenters ?? []).map((presenter) => presenter(profile));
  return presenters.length > 0 ? new AsyncTasks(parts, presenters) : undefined;
}

/**
 * A session's async tasks (air-extensions.md "Async tasks", lody-contract.md §7.6):
 * every SDK message goes to the tracker, in or out of a turn (a task ends while no
 * prompt runs); its updates go to the client in order, held while the session is quiet.
 * Also the stop request and the end of every open task when the session closes.
 */
export class AsyncTasks {
  private readonly tracker = new AsyncTaskTracker();

  constructor(
    private readonly parts: AsyncTaskParts,
    private readonly presenters: readonly TaskPresenter[],
  ) {}

  /** One SDK message of the session's Claude Code. */
  observe(message: SDKMessage): void {
    this.publish(asyncTaskUpdates(this.tracker, message));
    for (const presenter of this.presenters)
      if (presenter.observe) this.sendCards(presenter.observe(message, epochSeconds()));
  }

  /**
   * `_session/async_task/stop`: Claude Code stops the task (`stopTask`), the client gets
   * `stopped` and one transcript line, then the answer. `{stopped: false}` for an unknown,
   * finished or already stopping task, and when Claude Code could not stop it.
   */
  async stop(taskId: string): Promise<StopTaskResponse> {
    // An extension's method: a client without it does not stop its tasks through it.
    const stopper = this.presenters.find((presenter) => presenter.stoppedLine);
    if (!stopper?.stoppedLine) return { stopped: false };
    const name = this.tracker.stopping(taskId);
    if (name === undefined) return { stopped: false };
    const query = this.parts.slot.current;
    try {
      if (!query) throw new Error("Claude Code is not running");
      await query.stopTask(taskId);
    } catch (error) {
      log.warn("stopping a task failed", {
        sessionId: this.parts.sessionId,
        taskId,
        message: String(error),
      });
      this.tracker.stopFailed(taskId);
      return { stopped: false };
    }
    this.publish(this.tracker.stopped(taskId));
    const line = stopper.stoppedLine(name);
    this.parts.outbox.announce([
      { sessionUpdate: "agent_message_chunk", content: { type: "text", text: line } },
    ]);
    await new Promise<void>((resolve) => this.parts.outbox.after(resolve));
    return { stopped: true };
  }

  /**
   * Claude Code exited (`failed`) or was replaced (`stopped`): its open tasks ended with it.
   * Held while the session is quiet, like any task update.
   */
  shutdown(state: "stopped" | "failed"): void {
    this.publish(this.tracker.shutdown(state));
    const error = state === "stopped" ? "Stopped" : "Claude Code exited";
    this.sendCards(this.shutdownCards(error));
  }

  /**
   * The session closes: its open tasks end as `stopped`, told also to a session quiet
   * after a cancel (nothing would be told later).
   */
  close(): void {
    const updates = this.tracker.shutdown("stopped");
    const cards = this.shutdownCards("Stopped");
    if (updates.length === 0 && cards.length === 0) return;
    this.parts.outbox.wake();
    this.publish(updates);
    this.sendCards(cards);
  }

  /**
   * Sends `updates`, each to the session of the task's target (a subagent's task: its
   * child; today's flat transcript routes children to the root). Held while quiet.
   */
  private publish(updates: readonly AsyncTaskUpdate[]): void {
    if (updates.length === 0) return;
    const routed: RoutedUpdate[] = [];
    const now = epochSeconds();
    for (const update of updates) {
      const target = this.tracker.targetOf(update.asyncTaskId);
      for (const presenter of this.presenters)
        for (const shown of presenter.present(update, now)) routed.push({ target, update: shown });
    }
    this.parts.outbox.announceRouted(routed);
  }

  /** What the presenters end when Claude Code does. */
  private shutdownCards(error: string): SessionUpdate[] {
    const now = epochSeconds();
    return this.presenters.flatMap((presenter) => presenter.shutdown?.(now, error) ?? []);
  }

  /** Subagent cards: the root session's tool calls (no child session takes them). */
  private sendCards(cards: readonly SessionUpdate[]): void {
    if (cards.length > 0) this.parts.outbox.announce(cards);
  }
}

function epochSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
