import { describe, expect, it } from "vitest";
import { snapshotSuggestions } from "./suggestions.js";

const addRule = {
  type: "addRules",
  rules: [{ toolName: "Bash", ruleContent: "npm test:*" }],
  behavior: "allow",
  destination: "localSettings",
};

describe("snapshotSuggestions", () => {
  it("keeps valid updates as a deep copy", () => {
    const input = [
      structuredClone(addRule),
      { type: "setMode", mode: "acceptEdits", destination: "session" },
    ];
    const snapshot = snapshotSuggestions(input);
    expect(snapshot).toEqual(input);
    (input[0] as typeof addRule).rules[0]!.ruleContent = "rm -rf /";
    expect(snapshot[0]).toEqual(addRule);
  });

  it.each([
    ["unknown type", { type: "grantEverything", destination: "session" }],
    ["unknown mode", { type: "setMode", mode: "god", destination: "session" }],
    ["unknown destination", { ...addRule, destination: "cloud" }],
    ["unknown behavior", { ...addRule, behavior: "maybe" }],
    ["empty rules", { ...addRule, rules: [] }],
    ["empty tool name", { ...addRule, rules: [{ toolName: "" }] }],
    ["extra rule key", { ...addRule, rules: [{ toolName: "Bash", sneaky: true }] }],
    [
      "oversized rule",
      { ...addRule, rules: [{ toolName: "Bash", ruleContent: "x".repeat(5000) }] },
    ],
    [
      "too many rules",
      { ...addRule, rules: Array.from({ length: 40 }, () => ({ toolName: "Bash" })) },
    ],
    ["empty directories", { type: "addDirectories", directories: [], destination: "session" }],
    ["not an object", "addRules"],
    ["null", null],
  ])("drops an update with %s", (_name, bad) => {
    expect(snapshotSuggestions([addRule, bad])).toEqual([addRule]);
  });

  it.each([
    ["not an array", { 0: addRule }],
    ["an oversized bundle", Array.from({ length: 17 }, () => addRule)],
    ["undefined", undefined],
  ])("takes nothing from %s", (_name, input) => {
    expect(snapshotSuggestions(input)).toEqual([]);
  });

  it("drops what cannot be cloned", () => {
    expect(
      snapshotSuggestions([{ ...addRule, rules: [{ toolName: "Bash", ruleContent: () => 1 }] }]),
    ).toEqual([]);
  });
});
