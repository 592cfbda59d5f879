import { contentBlocks, type MessageEntry } from "../replay/transcript-entry.js";
import { record, resultText } from "../tool-calls/reporter.js";
import { subagentReport } from "../tool-calls/reporters/agent.js";

/**
 * A finished subagent's answer to its parent, from its Agent / Task call's result: the
 * report the parent got, without Claude Code's notes and trailer for the model. Only a
 * completed run's result is an answer (`tool_use_result.status: "completed"`, Claude Code
 * 2.1.318): a background launch's result is a placeholder, and an error is not the
 * child's. Undefined when there is none.
 */
export function childAnswer(content: unknown, structured: unknown): string | undefined {
  if (record(structured)?.status !== "completed") return undefined;
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
 * final message). Fed the child's entries in order; Claude Code stores a message's blocks
 * as entries of their own, under one message id.
 */
export class StoredAnswer {
  private id: string | undefined;
  private text = "";

  see(entry: MessageEntry): void {
    if (entry.type !== "assistant" || entry.isApiErrorMessage) return;
    const blocks = contentBlocks(entry);
    let text = "";
    for (let i = 0; i < blocks.length; i++) {
      const block = blocks[i]!;
      if (block.type === "text" && typeof block.text === "string") text += block.text;
    }
    if (!text) return;
    const id = entry.message?.id;
    if (id !== undefined && id === this.id) this.text += text;
    else this.text = text;
    this.id = id;
  }

  get answer(): string | undefined {
    return this.text.trim() || undefined;
  }
}
