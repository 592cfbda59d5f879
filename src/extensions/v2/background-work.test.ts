import { describe, expect, it } from "vitest";
import { BackgroundWork } from "./background-work.js";

const state = (s: string, fields: Record<string, unknown> = {}) => ({
  sessionUpdate: "state_update",
  state: s,
  ...fields,
});

function setup() {
  // The client's running terminals: tool call id → terminal id.
  const terminals = new Map<string, string>([["toolu_bg", "term_bg"]]);
  // Never asked about a task without a tool call.
  const work = new BackgroundWork((sessionId, toolCallId) =>
    toolCallId === undefined
      ? "asked-without-a-call"
      : sessionId === "s"
        ? terminals.get(toolCallId)
        : undefined,
  );
  return { work, terminals };
}

describe("BackgroundWork", () => {
  it("lists what runs in the background as what the client tracks: terminal, child session, Claude task", () => {
    const { work } = setup();
    expect(
      work.apply("s", {
        kind: "started",
        taskId: "f",
        toolCallId: "toolu_fg",
        taskType: "local_bash",
        background: false,
      }),
    ).toBeUndefined(); // a foreground command is the turn's own work
    expect(work.stamp("s", state("running") as never)).toEqual(
      state("running", { background: [] }),
    );
    expect(
      work.apply("s", {
        kind: "started",
        taskId: "b",
        toolCallId: "toolu_bg",
        taskType: "local_bash",
        background: true,
      }),
    ).toEqual(state("running", { background: [{ type: "terminal", terminalId: "term_bg" }] }));
    // A subagent is listed once its child session was announced.
    expect(
      work.apply("s", {
        kind: "started",
        taskId: "a",
        toolCallId: "toolu_agent",
        taskType: "local_agent",
        background: false,
        childSessionId: "child",
      }),
    ).toBeUndefined();
    expect(work.apply("s", { kind: "to_background", taskId: "a" })).toBeUndefined();
    expect(work.announce("child")).toEqual([
      {
        sessionId: "s",
        update: state("running", {
          background: [
            { type: "terminal", terminalId: "term_bg" },
            { type: "subagent", sessionId: "child" },
          ],
        }),
      },
    ]);
    expect(work.announce("child")).toEqual([]);
    // A task the client has nothing else for.
    work.apply("s", {
      kind: "started",
      taskId: "m",
      taskType: "monitor",
      background: true,
      description: "watch the log",
    });
    expect(work.stamp("s", state("idle", { stopReason: "end_turn" }) as never)).toEqual(
      state("idle", {
        stopReason: "end_turn",
        background: [
          { type: "terminal", terminalId: "term_bg" },
          { type: "subagent", sessionId: "child" },
          { type: "_claude/task", taskId: "m", taskType: "monitor", description: "watch the log" },
        ],
      }),
    );
    expect(work.task("s", "b")).toMatchObject({ toolCallId: "toolu_bg" });
    expect(work.commands("s")).toEqual(["toolu_fg", "toolu_bg"]);
    // Ends: the last state again (no stop reason), without what ended.
    expect(work.apply("s", { kind: "ended", taskId: "b", status: "completed" })).toEqual(
      state("idle", {
        background: [
          { type: "subagent", sessionId: "child" },
          { type: "_claude/task", taskId: "m", taskType: "monitor", description: "watch the log" },
        ],
      }),
    );
    expect(work.apply("s", { kind: "ended", taskId: "f", status: "completed" })).toBeUndefined();
    // Claude Code replaced: nothing runs; still reported, as an empty list.
    expect(work.apply("s", { kind: "reset" })).toEqual(state("idle", { background: [] }));
    expect(work.stamp("s", state("running") as never)).toEqual(
      state("running", { background: [] }),
    );
    expect(work.stamp("s", { sessionUpdate: "user_message" } as never)).toEqual({
      sessionUpdate: "user_message",
    });
  });

  it("a session that never had background work reports an empty list; a closed one is forgotten", () => {
    const { work } = setup();
    expect(work.stamp("s", state("idle") as never)).toEqual(state("idle", { background: [] }));
    expect(work.apply("s", { kind: "reset" })).toBeUndefined();
    work.apply("s", { kind: "started", taskId: "m", background: true });
    expect(work.items("s")).toStrictEqual([{ type: "_claude/task", taskId: "m" }]);
    // A command's task without a tool call has no terminal to end.
    work.apply("s", { kind: "started", taskId: "n", taskType: "local_bash", background: false });
    expect(work.commands("s")).toStrictEqual([]);
    work.forget("s");
    expect(work.items("s")).toEqual([]);
    expect(work.stamp("s", state("idle") as never)).toEqual(state("idle", { background: [] }));
    // Another session's list is its own.
    work.apply("t", { kind: "started", taskId: "x", toolCallId: "toolu_bg", background: true });
    expect(work.items("t")).toEqual([{ type: "_claude/task", taskId: "x" }]);
    // Changes of tasks no session knows change nothing; an announced child of no task either.
    expect(work.task("u", "x")).toBeUndefined();
    expect(work.commands("u")).toEqual([]);
    expect(work.apply("u", { kind: "to_background", taskId: "x" })).toBeUndefined();
    expect(work.apply("u", { kind: "ended", taskId: "x", status: "failed" })).toBeUndefined();
    expect(work.apply("t", { kind: "to_background", taskId: "nope" })).toBeUndefined();
    expect(work.announce("stranger")).toEqual([]);
  });
});
