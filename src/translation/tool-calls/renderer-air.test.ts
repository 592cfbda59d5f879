import { describe, expect, it } from "vitest";
import { parseClientProfile } from "../../extensions/compose.js";
import { renderingFor } from "./renderer.js";

/** The rendering of a client that declared `capabilities`, as a translator picks it. */
const clientOf = (...args: Parameters<typeof parseClientProfile>) =>
  renderingFor(parseClientProfile(...args));
import { renderToolCall } from "./renderer.js";
import { newToolCallState, type ToolCallState } from "./tool-call-state.js";

/** The AIR rules of the renderer ("Tool call contract", "Claude tools and ACP fields"). */
const airWith = (...capabilities: string[]) =>
  clientOf({ _meta: { jetbrains: { air: { version: 1, capabilities } } } });
const air = airWith();
const planFile = airWith("planFile");
const planFileRendering = airWith("planFile", "rawInputRendering");
const plain = clientOf({});

function state(
  toolName: string,
  input: Record<string, unknown>,
  extra: Partial<ToolCallState> = {},
) {
  return Object.assign(
    newToolCallState("t", toolName, null),
    { input, inputComplete: true },
    extra,
  );
}

const text = (t: string) => ({
  type: "content" as const,
  content: { type: "text" as const, text: t },
});
const result = (t: string, isError = false) => ({
  isError,
  text: t,
  raw: t,
  structured: undefined,
});

describe("renderToolCall for AIR", () => {
  it("sends an Edit's rawInput without old_string and new_string, others all of it", () => {
    const input = { file_path: "/a.ts", old_string: "x", new_string: "y", replace_all: false };
    expect(renderToolCall(state("Edit", input), air).rawInput).toEqual({
      file_path: "/a.ts",
      replace_all: false,
    });
    expect(renderToolCall(state("Edit", input), plain).rawInput).toEqual(input);
  });

  it("sends a Write's rawInput without content, others all of it", () => {
    const input = { file_path: "/a.ts", content: "text" };
    expect(renderToolCall(state("Write", input), air).rawInput).toEqual({ file_path: "/a.ts" });
    expect(renderToolCall(state("Write", input), plain).rawInput).toEqual(input);
  });

  it("sends rawOutput only when no other field carries the result", () => {
    const read = state(
      "Read",
      { file_path: "/a" },
      {
        status: "completed",
        result: result("hello"),
        resultFacts: { content: [text("hello")] },
      },
    );
    expect(renderToolCall(read, air)).not.toHaveProperty("rawOutput");
    expect(renderToolCall(read, plain).rawOutput).toBe("hello");
    const bash = state(
      "Bash",
      { command: "ls" },
      {
        status: "completed",
        result: result("a"),
        resultFacts: { commandOutput: { output: "a", exitCode: 0 } },
      },
    );
    expect(renderToolCall(bash, air)).not.toHaveProperty("rawOutput");
    const silent = state(
      "Bash",
      { command: "true" },
      {
        status: "completed",
        result: result(""),
        resultFacts: { commandOutput: { output: "", exitCode: 0 } },
      },
    );
    expect(renderToolCall(silent, air).rawOutput).toBe("");
    const failed = state(
      "Glob",
      { pattern: "*" },
      { status: "failed", result: result("boom", true) },
    );
    expect(renderToolCall(failed, air)).toMatchObject({ content: [text("boom")] });
    expect(renderToolCall(failed, air)).not.toHaveProperty("rawOutput");
  });

  it("renders an approved ExitPlanMode without rawOutput for AIR, with it for others", () => {
    const approved = state(
      "ExitPlanMode",
      { plan: "P" },
      {
        status: "completed",
        result: result("User has approved your plan."),
        resultFacts: { title: "Exited Plan Mode" },
      },
    );
    expect(renderToolCall(approved, air)).not.toHaveProperty("rawOutput");
    expect(renderToolCall(approved, plain).rawOutput).toBe("User has approved your plan.");
  });

  it("puts an ExitPlanMode rejection reason in rawOutput only for AIR", () => {
    const rejected = state(
      "ExitPlanMode",
      { plan: "P" },
      {
        status: "failed",
        result: result("Keep planning", true),
        resultFacts: { content: [text("Keep planning")], rawOnly: true },
      },
    );
    expect(renderToolCall(rejected, airWith("rawInputRendering"))).toEqual({
      toolCallId: "t",
      title: "Approve Plan",
      kind: "switch_mode",
      status: "failed",
      content: [],
      rawInput: { plan: "P" },
      rawOutput: "Keep planning",
      _meta: { claudeCode: { toolName: "ExitPlanMode" } },
    });
    expect(renderToolCall(rejected, plain)).toMatchObject({
      content: [text("P"), text("Keep planning")],
      rawOutput: "Keep planning",
    });
  });
});

