import { describe, expect, it } from "vitest";
import { globReporter, grepCommandLine } from "./search.js";

describe("grepCommandLine", () => {
  it.each([
    [{ pattern: "TODO" }, "grep -r TODO"],
    [{ pattern: "foo bar", path: "src" }, "grep -r 'foo bar' src"],
    [{ pattern: "x", "-i": true, "-n": true, "-C": 2 }, "grep -r -i -n -C 2 x"],
    [
      { pattern: "x", output_mode: "files_with_matches", glob: "*.ts" },
      "grep -r -l '--include=*.ts' x",
    ],
    [{ pattern: "x", output_mode: "count", "-A": 1, "-B": 3 }, "grep -r -c -A 1 -B 3 x"],
    [{ pattern: "it's" }, "grep -r 'it'\\''s'"],
  ])("%j → %s", (input, line) => {
    expect(grepCommandLine(input)).toBe(line);
  });
});

describe("globReporter", () => {
  it("names the pattern and the folder", () => {
    expect(globReporter.describe({ pattern: "**/*.ts", path: "/w/src" }, "Glob")).toEqual({
      kind: "search",
      title: "Find **/*.ts in /w/src",
      locations: [{ path: "/w/src" }],
    });
  });
});
