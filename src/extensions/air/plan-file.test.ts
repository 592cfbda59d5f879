import { describe, expect, it } from "vitest";
import {
  newToolCallState,
  type ToolCallState,
} from "../../translation/tool-calls/tool-call-state.js";
import { planFilePath } from "./plan-file.js";

function exitPlan(extra: Partial<ToolCallState>): ToolCallState {
  return Object.assign(newToolCallState("p", "ExitPlanMode", null), extra);
}

describe("planFilePath", () => {
  it.each([
    [
      "the complete input's path",
      { input: { plan: "P", planFilePath: "/h/.claude/plans/a.md" }, inputComplete: true },
      "/h/.claude/plans/a.md",
    ],
    [
      "a Windows path",
      { input: { planFilePath: "C:\\Users\\me\\plan.md" }, inputComplete: true },
      "C:\\Users\\me\\plan.md",
    ],
    [
      "nothing while the input streams",
      { input: { planFilePath: "/a.md" }, inputComplete: false },
      undefined,
    ],
    ["no blank path", { input: { plan: "P", planFilePath: "" }, inputComplete: true }, undefined],
    [
      "no whitespace path",
      { input: { plan: "P", planFilePath: "  " }, inputComplete: true },
      undefined,
    ],
    [
      "no relative path",
      { input: { plan: "P", planFilePath: "plans/a.md" }, inputComplete: true },
      undefined,
    ],
    [
      "no path that is not a string",
      { input: { planFilePath: 3 }, inputComplete: true },
      undefined,
    ],
    [
      "an inline plan only (an older CLI)",
      { input: { plan: "P" }, inputComplete: true },
      undefined,
    ],
    [
      "the structured result's path when the input named none",
      {
        input: { plan: "P" },
        inputComplete: true,
        toolResponse: { plan: "P", filePath: "/p/b.md" },
      },
      "/p/b.md",
    ],
    [
      "the input's path before the result's",
      {
        input: { planFilePath: "/p/a.md" },
        inputComplete: true,
        toolResponse: { filePath: "/p/b.md" },
      },
      "/p/a.md",
    ],
    [
      "no blank result path",
      { input: {}, inputComplete: true, toolResponse: { plan: "P", filePath: "" } },
      undefined,
    ],
  ] as const)("%s", (_name, extra, expected) => {
    expect(planFilePath(exitPlan(extra as Partial<ToolCallState>))).toBe(expected);
  });
});
