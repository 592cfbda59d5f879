import { describe, expect, it } from "vitest";
import { parseClientProfile } from "../extensions/compose.js";
import { bareSummary, CompactionTranslator, factsOf } from "./compaction.js";

const PLAIN = parseClientProfile({});
const RFD = parseClientProfile({ session: { compaction: {} } });
const AIR_DECLARATION = { jetbrains: { air: { version: 1, capabilities: [] } } };
const AIR = parseClientProfile({ _meta: AIR_DECLARATION });
const AIR_RFD = parseClientProfile({ session: { compaction: {} }, _meta: AIR_DECLARATION });

const BOUNDARY = { trigger: "manual", pre_tokens: 12, post_tokens: 2391, duration_ms: 29 };
const FACTS = { trigger: "manual", preTokens: 12, postTokens: 2391, durationMs: 29 };
const air = (record: Record<string, unknown>) => ({
  jetbrains: { air: { version: 1, contextCompaction: { version: 1, ...record } } },
});
const compactTool = { claudeCode: { toolName: "compact" } };
const text = (t: string) => ({ type: "content", content: { type: "text", text: t } });
const opening = {
  sessionUpdate: "tool_call",
  toolCallId: "compact-u1",
  title: "Compact conversation",
  kind: "think",
  status: "in_progress",
};

/** A typed /compact as Claude Code 2.1.318 reports it: status, PreCompact, PostCompact, boundary. */
function manualCompaction(t: CompactionTranslator) {
  return [
    t.started("u1"),
    t.triggered("manual"),
    t.summary("<analysis>draft</analysis>\n<summary>We fixed the greeting.</summary>"),
    t.ended({ success: true, metadata: BOUNDARY }),
  ];
}

