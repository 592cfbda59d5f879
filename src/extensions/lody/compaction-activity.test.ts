import { describe, expect, it } from "vitest";
import { parseClientProfile } from "../compose.js";
import { CompactionTranslator } from "../../translation/compaction.js";
import { compactionActivityMeta } from "./compaction-activity.js";

/**
 * Lody compaction activity (lody-contract.md §7.5, acceptance check 24) on the synthetic
 * "Compact conversation" tool call: only for a Lody client without ACP
 * `session.compaction`; an open compaction at a turn boundary ends failed.
 */
const LODY = parseClientProfile({ _meta: { lody: {} } });
const LODY_RFD = parseClientProfile({ session: { compaction: {} }, _meta: { lody: {} } });
const LODY_AIR = parseClientProfile({
  _meta: { lody: {}, jetbrains: { air: { version: 1, capabilities: [] } } },
});
const PLAIN = parseClientProfile({});

const BOUNDARY = { trigger: "manual", pre_tokens: 120, post_tokens: 30, duration_ms: 29 };
const compactTool = { claudeCode: { toolName: "compact" } };
const activity = (record: Record<string, unknown>) => ({
  lody: { activity: { version: 1, kind: "context_compaction", ...record } },
});
const text = (t: string) => ({ type: "content", content: { type: "text", text: t } });
const opening = {
  sessionUpdate: "tool_call",
  toolCallId: "compact-u1",
  title: "Compact conversation",
  kind: "think",
  status: "in_progress",
};

describe("compactionActivityMeta", () => {
  it.each([
    ["a manual start", { trigger: "manual" as const }, { automatic: false }],
    ["an automatic start", { trigger: "automatic" as const }, { automatic: true }],
    ["the adapter's idle compaction", { trigger: "idle" as const }, { automatic: true }],
    ["no trigger known", {}, { automatic: false }],
    [
      "a completed one: the token counts, never durationMs",
      { trigger: "manual" as const, preTokens: 120, postTokens: 30, durationMs: 29 },
      { automatic: false, usedTokensBefore: 120, usedTokensAfter: 30 },
    ],
    [
      "a failed one: the reason",
      { trigger: "automatic" as const, error: "Not enough messages to compact." },
      { automatic: true, failureReason: "Not enough messages to compact." },
    ],
  ])("%s", (_name, facts, expected) => {
    expect(compactionActivityMeta({ ...compactTool }, facts)).toStrictEqual({
      ...compactTool,
      ...activity(expected),
    });
  });
});

describe("CompactionTranslator for a Lody client", () => {
  it("a typed /compact: the activity opens with automatic false and ends with the counts", () => {
    const t = new CompactionTranslator(LODY);
    expect(t.started("u1")).toEqual([]);
    expect(t.triggered("manual")).toStrictEqual([
      { ...opening, _meta: { ...compactTool, ...activity({ automatic: false }) } },
    ]);
    expect(t.summary("<summary>Done.</summary>")).toEqual([]);
    expect(t.ended({ success: true, metadata: BOUNDARY })).toStrictEqual([
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "compact-u1",
        status: "completed",
        content: [text("Done.")],
        rawOutput: { trigger: "manual", preTokens: 120, postTokens: 30, durationMs: 29 },
        _meta: {
          ...compactTool,
          ...activity({ automatic: false, usedTokensBefore: 120, usedTokensAfter: 30 }),
        },
      },
    ]);
    expect(t.abandoned()).toEqual([]);
  });

  it("an automatic one that fails: automatic true and the failure reason", () => {
    const t = new CompactionTranslator(LODY);
    expect(t.triggered("auto")).toEqual([]);
    expect(t.started("u1")).toStrictEqual([
      { ...opening, _meta: { ...compactTool, ...activity({ automatic: true }) } },
    ]);
    expect(t.ended({ success: false, error: "too_few_groups" })).toStrictEqual([
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "compact-u1",
        status: "failed",
        content: [text("Compaction failed: Not enough messages to compact.")],
        rawOutput: { trigger: "automatic", error: "Not enough messages to compact." },
        _meta: {
          ...compactTool,
          ...activity({ automatic: true, failureReason: "Not enough messages to compact." }),
        },
      },
    ]);
  });

  it("an open compaction at a turn boundary ends failed, once; a late boundary adds nothing", () => {
    const t = new CompactionTranslator(LODY);
    t.started("u1");
    t.triggered("manual");
    const reason = "The turn ended before the compaction finished.";
    expect(t.abandoned()).toStrictEqual([
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "compact-u1",
        status: "failed",
        content: [text(`Compaction failed: ${reason}`)],
        rawOutput: { trigger: "manual", error: reason },
        _meta: { ...compactTool, ...activity({ automatic: false, failureReason: reason }) },
      },
    ]);
    expect(t.abandoned()).toEqual([]);
    expect(t.ended({ success: true, metadata: BOUNDARY })).toEqual([]);
    expect(t.summary("late")).toEqual([]);
    // The next compaction is reported again.
    expect(t.started("u2")).toEqual([]);
    expect(t.triggered("manual")).toHaveLength(1);
  });

  it("a compaction never announced is forgotten silently at a turn boundary", () => {
    const t = new CompactionTranslator(LODY);
    t.started("u1");
    expect(t.abandoned()).toEqual([]);
    expect(t.triggered("manual")).toEqual([]);
  });

  it("AIR and Lody side by side: each its own key", () => {
    const t = new CompactionTranslator(LODY_AIR);
    t.started("u1");
    expect(t.triggered("manual")).toStrictEqual([
      {
        ...opening,
        _meta: {
          ...compactTool,
          jetbrains: { air: { version: 1, contextCompaction: { version: 1, trigger: "manual" } } },
          ...activity({ automatic: false }),
        },
      },
    ]);
  });

  it.each([
    ["a Lody client with session.compaction", LODY_RFD],
    ["a plain client", PLAIN],
  ])("%s: no activity, and an open compaction stays as it was", (_name, profile) => {
    const t = new CompactionTranslator(profile);
    t.started("u1");
    const updates = [...t.triggered("manual"), ...t.ended({ success: true, metadata: BOUNDARY })];
    expect(JSON.stringify(updates)).not.toContain("lody");
    const open = new CompactionTranslator(profile);
    open.started("u1");
    open.triggered("manual");
    expect(open.abandoned()).toEqual([]);
    expect(open.ended({ success: true, metadata: BOUNDARY })).toHaveLength(1);
  });
});
