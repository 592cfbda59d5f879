import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import { asyncTaskUpdates } from "../extensions/air/async-tasks/sdk-events.js";
import {
  stoppedByUserLine,
  type StopAsyncTaskResponse,
} from "../extensions/air/async-tasks/stop-method.js";
import {
  AsyncTaskTracker,
  type AsyncTaskUpdate,
} from "../extensions/air/async-tasks/task-tracker.js";
import { LodySubagentCards } from "../extensions/lody/subagent-cards.js";
import { LodyTaskCards } from "../extensions/lody/task-cards.js";
import type { ClientProfile } from "../profile/client-profile.js";
import type { RoutedUpdate } from "../translation/routed-update.js";
import { subagentsOffRoot } from "../translation/subagents/child-session.js";
import { log } from "../util/log.js";
import type { Outbox } from "./outbox.js";
import type { QuerySlot } from "./query-slot.js";

/** The session parts the async tasks use. */
export interface AsyncTaskParts {
  readonly sessionId: string;
  readonly outbox: Outbox;
  readonly slot: QuerySlot;
}

/**
 * The session's async tasks for a client that takes them: AIR's `asyncTasks`, and a
 * Lody client's background tasks as `_meta.lody.task` tool calls (lody-contract.md §7.6),
 * its subagents as task cards too when they stay on the root (no Lody subagent events,
 * no native child sessions: the cards are their fallback). A client that is both gets
 * both: each extension's contract stands on its own.
 */
export function asyncTasksFor(
  profile: ClientProfile,
  parts: AsyncTaskParts,
): AsyncTasks | undefined {
  const air = profile.air.asyncTasks;
  if (!air && !profile.lody.client) return undefined;
  const cards = profile.lody.client ? new LodyTaskCards() : undefined;
  const subagents = cards && !subagentsOffRoot(profile) ? new LodySubagentCards(cards) : undefined;
  return new AsyncTasks(parts, air, cards, subagents);
}

/**
 * A session's async tasks (air-extensions.md "Async tasks", lody-contract.md §7.6):
 * every SDK message goes to the tracker, in or out of a turn (a task ends while no
 * prompt runs); its updates go to the client in order, held while the session is quiet.
 * Also the stop request and the end of every open task when the session closes.
 */
export class AsyncTasks {
  private readonly tracker = new AsyncTaskTracker();

  /**
   * `air`: the tasks go out as AIR's updates (and AIR's stop request stops them);
   * `lody`: as Lody task tool calls; `subagents`: the subagents too, as Lody cards.
   */
  constructor(
    private readonly parts: AsyncTaskParts,
    private readonly air: boolean,
    private readonly lody?: LodyTaskCards,
    private readonly subagents?: LodySubagentCards,
  ) {}

  /** One SDK message of the session's Claude Code. */
  observe(message: SDKMessage): void {
    this.publish(asyncTaskUpdates(this.tracker, message));
    if (this.subagents) this.sendCards(this.subagents.observe(message, epochSeconds()));
  }

  /**
   * `_session/async_task/stop`: Claude Code stops the task (`stopTask`), the client gets
   * `stopped` and one transcript line, then the answer. `{stopped: false}` for an unknown,
   * finished or already stopping task, and when Claude Code could not stop it.
   */
  async stop(taskId: string): Promise<StopAsyncTaskResponse> {
    // AIR's method: a client that is Lody only does not stop its tasks through it.
    if (!this.air) return { stopped: false };
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
    const line = stoppedByUserLine(name);
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
    if (this.subagents) this.sendCards(this.subagents.shutdown(epochSeconds(), error));
  }

  /**
   * The session closes: its open tasks end as `stopped`, told also to a session quiet
   * after a cancel (nothing would be told later).
   */
  close(): void {
    const updates = this.tracker.shutdown("stopped");
    const cards = this.subagents?.shutdown(epochSeconds(), "Stopped") ?? [];
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
      // AIR's own session update kinds, outside the ACP schema's union.
      if (this.air) routed.push({ target, update: update as unknown as SessionUpdate });
      if (!this.lody) continue;
      for (const card of this.lody.present(update, now)) routed.push({ target, update: card });
    }
    this.parts.outbox.announceRouted(routed);
  }

  /** Subagent cards: the root session's tool calls (no child session takes them). */
  private sendCards(cards: readonly SessionUpdate[]): void {
    if (cards.length > 0) this.parts.outbox.announce(cards);
  }
}

function epochSeconds(): number {
  return Math.floor(Date.now() / 1000);
}
