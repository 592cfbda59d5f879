import { describe, expect, it } from "vitest";
import { ToolCallFieldTracker } from "./field-tracker.js";

const meta = { claudeCode: { toolName: "Bash" } };

describe("ToolCallFieldTracker", () => {
  it("sends every field of the first report", () => {
    const t = new ToolCallFieldTracker(false);
    expect(t.trim("a", { title: "ls", kind: "execute", _meta: meta })).toEqual({
      title: "ls",
      kind: "execute",
      _meta: meta,
    });
    expect(t.has("a")).toBe(true);
  });

  it("leaves out a top-level field that did not change", () => {
    const t = new ToolCallFieldTracker(false);
    t.trim("a", { title: "ls", status: "pending", _meta: meta });
    expect(t.trim("a", { title: "ls", status: "completed", _meta: meta })).toEqual({
      status: "completed",
      _meta: meta,
    });
  });

  it("does not send a report with nothing new", () => {
    const t = new ToolCallFieldTracker(false);
    t.trim("a", { title: "ls", _meta: meta });
    expect(t.trim("a", { title: "ls", _meta: meta })).toBeUndefined();
  });

  it("repeats every _meta key for a client that is not AIR", () => {
    const t = new ToolCallFieldTracker(false);
    t.trim("a", { title: "ls", _meta: meta });
    expect(t.trim("a", { title: "ls -l", _meta: meta })).toEqual({ title: "ls -l", _meta: meta });
  });

  it("sends a file tool's response (the whole original file) once, as upstream; a Bash response again", () => {
    const t = new ToolCallFieldTracker(false);
    const response = { filePath: "/a", originalFile: "x\n".repeat(1000), structuredPatch: [] };
    const edit = { claudeCode: { toolName: "Edit", toolResponse: response } };
    expect(t.trim("e", { status: "in_progress", _meta: edit })).toEqual({
      status: "in_progress",
      _meta: edit,
    });
    expect(t.trim("e", { status: "completed", _meta: edit })).toEqual({
      status: "completed",
      _meta: { claudeCode: { toolName: "Edit" } },
    });
    // A changed response goes out again.
    const changed = {
      claudeCode: { toolName: "Edit", toolResponse: { ...response, filePath: "/b" } },
    };
    expect(t.trim("e", { status: "failed", _meta: changed })).toEqual({
      status: "failed",
      _meta: changed,
    });
    const bash = { claudeCode: { toolName: "Bash", toolResponse: { stdout: "hi" } } };
    t.trim("b", { status: "in_progress", _meta: bash });
    expect(t.trim("b", { status: "completed", _meta: bash })).toEqual({
      status: "completed",
      _meta: bash,
    });
  });

  it("leaves out unchanged merged _meta keys for AIR", () => {
    const t = new ToolCallFieldTracker(true);
    t.trim("a", { title: "ls", _meta: meta });
    expect(t.trim("a", { title: "ls -l", _meta: meta })).toEqual({ title: "ls -l" });
  });

  it("sends appended data once, for every client", () => {
    for (const air of [false, true]) {
      const t = new ToolCallFieldTracker(air, ["terminal_output"]);
      const out = { terminal_output: { terminal_id: "a", data: "hi" } };
      t.trim("a", { status: "in_progress", _meta: meta });
      expect(t.trim("a", { status: "completed", _meta: { ...meta, ...out } })?._meta).toMatchObject(
        out,
      );
      const again = t.trim("a", {
        status: "completed",
        rawOutput: "x",
        _meta: { ...meta, ...out },
      });
      expect(again).toEqual({ rawOutput: "x", ...(air ? {} : { _meta: meta }) });
    }
  });

  it("repeats a key it was not told is appended (the upstream MCP output key always is)", () => {
    const t = new ToolCallFieldTracker(false);
    const out = { terminal_output: { terminal_id: "a", data: "hi" } };
    const mcp = { mcp_output_delta: { data: "m" } };
    t.trim("a", { status: "completed", _meta: { ...meta, ...out, ...mcp } });
    expect(t.trim("a", { status: "failed", _meta: { ...meta, ...out, ...mcp } })).toEqual({
      status: "failed",
      _meta: { ...meta, ...out },
    });
  });

  it("keeps tool calls apart", () => {
    const t = new ToolCallFieldTracker(false);
    t.trim("a", { title: "ls" });
    expect(t.trim("b", { title: "ls" })).toEqual({ title: "ls" });
  });

  it.each(
    ["terminal_output", "terminal_output_delta", "terminal_exit", "mcp_output_delta"].flatMap(
      (key) => [
        [key, false],
        [key, true],
      ],
    ),
  )("sends appended %s once (AIR: %s)", (key, air) => {
    // The terminal keys are appended when the Zed decorator says so; the MCP key always.
    const t = new ToolCallFieldTracker(air as boolean, [
      "terminal_output",
      "terminal_output_delta",
      "terminal_exit",
    ]);
    const data = { [key as string]: { terminal_id: "t", data: "hi" } };
    expect(t.trim("a", { status: "in_progress", _meta: data })).toEqual({
      status: "in_progress",
      _meta: data,
    });
    expect(t.trim("a", { status: "completed", _meta: data })).toEqual({ status: "completed" });
    // New data under the same key goes out again.
    const more = { [key as string]: { terminal_id: "t", data: "more" } };
    expect(t.trim("a", { status: "completed", _meta: more })).toEqual({ _meta: more });
  });

  it.each([
    [false, { _meta: { claudeCode: { toolName: "Bash" }, progress: 2 } }],
    [true, { _meta: { progress: 2 } }],
  ])("sends a report whose only news is in _meta (AIR: %s)", (air, expected) => {
    const t = new ToolCallFieldTracker(air);
    t.trim("a", { title: "ls", _meta: { ...meta, progress: 1 } });
    expect(t.trim("a", { title: "ls", _meta: { ...meta, progress: 2 } })).toEqual(expected);
  });

  it("skips undefined fields and _meta keys, and sends no empty _meta", () => {
    const t = new ToolCallFieldTracker(false);
    // Strict: an undefined field is no key at all.
    expect(t.trim("a", { title: "ls", kind: undefined, _meta: { x: undefined } })).toStrictEqual({
      title: "ls",
    });
    expect(t.trim("a", { title: "ls", kind: undefined })).toBeUndefined();
    expect(t.trim("b", { title: undefined })).toEqual({});
    expect(t.has("b")).toBe(true);
  });

  it("repeats the named fields when the report goes out, and only then", () => {
    const t = new ToolCallFieldTracker(false);
    t.trim("a", { title: "ls", status: "pending", content: ["x"] });
    expect(
      t.trim("a", { title: "ls", status: "completed", content: ["x"] }, ["content", "locations"]),
    ).toStrictEqual({ status: "completed", content: ["x"] });
    expect(t.trim("a", { title: "ls", status: "completed" }, ["title"])).toBeUndefined();
  });

  it("forgets what went out for a tool call, _meta included", () => {
    const t = new ToolCallFieldTracker(true);
    t.trim("a", { title: "ls", _meta: meta });
    t.forget("a");
    expect(t.has("a")).toBe(false);
    expect(t.trim("a", { title: "ls", _meta: meta })).toEqual({ title: "ls", _meta: meta });
    expect(t.trim("a", { title: "ls", status: "completed", _meta: meta })).toEqual({
      status: "completed",
    });
  });

  it("remembers every _meta key sent, for AIR, across reports that carry only some", () => {
    const t = new ToolCallFieldTracker(true);
    t.trim("a", { _meta: { a: 1 } });
    t.trim("a", { _meta: { b: 1 } });
    expect(t.trim("a", { _meta: { a: 1, b: 1 } })).toBeUndefined();
  });
  describe("AIR: merged _meta objects key by key", () => {
    const airObject = [{ path: ["jetbrains", "air"], always: ["version"] }];
    const first = {
      claudeCode: { toolName: "Bash" },
      jetbrains: { air: { version: 1, commandTitle: "List" } },
      is_mcp_tool_call: true,
      terminal_info: { terminal_id: "a" },
    };

    it("sends only the changed keys of claudeCode and jetbrains.air, air keys next to version", () => {
      const t = new ToolCallFieldTracker(true, [], airObject);
      expect(t.trim("a", { status: "pending", _meta: first })).toEqual({
        status: "pending",
        _meta: first,
      });
      const later = {
        claudeCode: { toolName: "Bash", toolResponse: { status: "ok" } },
        jetbrains: {
          air: { version: 1, commandTitle: "List", asyncTasks: { backgrounded: true } },
        },
        is_mcp_tool_call: true,
        terminal_info: { terminal_id: "a" },
      };
      expect(t.trim("a", { status: "completed", _meta: later })).toEqual({
        status: "completed",
        _meta: {
          claudeCode: { toolResponse: { status: "ok" } },
          jetbrains: { air: { version: 1, asyncTasks: { backgrounded: true } } },
        },
      });
      expect(t.trim("a", { status: "completed", _meta: later })).toBeUndefined();
    });

    it("sends a changed key alone when nothing else changed", () => {
      const t = new ToolCallFieldTracker(true, [], airObject);
      t.trim("a", { status: "pending", _meta: first });
      const retitled = { ...first, jetbrains: { air: { version: 1, commandTitle: "Show" } } };
      expect(t.trim("a", { status: "pending", _meta: retitled })).toEqual({
        _meta: { jetbrains: { air: { version: 1, commandTitle: "Show" } } },
      });
    });

    it("never leaves out appended data, which it sends once", () => {
      const t = new ToolCallFieldTracker(
        true,
        ["terminal_output_delta", "terminal_exit"],
        airObject,
      );
      t.trim("a", { status: "in_progress", _meta: first });
      const out = {
        ...first,
        terminal_output_delta: { terminal_id: "a", data: "hi" },
        terminal_exit: { terminal_id: "a", exit_code: 0, signal: null },
        mcp_output_delta: { data: "m" },
      };
      expect(t.trim("a", { status: "completed", _meta: out })).toEqual({
        status: "completed",
        _meta: {
          terminal_output_delta: { terminal_id: "a", data: "hi" },
          terminal_exit: { terminal_id: "a", exit_code: 0, signal: null },
          mcp_output_delta: { data: "m" },
        },
      });
    });

    it("repeats whole objects for a client that is not AIR", () => {
      const t = new ToolCallFieldTracker(false, [], airObject);
      const meta1 = { claudeCode: { toolName: "Bash" } };
      const meta2 = { claudeCode: { toolName: "Bash", toolResponse: { stdout: "x" } } };
      t.trim("a", { status: "pending", _meta: meta1 });
      expect(t.trim("a", { status: "completed", _meta: meta2 })).toEqual({
        status: "completed",
        _meta: meta2,
      });
    });
  });

  describe("edge values (each pins a rule mutation left alive)", () => {
    it("sends a null or array claudeCode as it is, to AIR (merged) and to a plain client", () => {
      for (const mergesMeta of [true, false]) {
        const t = new ToolCallFieldTracker(mergesMeta);
        expect(t.trim("a", { title: "x", _meta: { claudeCode: null } })).toStrictEqual({
          title: "x",
          _meta: { claudeCode: null },
        });
        expect(t.trim("b", { title: "x", _meta: { claudeCode: ["p"] } })).toStrictEqual({
          title: "x",
          _meta: { claudeCode: ["p"] },
        });
      }
      const air = new ToolCallFieldTracker(true);
      air.trim("a", { title: "x", _meta: { claudeCode: ["p"] } });
      expect(air.trim("a", { title: "y", _meta: { claudeCode: ["p"] } })).toStrictEqual({
        title: "y",
      });
      expect(air.trim("a", { title: "y", _meta: { claudeCode: ["q"] } })).toStrictEqual({
        _meta: { claudeCode: ["q"] },
      });
    });

    it("keeps a response without originalFile, a null one, and another key's toolResponse", () => {
      const t = new ToolCallFieldTracker(false);
      const file = { toolResponse: { originalFile: "f" } };
      const first = { claudeCode: { toolResponse: { stdout: "o" } }, other: file };
      t.trim("a", { title: "x", _meta: first });
      expect(t.trim("a", { title: "y", _meta: first })).toStrictEqual({ title: "y", _meta: first });
      const nulls = { claudeCode: { toolResponse: null } };
      t.trim("b", { title: "x", _meta: nulls });
      expect(t.trim("b", { title: "y", _meta: nulls })).toStrictEqual({ title: "y", _meta: nulls });
    });

    it("merges two extension objects under one parent key by their own changed keys", () => {
      const t = new ToolCallFieldTracker(
        true,
        [],
        [{ path: ["jetbrains", "air"] }, { path: ["jetbrains", "other"], always: ["kind"] }],
      );
      const report = (n: number, kind?: string) => ({
        title: "x",
        _meta: { jetbrains: { air: { a: 1, n }, other: { b: 1, n, ...(kind ? { kind } : {}) } } },
      });
      t.trim("a", report(1, "k"));
      // Only the changed keys of each merged object, plus `always` keys where present.
      expect(t.trim("a", report(2, "k"))).toStrictEqual({
        _meta: { jetbrains: { air: { n: 2 }, other: { n: 2, kind: "k" } } },
      });
      const out = t.trim("a", report(3)) as { _meta: { jetbrains: { other: object } } };
      expect(Object.keys(out._meta.jetbrains.other)).toEqual(["n"]);
    });
  });
});
