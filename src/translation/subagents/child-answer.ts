import { contentBlocks, type MessageEntry } from "../replay/transcript-entry.js";
import { record, resultText } from "../tool-calls/reporter.js";
import { subagentReport } from "../tool-calls/reporters/agent.js";

/**
 * The tool a child hands its report to its parent with when Claude Code runs subagents in
 * hand-back mode (SDK `BUILTIN_TOOL_NAMES`; features 1n "session_message linking"): the
 * report is the call's `message`, and the Agent / Task result then only says it was
 * delivered (`handback: "send"` in its structured result).
 */
export const HANDBACK_TOOL = "SubagentHandback";

/** The report of a SubagentHandback call, from its input; undefined when blank. */
export function handbackMessage(input: unknown): string | undefined {
  const message = record(input)?.message;
  return typeof message === "string" && message.trim() ? message : undefined;
}

/**
 * A finished subagent's answer to its parent, from its Agent / Task call's result: the
 * report the parent got, without Claude Code's notes and trailer for the model. Only a
 * completed run's result is an answer (`tool_use_result.status: "completed"`, Claude Code
 * 2.1.318): a background launch's result is a placeholder, and an error is not the
 * child's. A result that says the report was handed back (`handback: "send"`) holds none:
 * the child's SubagentHandback call does. Undefined when there is none.
 */
export function childAnswer(content: unknown, structured: unknown): string | undefined {
  const result = record(structured);
  if (result?.status !== "completed" || result.handback === "send") return undefined;
  const report = subagentReport({
    isError: false,
    text: resultText(content),
    raw: content,
    structured,
  });
  return report || undefined;
}

/**
 * A background subagent's answer: the `summary` of its `task_notification` when it
 * completed (Claude Code 2.1.318 puts the child's final message there).
 */
export function notifiedAnswer(status: string, summary: unknown): string | undefined {
  if (status !== "completed" || typeof summary !== "string") return undefined;
  return summary.trim() || undefined;
}

/**
 * A stored child's last message with text, the answer it handed back, for a replay whose
 * call's result does not hold it: a nested child's result has no structured output, a
 * background child's is its launch (live, both answers are the task's `summary`, its
 * final message). A SubagentHandback call's message wins: it is the report the parent
 * got. Fed the child's entries in order; Claude Code stores a message's blocks as
 * entries of their own, under one message id.
 */
export class StoredAnswer {
  private id: string | undefined;
  private text = "";
  private handedBack: string | undefined;

  see(entry: MessageEntry): void {
    if (entry.type !== "assistant" || entry.isApiErrorMessage) return;
    const blocks = contentBlocks(entry);
    let text = "";
    for (let i = 0; i < blocks.length; i++) {
      const block = blocks[i]!;
      if (block.type === "text" && typeof block.text === "string") text += block.text;
      if (block.type === "tool_use" && block.name === HANDBACK_TOOL) {
        this.handedBack = handbackMessage(block.input) ?? this.handedBack;
      }
    }
    if (!text) return;
    const id = entry.message?.id;
    if (id !== undefined && id === this.id) this.text += text;
    else this.text = text;
    this.id = id;
  }

  get answer(): string | undefined {
    return this.handedBack ?? (this.text.trim() || undefined);
  }
}
