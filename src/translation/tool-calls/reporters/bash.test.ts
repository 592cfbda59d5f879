import { describe, expect, it } from "vitest";
import { bashReporter, commandResult } from "./bash.js";

describe("a command sent to the background", () => {
  it("shows Claude Code's result text (the task and its output file), running, without an exit", () => {
    const text =
      "Command running in background with ID: b1. Output is being written to: /t/b1.output";
    expect(
      commandResult({
        isError: false,
        text,
        raw: text,
        structured: { stdout: "", stderr: "", backgroundTaskId: "b1" },
      }),
    ).toEqual({ commandOutput: { output: text, exitCode: null, running: true } });
  });
});

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
    [
      "structured stderr only",
      { isError: true, text: "", raw: "", structured: { stdout: "", stderr: "err" } },
      "err",
      1,
    ],
    [
      "structured output without stderr",
      { isError: false, text: "", raw: "", structured: { stdout: "a", stderr: 3 } },
      "a",
      0,
    ],
    [
      "an error prefix before the exit code",
      { isError: true, text: "Error: Exit code 127", raw: "", structured: undefined },
      "",
      127,
    ],
    [
      "an exit code that is not at the start",
      { isError: true, text: "x Exit code 2\ny", raw: "", structured: { stdout: 1 } },
      "x Exit code 2\ny",
      1,
    ],
    ["success text", { isError: false, text: "ok", raw: "", structured: undefined }, "ok", 0],
  ])("reads %s", (_name, result, output, exitCode) => {
    expect(commandResult(result)).toEqual({ commandOutput: { output, exitCode } });
  });
});

describe("bashReporter: input", () => {
  it("has no display text without a description, and reads the result as a command", () => {
    expect(bashReporter.describe({ command: "ls", description: "" }, "Bash")).toStrictEqual({
      kind: "execute",
      title: "ls",
      command: true,
    });
    expect(
      bashReporter.result!({ isError: false, text: "x", raw: "x", structured: undefined }, {}),
    ).toEqual({ commandOutput: { output: "x", exitCode: 0 } });
  });
});
