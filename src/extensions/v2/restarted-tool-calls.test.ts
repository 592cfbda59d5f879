import type * as v2 from "@agentclientprotocol/sdk/experimental/v2/unstable";
import { describe, expect, it } from "vitest";
import { RestartedToolCalls } from "./restarted-tool-calls.js";

type Report = Parameters<RestartedToolCalls["reports"]>[1];
const report = (fields: Record<string, unknown>): Report =>
  ({ sessionUpdate: "tool_call_update", toolCallId: "t", ...fields }) as unknown as Report;
const start = report({ name: "Bash", title: "ls", kind: "execute", rawInput: { command: "ls" } });
/** Each field the start leaves out, cleared. */
const nulls = { status: null, content: null, locations: null, rawOutput: null };

describe("RestartedToolCalls", () => {
  it("a live start of a new call and every later report go out as they are", () => {
    const calls = new RestartedToolCalls();
    expect(calls.reports("s", start, true, false)).toEqual([start]);
    const done = report({ status: "completed" });
    expect(calls.reports("s", done, false, false)).toEqual([done]);
    expect(calls.reports("s", done, false, true)).toEqual([done]);
  });

  it("a replayed start of a call this connection never reported clears every field it leaves out, and _meta", () => {
    const calls = new RestartedToolCalls();
    expect(calls.reports("s", start, true, true)).toEqual([{ ...start, ...nulls, _meta: null }]);
    // A bare start: every field but the id cleared.
    expect(calls.reports("s", report({}), true, true)[0]).toEqual({
      sessionUpdate: "tool_call_update",
      toolCallId: "t",
      name: null,
      title: null,
      kind: null,
      ...nulls,
      rawInput: null,
    });
  });

  it("the _meta a replayed start carries follows in a second upsert (an object only patches it)", () => {
    const calls = new RestartedToolCalls();
    const meta = { claudeCode: { parentToolUseId: "p" } };
    expect(calls.reports("s", report({ ...start, _meta: meta }), true, true)).toEqual([
      { ...start, ...nulls, _meta: null },
      { sessionUpdate: "tool_call_update", toolCallId: "t", _meta: meta },
    ]);
  });

  it("a replayed start whose _meta is null clears it, with no second upsert", () => {
    const calls = new RestartedToolCalls();
    expect(calls.reports("s", report({ ...start, _meta: null }), true, true)).toEqual([
      { ...start, ...nulls, _meta: null },
    ]);
  });

  it("a start of a call the client holds from this connection clears the fields it leaves out, not _meta", () => {
    const calls = new RestartedToolCalls();
    calls.reports("s", start, true, false);
    const meta = { claudeCode: { parentToolUseId: "p" } } as unknown as v2.SessionUpdate;
    const again = report({ ...start, _meta: meta });
    expect(calls.reports("s", again, true, true)).toEqual([{ ...again, ...nulls }]);
    // Live too: the second start of one id.
    expect(calls.reports("s", start, true, false)).toEqual([{ ...start, ...nulls }]);
    // The same id in another session is another call.
    expect(calls.reports("other", start, true, false)).toEqual([start]);
  });

  it("a closed session's calls are forgotten: its replay clears their _meta again", () => {
    const calls = new RestartedToolCalls();
    calls.reports("s", start, true, false);
    calls.reports("s2", start, true, false);
    calls.forget("s");
    expect(calls.reports("s", start, true, true)).toEqual([{ ...start, ...nulls, _meta: null }]);
    expect(calls.reports("s2", start, true, true)).toEqual([{ ...start, ...nulls }]);
  });

  it("remembers the last 4096 calls reported", () => {
    const calls = new RestartedToolCalls();
    const numbered = (n: number) => report({ ...start, toolCallId: `t${n}` });
    for (let n = 0; n <= 4096; n++) calls.reports("s", numbered(n), true, false);
    // t0, the oldest, is forgotten; t1 is still held.
    expect(calls.reports("s", numbered(1), true, true)[0]).not.toHaveProperty("_meta");
    expect(calls.reports("s", numbered(0), true, true)[0]).toHaveProperty("_meta", null);
  });
});
