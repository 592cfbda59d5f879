import { describe, expect, it } from "vitest";
import type { MessageEntry } from "../replay/transcript-entry.js";
import { childAnswer, handbackMessage, notifiedAnswer, StoredAnswer } from "./child-answer.js";

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

describe("StoredAnswer", () => {
  const assistant = (id: string | undefined, ...content: object[]) =>
    ({ type: "assistant", uuid: "u", message: { id, content } }) as MessageEntry;
  const text = (t: string) => ({ type: "text", text: t });
  const toolUse = { type: "tool_use", id: "t", name: "Bash", input: {} };
  it.each([
    [
      "the last message with text",
      [assistant("m1", text("Looking.")), assistant("m2", text("Found."))],
      "Found.",
    ],
    [
      "a message stored as one entry per block",
      [assistant("m1", text("Found ")), assistant("m1", text("it."))],
      "Found it.",
    ],
    [
      "a SubagentHandback call's message, over the text after it",
      [
        assistant("m1", text("Working.")),
        assistant("m2", {
          type: "tool_use",
          id: "h",
          name: "SubagentHandback",
          input: { message: "The report." },
        }),
        assistant("m3", text("Handed back.")),
      ],
      "The report.",
    ],
    [
      "not a blank SubagentHandback message",
      [
        assistant("m1", text("Found.")),
        assistant("m2", {
          type: "tool_use",
          id: "h",
          name: "SubagentHandback",
          input: { message: " " },
        }),
      ],
      "Found.",
    ],
    [
      "past a later message without text",
      [assistant("m1", text("Found.")), assistant("m2", toolUse)],
      "Found.",
    ],
    [
      "not a user entry, nor an API error",
      [
        assistant("m1", text("Found.")),
        { type: "user", uuid: "u", message: { content: [text("x")] } } as MessageEntry,
        { ...assistant("m2", text("API Error")), isApiErrorMessage: true },
      ],
      "Found.",
    ],
    [
      "messages without ids apart",
      [assistant(undefined, text("A.")), assistant(undefined, text("B."))],
      "B.",
    ],
    ["nothing without text", [assistant("m1", toolUse)], undefined],
  ])("%s", (_name, entries, expected) => {
    const answer = new StoredAnswer();
    for (const entry of entries) answer.see(entry);
    expect(answer.answer).toBe(expected);
  });
});

describe("hand-back mode", () => {
  it("a result that says the report was handed back is no answer", () => {
    const delivered = {
      status: "completed",
      handback: "send",
      content: report("Delivered as a message."),
    };
    expect(childAnswer(report("Delivered as a message."), delivered)).toBeUndefined();
    expect(childAnswer(report("R"), { status: "completed", content: report("R") })).toBe("R");
  });

  it.each([
    [{ message: "The report." }, "The report."],
    [{ message: "  " }, undefined],
    [{ message: 5 }, undefined],
    [{}, undefined],
    [null, undefined],
    ["The report.", undefined],
  ])("handbackMessage(%j) is %j", (input, expected) => {
    expect(handbackMessage(input)).toBe(expected);
  });
});