describe("CompactionTranslator: a compaction that succeeds", () => {
  it.each([
    [
      "a plain client: the tool call, the facts in rawOutput",
      PLAIN,
      [
        [],
        [{ ...opening, _meta: compactTool }],
        [],
        [
          {
            sessionUpdate: "tool_call_update",
            toolCallId: "compact-u1",
            status: "completed",
            content: [text("We fixed the greeting.")],
            rawOutput: FACTS,
            _meta: compactTool,
          },
        ],
      ],
    ],
    [
      "AIR: the tool call with contextCompaction",
      AIR,
      [
        [],
        [{ ...opening, _meta: { ...compactTool, ...air({ trigger: "manual" }) } }],
        [],
        [
          {
            sessionUpdate: "tool_call_update",
            toolCallId: "compact-u1",
            status: "completed",
            content: [text("We fixed the greeting.")],
            rawOutput: FACTS,
            _meta: { ...compactTool, ...air(FACTS) },
          },
        ],
      ],
    ],
    [
      "a compaction RFD client: updates and a summary chunk, no _meta",
      RFD,
      [
        [],
        [{ sessionUpdate: "compaction_update", compactionId: "compact-u1", status: "in_progress" }],
        [
          {
            sessionUpdate: "compaction_summary_chunk",
            compactionId: "compact-u1",
            content: { type: "text", text: "We fixed the greeting." },
          },
        ],
        [{ sessionUpdate: "compaction_update", compactionId: "compact-u1", status: "completed" }],
      ],
    ],
    [
      "AIR with the compaction RFD: the updates carry contextCompaction",
      AIR_RFD,
      [
        [],
        [
          {
            sessionUpdate: "compaction_update",
            compactionId: "compact-u1",
            status: "in_progress",
            _meta: air({ trigger: "manual" }),
          },
        ],
        [
          {
            sessionUpdate: "compaction_summary_chunk",
            compactionId: "compact-u1",
            content: { type: "text", text: "We fixed the greeting." },
          },
        ],
        [
          {
            sessionUpdate: "compaction_update",
            compactionId: "compact-u1",
            status: "completed",
            _meta: air(FACTS),
          },
        ],
      ],
    ],
  ])("%s", (_name, profile, expected) => {
    expect(manualCompaction(new CompactionTranslator(profile))).toStrictEqual(expected);
  });

  it("takes a trigger that came before the status (an automatic compaction)", () => {
    const t = new CompactionTranslator(AIR_RFD);
    expect(t.triggered("auto")).toEqual([]);
    expect(t.started("u1")).toStrictEqual([
      {
        sessionUpdate: "compaction_update",
        compactionId: "compact-u1",
        status: "in_progress",
        _meta: air({ trigger: "automatic" }),
      },
    ]);
    // The trigger was used up: the next compaction waits for its own.
    t.ended({ success: true });
    expect(t.started("u2")).toEqual([]);
  });

  it("lets the boundary's trigger win and keeps the hook's when the boundary has none", () => {
    const t = new CompactionTranslator(AIR);
    t.started("u1");
    t.triggered("manual");
    expect(t.triggered("auto")).toEqual([]);
    expect(t.ended({ success: true, metadata: { trigger: "auto" } })).toStrictEqual([
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "compact-u1",
        status: "completed",
        rawOutput: { trigger: "automatic" },
        _meta: { ...compactTool, ...air({ trigger: "automatic" }) },
      },
    ]);
    t.started("u2");
    t.triggered("manual");
    expect(t.ended({ success: true, metadata: { pre_tokens: 5 } })).toStrictEqual([
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "compact-u2",
        status: "completed",
        rawOutput: { trigger: "manual", preTokens: 5 },
        _meta: { ...compactTool, ...air({ trigger: "manual", preTokens: 5 }) },
      },
    ]);
  });

  it.each([
    ["a plain client: the trigger in rawOutput", PLAIN],
    ["AIR: `automatic` in contextCompaction, idle in rawOutput", AIR],
  ])("reports the adapter's idle /compact as idle, until it ends (%s)", (_name, profile) => {
    const t = new CompactionTranslator(profile);
    const meta = (facts: Record<string, unknown>) =>
      profile === AIR ? { ...compactTool, ...air(facts) } : compactTool;
    const idleFacts = { ...FACTS, trigger: "idle" };
    // AIR's contextCompaction trigger is manual or automatic (S000): idle is automatic there.
    const airIdle = { ...FACTS, trigger: "automatic" };
    t.idleCompaction(true);
    expect(manualCompaction(t)).toStrictEqual([
      [],
      [{ ...opening, _meta: meta({ trigger: "automatic" }) }],
      [],
      [
        {
          sessionUpdate: "tool_call_update",
          toolCallId: "compact-u1",
          status: "completed",
          content: [text("We fixed the greeting.")],
          rawOutput: idleFacts,
          _meta: meta(airIdle),
        },
      ],
    ]);
    // Claude Code's own automatic compaction in that cycle stays automatic.
    t.triggered("auto");
    t.started("u2");
    expect(t.ended({ success: true, metadata: { trigger: "auto" } })).toStrictEqual([
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "compact-u2",
        status: "completed",
        rawOutput: { trigger: "automatic" },
        _meta: meta({ trigger: "automatic" }),
      },
    ]);
    // Once its cycle ended, a typed /compact is manual again.
    t.idleCompaction(false);
    t.started("u3");
    expect(t.triggered("manual")).toStrictEqual([
      { ...opening, toolCallId: "compact-u3", _meta: meta({ trigger: "manual" }) },
    ]);
    expect(t.ended({ success: true, metadata: BOUNDARY })).toStrictEqual([
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "compact-u3",
        status: "completed",
        rawOutput: FACTS,
        _meta: meta(FACTS),
      },
    ]);
  });

  it("reports a failed idle /compact as automatic to AIR", () => {
    const t = new CompactionTranslator(AIR_RFD);
    t.idleCompaction(true);
    t.started("u1");
    t.triggered("manual");
    expect(t.ended({ success: false, error: "Error during compaction: boom" })).toStrictEqual([
      {
        sessionUpdate: "compaction_update",
        compactionId: "compact-u1",
        status: "failed",
        error: "boom",
        _meta: air({ trigger: "automatic" }),
      },
    ]);
  });

  it("opens the compaction with the summary or the end when no trigger came", () => {
    const rfd = new CompactionTranslator(RFD);
    expect(rfd.started("u1")).toEqual([]);
    expect(rfd.summary("sum")).toStrictEqual([
      { sessionUpdate: "compaction_update", compactionId: "compact-u1", status: "in_progress" },
      {
        sessionUpdate: "compaction_summary_chunk",
        compactionId: "compact-u1",
        content: { type: "text", text: "sum" },
      },
    ]);
    const plain = new CompactionTranslator(PLAIN);
    plain.started("u1");
    expect(plain.ended({ success: true })).toStrictEqual([
      { ...opening, _meta: compactTool },
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "compact-u1",
        status: "completed",
        _meta: compactTool,
      },
    ]);
  });
});

