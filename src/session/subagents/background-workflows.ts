import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import type { ClientProfile } from "../../profile/client-profile.js";
import { subagentMode } from "../../translation/subagents/child-session.js";
import { log } from "../../util/log.js";
import type { MessageTap } from "../taps/message-tap.js";

/** Claude Code's task type of a `Workflow` run. */
const WORKFLOW_TASK = "local_workflow";

/**
 * Whether a cancel must stop the session's background workflows itself (features 1n
 * "Parent cancel semantics"): with `perTaskStopAffordance` (a client that stops one
 * subagent on its own, or a client's own option) Claude Code's interrupt spares every
 * background task, workflows too, and a client that cannot stop one workflow by itself
 * would have no way to stop it. A client whose extension stops tasks one by one (AIR's
 * `asyncTasks`, `stopsTasksOneByOne`) and a v2 client, which keeps its background list
 * (`v2`): the reference leaves theirs running.
 */
export function stopsWorkflowsOnCancel(
  profile: ClientProfile,
  passThrough: Readonly<Record<string, unknown>>,
  v2: boolean,
): boolean {
  const spared = subagentMode(profile) !== undefined || passThrough.perTaskStopAffordance === true;
  return spared && profile.hooks.stopsTasksOneByOne !== true && !v2;
}

declare module "../../profile/hooks.js" {
  interface ExtensionHooks {
    /** The client stops each background task by itself (AIR's `_session/async_task/stop`). */
    readonly stopsTasksOneByOne?: boolean;
  }
}

/**
 * The session's running background workflows, from Claude Code's
 * `background_tasks_changed` (the whole live set on each change; none when a new Claude
 * Code starts), and their stop at a cancel: `stopTask` for each, as the interrupt that
 * spared them would have killed them. Claude Code then reports each one stopped.
 */
export class BackgroundWorkflows implements MessageTap {
  private running: readonly string[] = [];

  constructor(
    private readonly sessionId: string,
    private readonly stopTask: (taskId: string) => Promise<void> | undefined,
  ) {}

  observe(message: SDKMessage): void {
    if (message.type !== "system" || message.subtype !== "background_tasks_changed") return;
    this.running = message.tasks.filter((t) => t.task_type === WORKFLOW_TASK).map((t) => t.task_id);
  }

  queryStarted(): void {
    this.running = [];
  }

  /** The session was cancelled: every background workflow stops. */
  cancelled(): void {
    for (const taskId of this.running) {
      this.stopTask(taskId)?.catch((error: unknown) => {
        log.warn("stopping a background workflow failed", {
          sessionId: this.sessionId,
          taskId,
          message: String(error),
        });
      });
    }
  }
}
