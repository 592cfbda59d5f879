import { describe, expect, it } from "vitest";
import { parseClientProfile } from "../profile/client-profile.js";
import { CompactionTranslator } from "./compaction.js";

describe("CompactionTranslator", () => {
  it("reports a synthetic tool call to a client without session.compaction", () => {
    const t = new CompactionTranslator(parseClientProfile({}));
    expect(t.started("u1")).toEqual([
      {
        sessionUpdate: "tool_call",
        toolCallId: "compact-u1",
        title: "Compact conversation",
        kind: "think",
        status: "in_progress",
        _meta: { claudeCode: { toolName: "compact" } },
      },
    ]);
    expect(t.summary("We fixed the greeting.")).toEqual([]);
    expect(t.ended(true)).toEqual([
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "compact-u1",
        status: "completed",
        content: [{ type: "content", content: { type: "text", text: "We fixed the greeting." } }],
        _meta: { claudeCode: { toolName: "compact" } },
      },
    ]);
  });

  it("reports compaction updates to a client that declares session.compaction", () => {
    const t = new CompactionTranslator(parseClientProfile({ session: { compaction: {} } }));
    expect(t.started("u2")).toEqual([
      { sessionUpdate: "compaction_update", compactionId: "compact-u2", status: "in_progress" },
    ]);
    expect(t.ended(false)).toEqual([
      { sessionUpdate: "compaction_update", compactionId: "compact-u2", status: "failed" },
    ]);
  });

  it("sends a summary that arrives after the boundary on its own", () => {
    const t = new CompactionTranslator(parseClientProfile({ session: { compaction: {} } }));
    t.started("u3");
    t.ended(true);
    expect(t.summary("late")).toEqual([
      {
        sessionUpdate: "compaction_update",
        compactionId: "compact-u3",
        status: "completed",
        summary: [{ type: "text", text: "late" }],
      },
    ]);
  });

  it("ignores an end without a start", () => {
    expect(new CompactionTranslator(parseClientProfile({})).ended(true)).toEqual([]);
  });

  it("ignores a second start while one runs, and a summary before any compaction", () => {
    const t = new CompactionTranslator(parseClientProfile({}));
    expect(t.summary("early")).toEqual([]);
    t.started("u1");
    expect(t.started("u2")).toEqual([]);
    // A blank summary adds no content.
    expect(t.summary("  ")).toEqual([]);
    expect(t.ended(false)).toStrictEqual([
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "compact-u1",
        status: "failed",
        _meta: { claudeCode: { toolName: "compact" } },
      },
    ]);
    expect(t.ended(true)).toEqual([]);
  });

  it("sends a late summary as a tool call update, trimmed", () => {
    const t = new CompactionTranslator(parseClientProfile({}));
    t.started("u1");
    t.ended(true);
    expect(t.summary(" late \n")).toStrictEqual([
      {
        sessionUpdate: "tool_call_update",
        toolCallId: "compact-u1",
        status: "completed",
        content: [{ type: "content", content: { type: "text", text: "late" } }],
        _meta: { claudeCode: { toolName: "compact" } },
      },
    ]);
  });

  it("gives a summary that arrived in time to the compaction update", () => {
    const t = new CompactionTranslator(parseClientProfile({ session: { compaction: {} } }));
    t.started("u1");
    t.summary("sum");
    expect(t.ended(true)).toStrictEqual([
      {
        sessionUpdate: "compaction_update",
        compactionId: "compact-u1",
        status: "completed",
        summary: [{ type: "text", text: "sum" }],
      },
    ]);
  });
});