describe("CompactionTranslator: a compaction that fails", () => {
  it.each([
    [
      "AIR: the error in content once and in contextCompaction",
      AIR,
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "compact-u1",
        status: "failed",
        content: [text("Compaction failed: API Error: 400 boom")],
        rawOutput: { trigger: "manual", error: "API Error: 400 boom" },
        _meta: { ...compactTool, ...air({ trigger: "manual", error: "API Error: 400 boom" }) },
      },
    ],
    [
      "a plain client: the error in content and rawOutput",
      PLAIN,
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "compact-u1",
        status: "failed",
        content: [text("Compaction failed: API Error: 400 boom")],
        rawOutput: { trigger: "manual", error: "API Error: 400 boom" },
        _meta: compactTool,
      },
    ],
    [
      "AIR with the compaction RFD: the standard error field, none in contextCompaction",
      AIR_RFD,
      {
        sessionUpdate: "compaction_update",
        compactionId: "compact-u1",
        status: "failed",
        error: "API Error: 400 boom",
        _meta: air({ trigger: "manual" }),
      },
    ],
    [
      "a compaction RFD client: the standard error field only",
      RFD,
      {
        sessionUpdate: "compaction_update",
        compactionId: "compact-u1",
        status: "failed",
        error: "API Error: 400 boom",
      },
    ],
  ])("%s", (_name, profile, expected) => {
    const t = new CompactionTranslator(profile);
    t.started("u1");
    t.triggered("manual");
    // The summary of a failed compaction is not shown.
    t.summary("partial");
    expect(
      t.ended({ success: false, error: "Error during compaction: API Error: 400 boom" }),
    ).toStrictEqual([expected]);
  });

  it.each([
    ["too_few_groups", "Not enough messages to compact."],
    [
      "Error during compaction: key sk-ant-abcdefghijkl at /home/u/x",
      "key [redacted-key] at [path]",
    ],
    ["   ", undefined],
    [
      "Summary failed. Error during compaction: again",
      "Summary failed. Error during compaction: again",
    ],
    [42, undefined],
    [undefined, undefined],
  ])("reports compact_error %j as %j", (raw, error) => {
    const t = new CompactionTranslator(RFD);
    t.started("u1");
    t.triggered("auto");
    expect(t.ended({ success: false, error: raw })).toStrictEqual([
      {
        sessionUpdate: "compaction_update",
        compactionId: "compact-u1",
        status: "failed",
        ...(error ? { error } : {}),
      },
    ]);
  });
});

