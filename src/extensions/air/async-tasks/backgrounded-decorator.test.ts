import { describe, expect, it } from "vitest";
import type { InputFacts, ToolResult } from "../../../translation/tool-calls/facts.js";
import { newToolCallState } from "../../../translation/tool-calls/tool-call-state.js";
import { backgroundedDecorator } from "./backgrounded-decorator.js";

const FACTS: InputFacts = { kind: "execute", title: "sleep 1" };
const RESULT: ToolResult = {
  isError: false,
  text: "Command running in background",
  raw: "",
  structured: {},
};
const MARKED = { jetbrains: { air: { version: 1, asyncTasks: { backgrounded: true } } } };

describe("backgroundedDecorator", () => {
  it.each<
    [string, string, Record<string, unknown>, ToolResult | undefined, Record<string, unknown>]
  >([
    ["a run_in_background Bash that ran", "Bash", { run_in_background: true }, RESULT, MARKED],
    [
      "a result naming its background task",
      "Bash",
      {},
      { ...RESULT, structured: { backgroundTaskId: "b1" } },
      MARKED,
    ],
    ["no result yet", "Bash", { run_in_background: true }, undefined, {}],
    [
      "a failed (denied) call",
      "Bash",
      { run_in_background: true },
      { ...RESULT, isError: true },
      {},
    ],
    ["a foreground Bash", "Bash", { run_in_background: false }, RESULT, {}],
    [
      "an empty backgroundTaskId",
      "Bash",
      {},
      { ...RESULT, structured: { backgroundTaskId: "" } },
      {},
    ],
    ["a result without structured data", "Bash", {}, { ...RESULT, structured: null }, {}],
    [
      "background text alone",
      "Bash",
      {},
      { ...RESULT, text: "running in background with ID: b1" },
      {},
    ],
    ["another tool", "Agent", { run_in_background: true }, RESULT, {}],
  ])("%s", (_name, toolName, input, result, expected) => {
    const state = newToolCallState("tu1", toolName, null);
    state.input = input;
    if (result) state.result = result;
    const meta: Record<string, unknown> = {};
    backgroundedDecorator().decorate(meta, state, FACTS);
    expect(meta).toStrictEqual(expected);
  });

  it("merges into the AIR payload already there", () => {
    const state = newToolCallState("tu1", "Bash", null);
    state.input = { run_in_background: true };
    state.result = RESULT;
    const meta: Record<string, unknown> = {
      jetbrains: { air: { version: 1, commandTitle: "Job" } },
    };
    backgroundedDecorator().decorate(meta, state, FACTS);
    expect(meta).toStrictEqual({
      jetbrains: { air: { version: 1, commandTitle: "Job", asyncTasks: { backgrounded: true } } },
    });
  });
});
