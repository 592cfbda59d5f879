import { describe, expect, it } from "vitest";
import { CLAUDE_RUN_SUPPORT, SubagentRunEmitter } from "./emitter.js";
import { validEvent } from "./schema.js";

const chunk = { sessionUpdate: "agent_message_chunk", content: { type: "text", text: "hi" } };
const invalid = { sessionUpdate: "agent_message_chunk", content: { type: "text" } };

function emitter() {
  let n = 0;
  let clock = 100;
  const e = new SubagentRunEmitter(
    "root",
    () => `run-${++n}`,
    () => clock++,
  );
  return e;
}

const start = {
  parentRunId: null,
  parentToolCallId: "toolu_a",
  name: "Explore",
  description: "Look",
};
const env = (runId: string) => ({ version: 1, sessionId: "root", runId });

describe("SubagentRunEmitter (acceptance checks 8, 9)", () => {
  it("opens a run with its full snapshot, then streams its output and ends it", () => {
    const e = emitter();
    const events = [
      ...e.start("toolu_a", start),
      ...e.output("toolu_a", chunk),
      ...e.progress("toolu_a", { totalTokens: 5, summary: null }),
      ...e.end("toolu_a", "completed"),
    ];
    expect(events).toStrictEqual([
      {
        ...env("run-1"),
        type: "snapshot",
        snapshot: {
          state: "running",
          support: CLAUDE_RUN_SUPPORT,
          parentRunId: null,
          startedAtEpochSeconds: 100,
          parentToolCallId: "toolu_a",
          name: "Explore",
          description: "Look",
        },
      },
      { ...env("run-1"), type: "output", update: chunk },
      { ...env("run-1"), type: "progress", progress: { totalTokens: 5, summary: null } },
      {
        ...env("run-1"),
        type: "snapshot",
        snapshot: {
          state: "completed",
          support: CLAUDE_RUN_SUPPORT,
          parentRunId: null,
          startedAtEpochSeconds: 100,
          endedAtEpochSeconds: 101,
          parentToolCallId: "toolu_a",
          name: "Explore",
          description: "Look",
        },
      },
    ]);
    expect(events.every(validEvent)).toBe(true);
  });

  it("drops output and progress before the start", () => {
    const e = emitter();
    expect(e.output("toolu_a", chunk)).toStrictEqual([]);
    expect(e.progress("toolu_a", { totalTokens: 1 })).toStrictEqual([]);
    expect(e.end("toolu_a", "failed")).toStrictEqual([]);
  });

  it("sends one snapshot for a double start", () => {
    const e = emitter();
    expect(e.start("toolu_a", start)).toHaveLength(1);
    expect(e.start("toolu_a", start)).toStrictEqual([]);
  });

  it("drops output, progress and a second end after the run completed", () => {
    const e = emitter();
    e.start("toolu_a", start);
    e.end("toolu_a", "completed");
    expect(e.output("toolu_a", chunk)).toStrictEqual([]);
    expect(e.progress("toolu_a", { totalTokens: 1 })).toStrictEqual([]);
    expect(e.end("toolu_a", "failed")).toStrictEqual([]);
    expect(e.liveRunId("toolu_a")).toBeUndefined();
  });

  it("gives a restart after a terminal state a new run id", () => {
    const e = emitter();
    e.start("toolu_a", start);
    e.end("toolu_a", "completed");
    const [again] = e.start("toolu_a", start);
    expect(again).toMatchObject({ runId: "run-2", snapshot: { state: "running" } });
  });

  it("marks failed and cancelled ends with their reason", () => {
    const e = emitter();
    e.start("a", start);
    e.start("b", start);
    expect(e.end("a", "failed", "boom")[0]).toMatchObject({
      snapshot: { state: "failed", reason: { code: "error", message: "boom" } },
    });
    expect(e.end("b", "cancelled")[0]).toMatchObject({
      snapshot: { state: "cancelled", reason: { code: "cancelled" } },
    });
  });

  it("turns only the live runs unknown and incomplete on a disconnect", () => {
    const e = emitter();
    e.start("done", start);
    e.end("done", "completed");
    e.start("live", start);
    const events = e.disconnect();
    expect(events).toStrictEqual([
      {
        ...env("run-2"),
        type: "snapshot",
        snapshot: expect.objectContaining({
          state: "unknown",
          outputIncomplete: true,
          reason: { code: "disconnected" },
        }),
      },
    ]);
    expect(e.disconnect()).toStrictEqual([]);
  });

  it("withholds invalid output and re-sends the snapshot incomplete, once; it stays in the end", () => {
    const e = emitter();
    e.start("toolu_a", start);
    const [snapshot] = e.output("toolu_a", invalid);
    expect(snapshot).toMatchObject({
      type: "snapshot",
      snapshot: { state: "running", outputIncomplete: true },
    });
    expect(e.output("toolu_a", { sessionUpdate: "usage_update", used: 1, size: 2 })).toStrictEqual(
      [],
    );
    expect(e.output("toolu_a", chunk)).toHaveLength(1);
    const [end] = e.end("toolu_a", "completed");
    expect(end).toMatchObject({ snapshot: { state: "completed", outputIncomplete: true } });
  });

  it("starts a run incomplete when its early output was lost", () => {
    const [opened] = emitter().start("toolu_a", { ...start, outputIncomplete: true });
    expect(opened).toMatchObject({ snapshot: { outputIncomplete: true } });
  });

  it("drops invalid progress", () => {
    const e = emitter();
    e.start("toolu_a", start);
    expect(e.progress("toolu_a", { totalTokens: -1 })).toStrictEqual([]);
  });

  it("sends copies: a later change never reaches an event already sent", () => {
    const e = emitter();
    const [opened] = e.start("toolu_a", start);
    e.end("toolu_a", "failed");
    expect(opened).toMatchObject({ snapshot: { state: "running" } });
    expect(opened).not.toHaveProperty("snapshot.reason");
  });
});
