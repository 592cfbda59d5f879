import { contentBlocks, type MessageEntry } from "./transcript-entry.js";
import { withoutSegment } from "./message-point.js";

/** One entry of the branch a session continues from, in order, with its parent. */
export interface BranchEntry {
  readonly entry: MessageEntry;
  readonly parentUuid: string | undefined;
}

/** A change a file restore cannot undo, with the tool call that made it. */
export interface UnrestorableChange {
  readonly toolCallId: string;
  readonly tool: string;
  /**
   * `not_checkpointed`: a shell command (Claude Code's checkpoints cover its file tools
   * only); `kept_turn`: made later in the turn the rewind keeps part of (checkpoints are
   * taken at prompts).
   */
  readonly reason: "not_checkpointed" | "kept_turn";
}

/** What a rewind keeps and drops of a session's branch. */
export interface RewindPlan {
  /**
   * The entry Claude Code resumes at (`resumeSessionAt`): the last one kept. Undefined
   * when nothing is kept (the session's first prompt edited): the conversation starts
   * anew under the same session id.
   */
  readonly keep: string | undefined;
  /** How many messages (prompts and agent messages) the kept history holds. */
  readonly remaining: number;
  /** The id of the last kept message, as the client was shown it. */
  readonly lastMessageId: string | undefined;
  /**
   * The dropped prompts, in order: files restore to their state before the first (Claude
   * Code checkpoints a prompt's files when its first tool runs: the first with a
   * checkpoint holds the same state).
   */
  readonly restorePoints: readonly string[];
  /** Whether a dropped turn ran a file tool after the first dropped prompt. */
  readonly droppedFileEdits: boolean;
  readonly unrestorable: readonly UnrestorableChange[];
}

/** Why a point cannot be rewound to: the message is unknown, or the wrong kind. */
export type RewindRefusal = { readonly refused: string };

const FILE_TOOLS = new Set(["Edit", "Write", "MultiEdit", "NotebookEdit"]);
const SHELL_TOOLS = new Set(["Bash", "PowerShell"]);

/** A prompt the user sent (not a tool result, a reminder, or Claude Code's own message). */
function isPrompt(entry: MessageEntry): boolean {
  if (entry.type !== "user" || entry.isMeta || entry.isCompactSummary) return false;
  if (entry.origin !== undefined && entry.origin !== "human") return false;
  return !contentBlocks(entry).some((b) => b.type === "tool_result");
}

/** Whether the entry only carries tool results. */
function isToolResult(entry: MessageEntry): boolean {
  return entry.type === "user" && contentBlocks(entry).some((b) => b.type === "tool_result");
}

/** The id the client was shown for a message entry: an agent message's id, a prompt's uuid. */
function shownId(entry: MessageEntry): string | undefined {
  if (entry.isSidechain || entry.isApiErrorMessage) return undefined;
  if (entry.type === "assistant") return entry.message?.id;
  return isPrompt(entry) ? entry.uuid : undefined;
}

/**
 * Plans a rewind of `branch` (the entries of the branch the session continues from, in
 * order) to message `messageId`: `rewind` keeps it and everything before it (an agent
 * message with the results of its tool calls), `edit` keeps what precedes the prompt
 * it names (which must be a prompt). Only a message on the branch can be named.
 */
export function planRewind(
  branch: readonly BranchEntry[],
  messageId: string,
  mode: "rewind" | "edit",
): RewindPlan | RewindRefusal {
  const wanted = withoutSegment(messageId);
  let last = -1;
  for (let i = 0; i < branch.length; i++) {
    const { entry } = branch[i]!;
    if (shownId(entry) === wanted || (entry.uuid === wanted && shownId(entry) !== undefined))
      last = i;
  }
  if (last < 0) return { refused: `no message of the session has id ${JSON.stringify(messageId)}` };
  const named = branch[last]!;
  let keepIndex = last;
  let keep: string | undefined = named.entry.uuid;
  if (mode === "edit") {
    if (!isPrompt(named.entry)) {
      return { refused: `message ${JSON.stringify(messageId)} is not a prompt the user sent` };
    }
    // The first prompt has no parent: nothing precedes it, so nothing is kept.
    keepIndex = named.parentUuid ? last - 1 : -1;
    keep = named.parentUuid;
  } else {
    // An agent message keeps the answers to its tool calls.
    while (keepIndex + 1 < branch.length && isToolResult(branch[keepIndex + 1]!.entry)) {
      keepIndex++;
      keep = branch[keepIndex]!.entry.uuid;
    }
  }
  const kept = new Set<string>();
  let lastMessageId: string | undefined;
  for (let i = 0; i <= keepIndex; i++) {
    const id = shownId(branch[i]!.entry);
    if (id === undefined) continue;
    kept.add(id);
    lastMessageId = id;
  }
  const dropped = branch.slice(keepIndex + 1);
  const restorePoints = dropped.filter((b) => isPrompt(b.entry)).map((b) => b.entry.uuid);
  const changes = unrestorable(dropped, restorePoints[0]);
  return {
    keep,
    remaining: kept.size,
    lastMessageId,
    restorePoints,
    droppedFileEdits: changes.edited,
    unrestorable: changes.unrestorable,
  };
}

/**
 * The dropped changes a restore to `restorePoint` leaves as they are, and whether a file
 * tool ran after it (a restore that finds no checkpoint then failed).
 */
function unrestorable(
  dropped: readonly BranchEntry[],
  restorePoint: string | undefined,
): { unrestorable: UnrestorableChange[]; edited: boolean } {
  const changes: UnrestorableChange[] = [];
  let edited = false;
  let beforePrompt = true;
  for (const { entry } of dropped) {
    if (entry.uuid === restorePoint) beforePrompt = false;
    if (entry.type !== "assistant") continue;
    for (const block of contentBlocks(entry)) {
      if (block.type !== "tool_use" || typeof block.id !== "string") continue;
      const tool = typeof block.name === "string" ? block.name : "";
      if (SHELL_TOOLS.has(tool)) {
        changes.push({ toolCallId: block.id, tool, reason: "not_checkpointed" });
      } else if (FILE_TOOLS.has(tool) && beforePrompt) {
        changes.push({ toolCallId: block.id, tool, reason: "kept_turn" });
      } else if (FILE_TOOLS.has(tool)) {
        edited = true;
      }
    }
  }
  return { unrestorable: changes, edited };
}
