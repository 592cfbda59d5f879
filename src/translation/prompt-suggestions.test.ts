import { describe, expect, it } from "vitest";
import { promptSuggestionsUpdate, suggestionText } from "./prompt-suggestions.js";

describe("prompt suggestions", () => {
  it.each<[unknown, string | null]>([
    ["Run the tests", "Run the tests"],
    ["  Run the tests\n", "Run the tests"],
    [" \n ", null],
    ["", null],
    [undefined, null],
    [3, null],
  ])("suggestionText(%j)", (raw, expected) => {
    expect(suggestionText(raw)).toBe(expected);
  });

  it("shows a prediction", () => {
    expect(promptSuggestionsUpdate("Run the tests")).toStrictEqual({
      sessionUpdate: "session_info_update",
      _meta: { promptSuggestions: { suggestions: [{ text: "Run the tests" }] } },
    });
  });

  it("clears with an empty list", () => {
    expect(promptSuggestionsUpdate(null)).toStrictEqual({
      sessionUpdate: "session_info_update",
      _meta: { promptSuggestions: { suggestions: [] } },
    });
  });
});
