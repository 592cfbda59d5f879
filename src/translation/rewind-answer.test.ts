import { describe, expect, it } from "vitest";
import type { RewindPlan } from "./replay/rewind-plan.js";
import { restoreMeta, rewindAnswer, wantsFilesRestored } from "./rewind-answer.js";

const plan: RewindPlan = {
  keep: "a1",
  remaining: 2,
  lastMessageId: "msg_1",
  restorePoints: ["p2"],
  droppedFileEdits: true,
  unrestorable: [{ toolCallId: "toolu_bash", tool: "Bash", reason: "not_checkpointed" }],
};

describe("rewind answer", () => {
  it.each([
    [{ claudeCode: { restoreFiles: true } }, true],
    [{ claudeCode: { restoreFiles: "true" } }, false],
    [{ claudeCode: {} }, false],
    [null, false],
    [{ restoreFiles: true }, false],
  ])("reads restoreFiles from %j as %s", (meta, asked) => {
    expect(wantsFilesRestored(meta)).toBe(asked);
  });

  it("answers the kept size and last message, with no _meta when files were not asked for", () => {
    expect(rewindAnswer(plan, restoreMeta(false, plan, undefined))).toEqual({
      remainingMessageCount: 2,
      lastMessageId: "msg_1",
    });
  });

  it("reports no file when Claude Code's restore gave no answer, and links left alone", () => {
    const quiet = { ...plan, unrestorable: [] };
    expect(restoreMeta(true, quiet, undefined)).toEqual({
      claudeCode: { restoredFiles: { files: [], insertions: 0, deletions: 0 } },
    });
    const linked = { files: ["/w/a.txt"], insertions: 3, deletions: 4, skippedLinks: 2 };
    expect(restoreMeta(true, quiet, linked)).toEqual({
      claudeCode: {
        restoredFiles: { files: ["/w/a.txt"], insertions: 3, deletions: 4, skippedLinks: 2 },
      },
    });
  });

  it("carries the restore's report in the answer's _meta", () => {
    const files = { files: [], insertions: 0, deletions: 0 };
    const restore = restoreMeta(true, { ...plan, unrestorable: [] }, files);
    expect(rewindAnswer({ ...plan, lastMessageId: undefined }, restore)).toEqual({
      remainingMessageCount: 2,
      lastMessageId: null,
      _meta: { claudeCode: { restoredFiles: files } },
    });
  });

  it("reports the restored files and what a restore cannot undo", () => {
    const files = { files: ["/w/a.txt"], insertions: 1, deletions: 2 };
    expect(restoreMeta(true, plan, files)).toEqual({
      claudeCode: {
        restoredFiles: { files: ["/w/a.txt"], insertions: 1, deletions: 2 },
        unrestorableChanges: [
          { toolCallId: "toolu_bash", tool: "Bash", reason: "not_checkpointed" },
        ],
      },
    });
  });

  it("says why nothing was restored, unless no file tool ran in the dropped turns", () => {
    const refused = { files: [], insertions: 0, deletions: 0, error: "no checkpoint" };
    expect(restoreMeta(true, { ...plan, unrestorable: [] }, refused)).toEqual({
      claudeCode: {
        restoredFiles: { files: [], insertions: 0, deletions: 0 },
        restoreError: "no checkpoint",
      },
    });
    const untouched = { ...plan, unrestorable: [], droppedFileEdits: false };
    expect(restoreMeta(true, untouched, refused)).toEqual({
      claudeCode: { restoredFiles: { files: [], insertions: 0, deletions: 0 } },
    });
  });
});
