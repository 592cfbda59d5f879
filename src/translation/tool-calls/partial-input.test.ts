import { describe, expect, it } from "vitest";
import { parsePartialInput } from "./partial-input.js";

describe("parsePartialInput", () => {
  it.each([
    ["nothing yet", "", {}],
    ["blanks", " \n", {}],
    ["an open object", "{", {}],
    ["a string still streaming", '{"file_path": "/w/a', {}],
    ["a complete string", '{"file_path": "/w/a"', { file_path: "/w/a" }],
    ["a partial number", '{"offset": 12', { offset: 12 }],
    ["a partial array", '{"todos": [{"content": "a"}, {"con', { todos: [{ content: "a" }, {}] }],
    ["an array, not an object", "[1, 2]", undefined],
    ["not JSON", "nope", undefined],
  ])("reads %s", (_name, json, input) => {
    expect(parsePartialInput(json)).toEqual(input);
  });
});
