import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import type { TaskEvent } from "../../client/client-port.js";
import { childSessionId } from "../../translation/subagents/child-session.js";
import type { MessageTap, MessageTapParts } from "../taps/message-tap.js";

type System = Extract<SDKMessage, { type: "system" }>;

/**
 * The change one of Claude Code's messages makes to its tasks (`task_started`,
 * `task_updated` moving one to the background, `task_notification`), or undefined.
 * `rootSessionId`: a subagent's task names its child session, derived as the router
 * derives it from the call that launched it; `childOfTask`: the child session the router
 * knows runs a task. A SendMessage that runs an idle child again starts its task anew under
 * the same task id but its own tool use id, which names no child: the run is the child's
 * the router mapped the task to (live, or adopted from a load's replay). Pure, for its tests.
 */
export function taskEvent(
  message: SDKMessage,
  rootSessionId: string,
  childOfTask: (taskId: string) => string | undefined = () => undefined,
): TaskEvent | undefined {
  if (message.type !== "system") return undefined;
  // Read field by field: the task events' types name more than this build sends.
  const m = message as System & Record<string, unknown>;
  const taskId = typeof m.task_id === "string" ? m.task_id : undefined;
  if (taskId === undefined) return undefined;
  switch (message.subtype) {
    case "task_started": {
      const toolCallId = text(m.tool_use_id);
      const taskType = text(m.task_type);
      const child =
        taskType !== "local_agent"
          ? undefined
          : (childOfTask(taskId) ??
            (toolCallId !== undefined ? childSessionId(rootSessionId, toolCallId) : undefined));
      const event: TaskEvent = {
        kind: "started",
        taskId,
        ...(toolCallId !== undefined ? { toolCallId } : {}),
        ...(taskType !== undefined ? { taskType } : {}),
        background: m.is_backgrounded === true,
        ...(text(m.description) !== undefined ? { description: text(m.description) } : {}),
        ...(child !== undefined ? { childSessionId: child } : {}),
      };
      return event;
    }
    case "task_updated": {
      const patch = m.patch as Record<string, unknown> | undefined;
      return patch?.is_backgrounded === true ? { kind: "to_background", taskId } : undefined;
    }
    case "task_notification": {
      const status = m.status === "completed" || m.status === "failed" ? m.status : "stopped";
      return { kind: "ended", taskId, status };
    }
    default:
      return undefined;
  }
}

/**
 * Tells the client port of each change to Claude Code's tasks, after the message's own
 * updates (a subagent's end goes before its task's); a new Claude Code ends the old
 * one's tasks. Built only for a port that listens (ACP v2's background work). After the
 * session routed the message: the router knows the task's child by then.
 */
export function taskEventsTap({ sessionId, outbox, subagents }: MessageTapParts): MessageTap {
  const childOfTask = (taskId: string): string | undefined => subagents?.childOfTask?.(taskId);
  return {
    observe: () => undefined,
    routed: (message) => {
      const event = taskEvent(message, sessionId, childOfTask);
      if (event) outbox.task(event);
    },
    queryStarted: () => outbox.task({ kind: "reset" }),
  };
}

function text(value: unknown): string | undefined {
  return typeof value === "string" && value !== "" ? value : undefined;
}
