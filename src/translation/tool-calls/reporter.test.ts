import { describe, expect, it } from "vitest";
import { fenced } from "./reporter.js";

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
