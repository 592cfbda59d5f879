import { describe, expect, it } from "vitest";
import { agentReporter, subagentReport } from "./agent.js";

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
