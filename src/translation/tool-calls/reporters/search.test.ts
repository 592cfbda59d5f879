import { describe, expect, it } from "vitest";
import { globReporter, grepCommandLine, grepReporter } from "./search.js";

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
    [
      { pattern: "x", "-o": true, multiline: true, "-C": 1, context: 5, type: "ts", path: "a b" },
      "grep -r -o -Pz -C 1 --type=ts x 'a b'",
    ],
    [{ pattern: "x", context: 4, "-i": false, "-A": "2" }, "grep -r -C 4 x"],
    [{ pattern: "", glob: "", path: "" }, "grep -r ''"],
    [{}, "grep -r"],
    [{ pattern: "a=b:c/d@e%f+g-h_i.j" }, "grep -r a=b:c/d@e%f+g-h_i.j"],
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

describe("search results", () => {
  const result = (text: string, structured?: unknown) => ({
    isError: false,
    text,
    raw: text,
    structured,
  });
  const text = (t: string) => ({
    content: [{ type: "content", content: { type: "text", text: t } }],
  });

  it.each([
    ["the content", result("t", { content: "a:1", filenames: ["x"] }), text("a:1")],
    ["the file names", result("t", { filenames: ["a", 1, "b"] }), text("a\nb")],
    ["the text", result("t", {}), text("t")],
    ["nothing", result(""), {}],
  ])("Grep shows %s", (_name, r, facts) => {
    expect(grepReporter.result!(r, {})).toEqual(facts);
  });

  it.each([
    ["the file names", result("t", { filenames: ["a", null, "b"] }), text("a\nb")],
    ["the text", result("t", { filenames: "a" }), text("t")],
    ["nothing", result("", { filenames: [] }), {}],
  ])("Glob shows %s", (_name, r, facts) => {
    expect(globReporter.result!(r, {})).toEqual(facts);
  });

  it.each([
    [{ pattern: "*.ts" }, { kind: "search", title: "Find *.ts" }],
    [{}, { kind: "search", title: "Find" }],
  ])("Glob %j", (input, facts) => {
    expect(globReporter.describe(input, "Glob")).toStrictEqual(facts);
  });
});