describe("CompactionTranslator: order and stray events", () => {
  it("sends a summary that arrives after the boundary on its own", () => {
    const rfd = new CompactionTranslator(RFD);
    rfd.started("u3");
    rfd.triggered("manual");
    rfd.ended({ success: true });
    expect(rfd.summary(" late ")).toStrictEqual([
      {
        sessionUpdate: "compaction_update",
        compactionId: "compact-u3",
        status: "completed",
        summary: [{ type: "text", text: "late" }],
      },
    ]);
    const plain = new CompactionTranslator(PLAIN);
    plain.started("u1");
    plain.ended({ success: true });
    expect(plain.summary(" late \n")).toStrictEqual([
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "compact-u1",
        status: "completed",
        content: [text("late")],
        _meta: compactTool,
      },
    ]);
    expect(plain.summary("  ")).toEqual([]);
    // A failed compaction stays failed.
    plain.started("u2");
    plain.ended({ success: false });
    expect(plain.summary("late")).toEqual([]);
  });

  it("sends no chunk for a blank summary, and shows no summary of a failed compaction", () => {
    const rfd = new CompactionTranslator(RFD);
    rfd.started("u1");
    rfd.triggered("manual");
    expect(rfd.summary(" \n ")).toEqual([]);
    const plain = new CompactionTranslator(PLAIN);
    plain.started("u1");
    plain.triggered("manual");
    plain.summary("partial");
    expect(plain.ended({ success: false })).toStrictEqual([
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "compact-u1",
        status: "failed",
        rawOutput: { trigger: "manual" },
        _meta: compactTool,
      },
    ]);
  });

  it("ignores an end without a start, a second start, a blank summary and an unknown trigger", () => {
    const t = new CompactionTranslator(PLAIN);
    expect(t.ended({ success: true })).toEqual([]);
    expect(t.summary("early")).toEqual([]);
    expect(t.triggered("sometime")).toEqual([]);
    expect(t.started("u1")).toEqual([]);
    expect(t.triggered(undefined)).toEqual([]);
    expect(t.started("u2")).toEqual([]);
    expect(t.summary("  ")).toStrictEqual([{ ...opening, _meta: compactTool }]);
    expect(t.triggered("manual")).toEqual([]);
    expect(t.ended({ success: false })).toStrictEqual([
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "compact-u1",
        status: "failed",
        rawOutput: { trigger: "manual" },
        _meta: compactTool,
      },
    ]);
    expect(t.ended({ success: true })).toEqual([]);
  });

  it("opens a stored compaction at once, with its stored trigger (replay)", () => {
    const t = new CompactionTranslator(AIR_RFD);
    expect(t.started("b1", {})).toStrictEqual([
      {
        sessionUpdate: "compaction_update",
        compactionId: "compact-b1",
        status: "in_progress",
        _meta: air({}),
      },
    ]);
    t.ended({ success: true });
    expect(t.started("b2", { trigger: "automatic" })).toStrictEqual([
      {
        sessionUpdate: "compaction_update",
        compactionId: "compact-b2",
        status: "in_progress",
        _meta: air({ trigger: "automatic" }),
      },
    ]);
  });
});

describe("factsOf", () => {
  it.each([
    [BOUNDARY, FACTS],
    [
      {
        trigger: "auto",
        preTokens: 190016,
        postTokens: 2456,
        durationMs: 56,
        cumulativeDroppedTokens: 1,
      },
      { trigger: "automatic", preTokens: 190016, postTokens: 2456, durationMs: 56 },
    ],
    [{ trigger: "idle", pre_tokens: -1, post_tokens: "2", duration_ms: Infinity }, {}],
    [
      { trigger: "automatic", pre_tokens: 0, post_tokens: 0, duration_ms: 0 },
      { preTokens: 0, postTokens: 0, durationMs: 0 },
    ],
    [null, {}],
    ["boundary", {}],
  ])("reads %j", (metadata, facts) => {
    expect(factsOf(metadata)).toStrictEqual(facts);
  });
});

describe("bareSummary", () => {
  it.each([
    ["<analysis>\nthinking\n</analysis>\n\n<summary>\n1. Done.\n</summary>", "1. Done."],
    ["<summary>kept</summary> trailing", "kept"],
    ["  plain text  ", "plain text"],
    ["<analysis>a b</analysis> rest <analysis>c\nd</analysis>", "rest"],
  ])("%j → %j", (raw, bare) => {
    expect(bareSummary(raw)).toBe(bare);
  });
});
