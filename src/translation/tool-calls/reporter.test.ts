import { describe, expect, it } from "vitest";
import { defaultResult, fenced, num, record, resultText, str, textContent } from "./reporter.js";

describe("fenced", () => {
  it("fences text with three backticks and the language, without its last newline", () => {
    expect(fenced("a\nb\n", "console")).toBe("```console\na\nb\n```");
    expect(fenced("a\n\n")).toBe("```\na\n\n```");
    expect(fenced("")).toBe("```\n\n```");
  });

  it("makes the fence longer than any run of backticks inside", () => {
    expect(fenced("`x` and ``y``")).toBe("```\n`x` and ``y``\n```");
    expect(fenced("```ts\ncode\n```")).toBe("````\n```ts\ncode\n```\n````");
    expect(fenced("a ````` b ``` c`")).toBe("``````\na ````` b ``` c`\n``````");
    expect(fenced("`````")).toBe("``````\n`````\n``````");
  });
});

describe("reading untyped data", () => {
  it.each([
    ["a string", "x", "x"],
    ["an empty string", "", ""],
    ["a number", 1, undefined],
    ["nothing", undefined, undefined],
  ])("str of %s", (_name, value, out) => {
    expect(str(value)).toBe(out);
  });

  it.each([
    ["a number", 1.5, 1.5],
    ["zero", 0, 0],
    ["NaN", Number.NaN, undefined],
    ["infinity", Number.NEGATIVE_INFINITY, undefined],
    ["a numeric string", "1", undefined],
  ])("num of %s", (_name, value, out) => {
    expect(num(value)).toBe(out);
  });

  it.each([
    ["an object", { a: 1 }, { a: 1 }],
    ["null", null, undefined],
    ["an array", [1], undefined],
    ["a string", "x", undefined],
  ])("record of %s", (_name, value, out) => {
    expect(record(value)).toEqual(out);
  });
});

describe("resultText", () => {
  it.each([
    ["a string", "done", "done"],
    [
      "text blocks, one a line, skipping others and empty text",
      [
        { type: "text", text: "a" },
        { type: "image", source: {} },
        { type: "text", text: "" },
        { type: "text", text: 3 },
        null,
        { type: "text", text: "b" },
      ],
      "a\nb",
    ],
    ["an object", { type: "text", text: "a" }, ""],
    ["nothing", undefined, ""],
  ])("of %s", (_name, content, text) => {
    expect(resultText(content)).toBe(text);
  });

  it("shows a result's text as content, and nothing for none", () => {
    const result = (text: string) => ({ isError: false, text, raw: text, structured: undefined });
    expect(defaultResult(result("x"))).toEqual({ content: [textContent("x")] });
    expect(textContent("x")).toEqual({ type: "content", content: { type: "text", text: "x" } });
    expect(defaultResult(result(""))).toStrictEqual({});
  });
});
