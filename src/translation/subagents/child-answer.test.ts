import { describe, expect, it } from "vitest";
import { childAnswer, notifiedAnswer } from "./child-answer.js";

const report = (text: string) => [{ type: "text", text }];

describe("childAnswer", () => {
  it.each([
    [
      "the structured report, without Claude Code's notes",
      "ignored",
      {
        status: "completed",
        content: report("<tools-used-before-summary>Bash</tools-used-before-summary>\n Found it."),
      },
      "Found it.",
    ],
    [
      "the result text without the trailer, when the report has no content",
      report("Found it.\nagentId: a1 (use SendMessage)\n<usage>tool_uses: 1</usage>"),
      { status: "completed" },
      "Found it.",
    ],
    [
      "nothing for a background launch",
      report("Async agent launched"),
      { status: "async_launched" },
      undefined,
    ],
    ["nothing without a structured result", report("Found it."), undefined, undefined],
    [
      "nothing for an empty report",
      report(""),
      { status: "completed", content: report(" ") },
      undefined,
    ],
  ])("%s", (_name, content, structured, expected) => {
    expect(childAnswer(content, structured)).toBe(expected);
  });
});

describe("notifiedAnswer", () => {
  it.each([
    ["completed", " Done. ", "Done."],
    ["completed", "  ", undefined],
    ["completed", undefined, undefined],
    ["failed", "Done.", undefined],
    ["stopped", "Done.", undefined],
  ])("%s with summary %j", (status, summary, expected) => {
    expect(notifiedAnswer(status, summary)).toBe(expected);
  });
});
