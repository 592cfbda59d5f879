import { describe, expect, it } from "vitest";
import { outputPathIn } from "./output-path.js";

const POSIX = "/tmp/claude-0/-ws/sess/tasks/b1.output";

describe("outputPathIn", () => {
  it.each<[string, string, string, string | undefined]>([
    [
      "Claude Code's backgrounded Bash result",
      `Command running in background with ID: b1. Output is being written to: ${POSIX}. You will be notified.`,
      "b1",
      POSIX,
    ],
    ["path at the end of the text", `Output: ${POSIX}`, "b1", POSIX],
    ["path followed by whitespace", `Output: ${POSIX}\nmore`, "b1", POSIX],
    ["path followed by a tab", `Output: ${POSIX}\tmore`, "b1", POSIX],
    [
      "a path with spaces",
      "Output: /tmp/my dir/tasks/b1.output.",
      "b1",
      "/tmp/my dir/tasks/b1.output",
    ],
    [
      "a Windows drive path",
      "Output is being written to: C:\\Users\\me\\AppData\\tasks\\b1.output.",
      "b1",
      "C:\\Users\\me\\AppData\\tasks\\b1.output",
    ],
    [
      "a Windows drive path with slashes",
      "Output: D:/x/tasks/b1.output",
      "b1",
      "D:/x/tasks/b1.output",
    ],
    [
      "a UNC path",
      "Output: \\\\server\\share\\tasks\\b1.output",
      "b1",
      "\\\\server\\share\\tasks\\b1.output",
    ],
    ["another task's path", `Output: ${POSIX}`, "b2", undefined],
    ["a task id that is only a suffix", "Output: /tmp/tasks/xb1.output", "b1", undefined],
    ["a longer file name", "Output: /tmp/tasks/b1.outputs", "b1", undefined],
    ["followed by another character", "Output: /tmp/tasks/b1.output,", "b1", undefined],
    ["a relative path", "Output: tmp/tasks/b1.output", "b1", undefined],
    ["no ': ' before it", "Output at /tmp/tasks/b1.output", "b1", undefined],
    ["a ': ' only on an earlier line", "Output:\n/tmp/tasks/b1.output", "b1", undefined],
    ["a path across a line", "Output: /tmp/a\nb/tasks/b1.output", "b1", undefined],
    [
      "a candidate holding the end of another path",
      "Output: /a/tasks/b1.output and /b/tasks/b1.output",
      "b1",
      "/a/tasks/b1.output",
    ],
    [
      "a candidate holding the end of another task's path",
      "Output: /a/tasks/b2.output /b/tasks/b1.output",
      "b1",
      undefined,
    ],
    [
      "another task's path on an earlier line does not count",
      "Output: /a/tasks/b2.output\nOutput: /b/tasks/b1.output",
      "b1",
      "/b/tasks/b1.output",
    ],
    [
      "another task's name glued to the path is no end of a path",
      "Output: /a/tasks/b2.outputtasks/b1.output",
      "b1",
      "/a/tasks/b2.outputtasks/b1.output",
    ],
    ["no ': ' at all", "x/tmp/tasks/b1.output", "b1", undefined],
    ["a ': ' right after the path", "Output: /t/tasks/b1.output : x", "b1", "/t/tasks/b1.output"],
    ["a ': ' at the start of the text", ": /t/tasks/b1.output", "b1", "/t/tasks/b1.output"],
    ["a ': ' at the start of its line", "x\n: /t/tasks/b1.output", "b1", "/t/tasks/b1.output"],
    [
      "the nearest ': ' wins",
      "Note: see /x. Output: /b/tasks/b1.output",
      "b1",
      "/b/tasks/b1.output",
    ],
    [
      "regex characters in the id",
      "Output: /tmp/tasks/a.b+c.output",
      "a.b+c",
      "/tmp/tasks/a.b+c.output",
    ],
    ["regex characters do not match others", "Output: /tmp/tasks/aXb.output", "a.b", undefined],
    ["an empty id", "Output: /tmp/tasks/.output", "", undefined],
    ["no text", "", "b1", undefined],
  ])("%s", (_name, text, taskId, expected) => {
    expect(outputPathIn(text, taskId)).toBe(expected);
  });
});
