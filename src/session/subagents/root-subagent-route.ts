import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import type { RoutedUpdate } from "../../translation/routed-update.js";
import type { SdkMessageTranslator } from "../../translation/sdk-message-translator.js";

/**
 * The subagents of a client without a subagent signal (the flat transcript): every
 * child's work goes to the root session, with its `parentToolUseId` (seed 000 "Native
 * subagent sessions": "Child interactions stay on the root session"). A foreground
 * child's work is its parent turn's; this route only follows the background ones, which
 * run on after the turn that launched them: the translator keeps their tool calls across
 * that turn's end, their work goes out between turns too, and their permission requests
 * are asked then (`inBackground`).
 *
 * A subagent is in the background from its task's `task_started` with `is_backgrounded`
 * (named by the Agent / Task call's tool use id) until its task's `task_notification`.
 * A `ChildRoute` (`child-route.ts`, which picks it), by shape: an import back would close a
 * cycle.
 */
export class RootSubagentRoute {
  private readonly background = new Set<string>();

  constructor(
    private readonly rootSessionId: string,
    private readonly send: (update: SessionUpdate, sessionId: string) => void,
  ) {}

  attach(translator: SdkMessageTranslator): void {
    translator.keepAcrossTurns((parent) => this.background.has(parent));
  }

  observe(message: SDKMessage): boolean {
    if (message.type === "system") {
      if (message.subtype === "task_started" && message.tool_use_id && message.is_backgrounded)
        this.background.add(message.tool_use_id);
      else if (message.subtype === "task_notification" && message.tool_use_id)
        this.background.delete(message.tool_use_id);
      return false;
    }
    const parent = (message as { parent_tool_use_id?: unknown }).parent_tool_use_id;
    return typeof parent === "string" && this.background.has(parent);
  }

  /** A background child's work: to the root session, in its order, between turns too. */
  sendWork(routed: readonly RoutedUpdate[]): void {
    for (let i = 0; i < routed.length; i++) this.send(routed[i]!.update, this.rootSessionId);
  }

  sessionOf(): string {
    return this.rootSessionId;
  }

  inBackground(toolUseId: string): boolean {
    return this.background.has(toolUseId);
  }

  requestOpened(): void {}
  requestClosed(): void {}
  parentCancelled(): void {}

  /** No child has a session of its own. */
  owns(): boolean {
    return false;
  }

  cancel(): void {}

  /** A new Claude Code: the tasks of the one before ended with it. */
  queryExited(): void {
    this.background.clear();
  }
}
