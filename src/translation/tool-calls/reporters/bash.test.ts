import { describe, expect, it } from "vitest";
import { bashReporter, commandResult } from "./bash.js";

describe("bashReporter", () => {
  it("titles the call with the command and keeps the description for display", () => {
    expect(
      bashReporter.describe({ command: "npm test", description: "Run tests" }, "Bash"),
    ).toEqual({
      kind: "execute",
      title: "npm test",
      command: true,
      displayText: "Run tests",
    });
  });

  it("falls back to the tool name while the command streams in", () => {
    expect(bashReporter.describe({}, "PowerShell").title).toBe("PowerShell");
  });

  it.each([
    [
      "structured success",
      { isError: false, text: "hi", raw: "hi", structured: { stdout: "hi", stderr: "" } },
      "hi",
      0,
    ],
    [
      "structured stderr",
      { isError: false, text: "", raw: "", structured: { stdout: "a", stderr: "b" } },
      "a\nb",
      0,
    ],
    [
      "failure text",
      {
        isError: true,
        text: "Exit code 3\npartial",
        raw: "",
        structured: "Error: Exit code 3\npartial",
      },
      "partial",
      3,
    ],
    [
      "failure without code",
      { isError: true, text: "boom", raw: "", structured: undefined },
      "boom",
      1,
    ],
  ])("reads %s", (_name, result, output, exitCode) => {
    expect(commandResult(result)).toEqual({ commandOutput: { output, exitCode } });
  });
});