describe("ExitPlanMode for a planFile client", () => {
  const path = "/home/me/.claude/plans/tidy-plan.md";
  const complete = { plan: "# Plan", planFilePath: path };

  it("sends no rawInput and empty content while the input streams", () => {
    const streaming = state("ExitPlanMode", {}, { inputComplete: false });
    expect(renderToolCall(streaming, planFile)).toEqual({
      toolCallId: "t",
      title: "Approve Plan",
      kind: "switch_mode",
      status: "pending",
      content: [],
      _meta: { claudeCode: { toolName: "ExitPlanMode" } },
    });
  });

  it.each([
    ["planFile", planFile],
    ["planFile and rawInputRendering", planFileRendering],
  ])("sends the path in place of the plan, no copy in content (%s)", (_name, profile) => {
    expect(renderToolCall(state("ExitPlanMode", complete), profile)).toEqual({
      toolCallId: "t",
      title: "Approve Plan",
      kind: "switch_mode",
      status: "pending",
      content: [],
      rawInput: { planFilePath: path },
      _meta: { claudeCode: { toolName: "ExitPlanMode" } },
    });
  });

  it("sends the result's path when the input named none, with the rejection in rawOutput", () => {
    const rejected = state(
      "ExitPlanMode",
      { plan: "# Plan" },
      {
        status: "failed",
        result: result("No", true),
        resultFacts: { content: [text("No")], rawOnly: true },
        toolResponse: { plan: "# Plan", filePath: path },
      },
    );
    expect(renderToolCall(rejected, planFile)).toMatchObject({
      content: [],
      rawInput: { planFilePath: path },
      rawOutput: "No",
    });
  });

  it.each([
    ["no path", { plan: "# Plan" }],
    ["a blank path", { plan: "# Plan", planFilePath: "" }],
  ])("falls back to the plan text with %s", (_name, input) => {
    expect(renderToolCall(state("ExitPlanMode", input), planFile)).toMatchObject({
      content: [text("# Plan")],
      rawInput: input,
    });
  });

  it("gives an AIR client without planFile and a plain client the plan text", () => {
    expect(renderToolCall(state("ExitPlanMode", complete), air)).toMatchObject({
      content: [text("# Plan")],
      rawInput: complete,
    });
    expect(renderToolCall(state("ExitPlanMode", complete), plain)).toMatchObject({
      content: [text("# Plan")],
      rawInput: complete,
    });
  });
});

describe("NotebookEdit", () => {
  const input = { notebook_path: "/n.ipynb", cell_id: "c1", new_source: "print(2)" };
  const done = {
    status: "completed" as const,
    result: result("Updated cell c1 with print(2)"),
    resultFacts: {},
  };

  it("is an edit of the cell for AIR: its source in rawInput and once in content", () => {
    expect(renderToolCall(state("NotebookEdit", input, done), air)).toEqual({
      toolCallId: "t",
      title: "Edit cell in /n.ipynb",
      kind: "edit",
      status: "completed",
      locations: [{ path: "/n.ipynb" }],
      content: [text("print(2)")],
      rawInput: input,
      rawOutput: "Updated cell c1 with print(2)",
      _meta: { claudeCode: { toolName: "NotebookEdit" } },
    });
    expect(
      renderToolCall(state("NotebookEdit", input, done), airWith("rawInputRendering")).content,
    ).toEqual([]);
  });

  it.each([
    ["insert", "Insert cell in /n.ipynb"],
    ["delete", "Delete cell in /n.ipynb"],
    ["replace", "Edit cell in /n.ipynb"],
  ])("titles an AIR %s by what happens to the cell", (mode, title) => {
    const r = renderToolCall(state("NotebookEdit", { ...input, edit_mode: mode }), air);
    expect(r.title).toBe(title);
    expect(r.content).toEqual(mode === "delete" ? [] : [text("print(2)")]);
  });

  it("keeps the upstream shape for other clients", () => {
    const shown = { resultFacts: { content: [text("Updated cell c1 with print(2)")] } };
    expect(renderToolCall(state("NotebookEdit", input, { ...done, ...shown }), plain)).toEqual({
      toolCallId: "t",
      title: "NotebookEdit",
      kind: "other",
      status: "completed",
      content: [text("Updated cell c1 with print(2)")],
      rawInput: input,
      rawOutput: "Updated cell c1 with print(2)",
      _meta: { claudeCode: { toolName: "NotebookEdit" } },
    });
  });
});
