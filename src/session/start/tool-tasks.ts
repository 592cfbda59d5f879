import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";

/**
 * The Claude Code task behind each running tool call, for ACP v2's `tool_call/cancel`
 * and `terminal/cancel`. Claude Code registers a Bash command as a `local_bash` task
 * (`task_started` with its `tool_use_id`, also in the foreground) and stops one with
 * `Query.stopTask`, which kills the command and gives the model an error result; the
 * turn goes on. A stop asked before the task exists (the command waits for its
 * permission, or has not spawned yet) is kept and done when the task starts; the tool
 * call's result or the task's end forgets it.
 */
export class ToolTasks {
  /** tool use id → task id, while the task runs. */
  private readonly running = new Map<string, string>();
  /** Tool use ids whose stop was asked before their task started. */
  private readonly pending = new Set<string>();

  /** `stopTask`: Claude Code's `Query.stopTask`, undefined when no Claude Code runs. */
  constructor(private readonly stopTask: (taskId: string) => Promise<void> | undefined) {}

  /** One message of the session's Claude Code. */
  observe(message: SDKMessage): void {
    if (message.type === "system" && message.subtype === "task_started") {
      const toolUseId = message.tool_use_id;
      if (!toolUseId) return;
      this.running.set(toolUseId, message.task_id);
      if (this.pending.delete(toolUseId)) this.stop(toolUseId);
    } else if (message.type === "system" && message.subtype === "task_notification") {
      if (message.tool_use_id) this.ended(message.tool_use_id);
    } else if (
      message.type === "user" &&
      this.pending.size > 0 && // every message of every session passes here: most ask nothing
      Array.isArray(message.message.content)
    ) {
      // A result with no task started (a refused or failed call): nothing left to stop.
      for (const block of message.message.content as unknown as Array<Record<string, unknown>>) {
        if (block?.type === "tool_result" && typeof block.tool_use_id === "string")
          this.pending.delete(block.tool_use_id);
      }
    }
  }

  /** Stops the task of tool call `toolUseId`, now or once it starts. */
  stop(toolUseId: string): void {
    const taskId = this.running.get(toolUseId);
    if (taskId === undefined) {
      this.pending.add(toolUseId);
      return;
    }
    // The tool call's final report confirms the stop; a failed stop leaves it running.
    this.stopTask(taskId)?.catch(() => undefined);
  }

  /** Claude Code exited: its tasks ended with it. */
  queryExited(): void {
    this.running.clear();
    this.pending.clear();
  }

  private ended(toolUseId: string): void {
    this.running.delete(toolUseId);
    this.pending.delete(toolUseId);
  }
}
