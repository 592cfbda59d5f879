import { contentBlocks, TOOL_USE_BLOCKS, type MessageEntry } from "../replay/transcript-entry.js";
import { StoredAnswer } from "./child-answer.js";
import { idle, type ChildWorkState } from "./child-session.js";

/**
 * A child's stored transcript → its runs: the launch's, then one per SendMessage that ran
 * it again. Claude Code 2.1.318 appends a resumed run to the child's own transcript, opened
 * by the parent's message as a user entry from the `coordinator` (its text wrapped in
 * Claude Code's words for the model). Only such a message after a finished run (an
 * assistant message last, no tool use open) starts one: a message to a child that is
 * still working is stored the same way, inside its run.
 */
export function childRuns(entries: Iterable<MessageEntry>): MessageEntry[][] {
  const runs: MessageEntry[][] = [[]];
  const open = new Set<string>();
  let last: MessageEntry | undefined;
  for (const entry of entries) {
    const blocks = contentBlocks(entry);
    if (entry.type === "user") {
      for (const block of blocks)
        if (block.type === "tool_result" && typeof block.tool_use_id === "string")
          open.delete(block.tool_use_id);
      const finished = last?.type === "assistant" && open.size === 0;
      if (finished && entry.origin === "coordinator") runs.push([]);
    } else if (entry.type === "assistant") {
      for (const block of blocks)
        if (TOOL_USE_BLOCKS.has(block.type) && typeof block.id === "string") open.add(block.id);
    }
    if (entry.type !== "system") last = entry;
    runs.at(-1)!.push(entry);
  }
  return runs;
}

/** How a stored run ended: the answer it handed back (its last text) and its final state. */
export interface RunEnd {
  readonly answer: string | undefined;
  readonly state: ChildWorkState;
}

/**
 * The end of a resumed run, as live its task's notification told it: a run that stopped
 * on a failed API call ended in error, without an answer; else it answered its last text.
 */
export function runEnd(run: readonly MessageEntry[]): RunEnd {
  const answer = new StoredAnswer();
  let failed = false;
  for (const entry of run) {
    answer.see(entry);
    if (entry.type === "assistant") failed = entry.isApiErrorMessage === true;
  }
  return failed
    ? { answer: undefined, state: idle("error") }
    : { answer: answer.answer, state: idle("end_turn") };
}
