import { describe, expect, it } from "vitest";
import { inputFallback, subjectTitle } from "./request-subject.js";

const json = (text: string) => [{ type: "content", content: { type: "text", text } }];

describe("subjectTitle", () => {
  it.each([
    ["SandboxNetworkAccess", { host: " registry.npmjs.org " }, undefined, "registry.npmjs.org"],
    ["SandboxNetworkAccess", { host: 3 }, "Reach", undefined],
    ["SandboxNetworkAccess", { host: "x".repeat(201) }, undefined, undefined],
    ["mcp__computer-use__click", {}, "Click in Safari", "Click in Safari"],
    ["mcp__computer-use__click", { host: "h" }, undefined, undefined],
    ["Bash", { host: "h" }, "Run", undefined],
    ["mcp__computer_use__click", {}, "Click", undefined],
  ])("%s %j %s → %s", (toolName, input, displayName, expected) => {
    expect(subjectTitle(toolName, input, displayName)).toBe(expected);
  });
});

describe("inputFallback", () => {
  it("shows a Sandbox Network request's input as a JSON code block", () => {
    expect(inputFallback("SandboxNetworkAccess", { host: "example.com" }, undefined)).toEqual(
      json('```json\n{\n  "host": "example.com"\n}\n```'),
    );
    expect(inputFallback("SandboxNetworkAccess", { host: "a.b" }, [])).toEqual(
      json('```json\n{\n  "host": "a.b"\n}\n```'),
    );
  });

  it("shows a Computer Use request's input, fenced past any backticks in it", () => {
    expect(inputFallback("mcp__computer-use__type", { text: "```" }, null)).toEqual(
      json('````json\n{\n  "text": "```"\n}\n````'),
    );
  });

  it("keeps a request's own content, and leaves other tools alone", () => {
    const own = json("own");
    expect(inputFallback("SandboxNetworkAccess", { host: "a.b" }, own as never)).toBeUndefined();
    expect(inputFallback("Bash", { command: "ls" }, [])).toBeUndefined();
    expect(inputFallback("mcp__db__query", { q: 1 }, undefined)).toBeUndefined();
  });
});
