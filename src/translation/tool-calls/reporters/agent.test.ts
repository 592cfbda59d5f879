import { describe, expect, it } from "vitest";
import { agentReporter, subagentReport } from "./agent.js";

const result = (text: string, structured?: unknown) => ({
  isError: false,
  text,
  raw: text,
  structured,
});

describe("agentReporter", () => {
  it("titles a subagent launch with its description", () => {
    expect(
      agentReporter.describe({ description: "Find callers", prompt: "Search for…" }, "Agent"),
    ).toEqual({
      kind: "think",
      title: "Find callers",
      displayText: "Search for…",
    });
  });

  it("reports the structured report when there is one", () => {
    const structured = { content: [{ type: "text", text: "Found 3 callers." }], agentId: "a1" };
    expect(subagentReport({ isError: false, text: "ignored", raw: "", structured })).toBe(
      "Found 3 callers.",
    );
  });

  it("drops the model-directed trailer from the text", () => {
    const text =
      "Found 3 callers.\n\nagentId: a123 (for resuming)\n<usage>total_tokens: 10</usage>";
    expect(subagentReport({ isError: false, text, raw: text, structured: undefined })).toBe(
      "Found 3 callers.",
    );
  });
});

describe("subagent launch and report", () => {
  it("titles a launch without description with the tool name, and shows no empty prompt", () => {
    expect(agentReporter.describe({ prompt: "" }, "Task")).toStrictEqual({
      kind: "think",
      title: "Task",
    });
  });

  it.each([
    ["a report without trailer", "Done.", "Done."],
    ["only the agent id", "Done.\nagentId: a1", "Done."],
    ["only the usage block", "Done.\n<usage>\ntokens: 1\n</usage>\n", "Done."],
    [
      "notes for the parent model",
      "<tools-used-before-summary>Read a</tools-used-before-summary>\nDone.\n<tools-used-before-summary>x</tools-used-before-summary> ok",
      "Done.\nok",
    ],
    ["a usage block inside the report", "See <usage> tags.\nDone.", "See <usage> tags.\nDone."],
  ])("keeps the user's part of %s", (_name, text, report) => {
    expect(subagentReport(result(text))).toBe(report);
  });

  it("falls back to the text when the structured report has no text", () => {
    expect(subagentReport(result("Done.\nagentId: a1", { content: [] }))).toBe("Done.");
  });

  it("shows the report as content, and nothing for an empty one", () => {
    expect(agentReporter.result!(result("Done."), {})).toEqual({
      content: [{ type: "content", content: { type: "text", text: "Done." } }],
    });
    expect(agentReporter.result!(result("agentId: a1"), {})).toEqual({});
  });
});
