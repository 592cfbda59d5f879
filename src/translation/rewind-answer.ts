import type { RewindPlan } from "./replay/rewind-plan.js";
import { ownField, toPlainData } from "../util/plain-data.js";

/** What a file restore did (`ClaudeQuery.rewindFiles`). */
export interface FileRewind {
  /** The files put back (absolute paths); empty when nothing differed. */
  readonly files: readonly string[];
  readonly insertions: number;
  readonly deletions: number;
  /** Why Claude Code could not restore them (then nothing was restored). */
  readonly error?: string;
  /** Files left alone for safety (a link where the file was). */
  readonly skippedLinks?: number;
}

/** Whether a rewind request asks for the files back (`_meta.claudeCode.restoreFiles: true`). */
export function wantsFilesRestored(meta: unknown): boolean {
  return ownField(ownField(toPlainData(meta), "claudeCode"), "restoreFiles") === true;
}

/**
 * What a rewind with `restoreFiles` tells the client, under `_meta.claudeCode`: the files
 * restored (`restoredFiles`), why none could be (`restoreError`), and the dropped changes
 * a restore cannot undo (`unrestorableChanges`: a shell command's, which Claude Code does
 * not checkpoint, or a file tool's later in the turn the rewind keeps part of). Undefined
 * when the request did not ask.
 */
export function restoreMeta(
  asked: boolean,
  plan: RewindPlan,
  files: FileRewind | undefined,
): Record<string, unknown> | undefined {
  if (!asked) return undefined;
  const claudeCode: Record<string, unknown> = {
    restoredFiles: {
      files: files && !files.error ? [...files.files] : [],
      insertions: files?.error ? 0 : (files?.insertions ?? 0),
      deletions: files?.error ? 0 : (files?.deletions ?? 0),
      ...(files?.skippedLinks ? { skippedLinks: files.skippedLinks } : {}),
    },
  };
  // No checkpoint at all is no error when no file tool ran in the dropped turns.
  if (files?.error && plan.droppedFileEdits) claudeCode.restoreError = files.error;
  if (plan.unrestorable.length > 0) {
    claudeCode.unrestorableChanges = plan.unrestorable.map((c) => ({ ...c }));
  }
  return { claudeCode };
}

/** The `session/rewind` answer (RFD): the kept history's size and last message. */
export function rewindAnswer(
  plan: RewindPlan,
  restore: Record<string, unknown> | undefined,
): {
  remainingMessageCount: number;
  lastMessageId: string | null;
  _meta?: Record<string, unknown>;
} {
  return {
    remainingMessageCount: plan.remaining,
    lastMessageId: plan.lastMessageId ?? null,
    ...(restore ? { _meta: restore } : {}),
  };
}
