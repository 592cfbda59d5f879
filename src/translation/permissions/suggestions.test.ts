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

describe("snapshotSuggestions: every accepted value, and the bounds", () => {
  const keep = (update: unknown) => expect(snapshotSuggestions([update])).toEqual([update]);

  it.each(["userSettings", "projectSettings", "localSettings", "session", "cliArg"])(
    "keeps the destination %s",
    (destination) => keep({ ...addRule, destination }),
  );

  it.each(["addRules", "replaceRules", "removeRules"])("keeps the rule update %s", (type) =>
    keep({ ...addRule, type }),
  );

  it.each(["allow", "deny", "ask"])("keeps the behavior %s", (behavior) =>
    keep({ ...addRule, behavior }),
  );

  it.each(["default", "acceptEdits", "bypassPermissions", "plan", "dontAsk", "auto"])(
    "keeps the mode %s",
    (mode) => keep({ type: "setMode", mode, destination: "session" }),
  );

  it.each(["addDirectories", "removeDirectories"])("keeps the directory update %s", (type) =>
    keep({ type, directories: ["/w"], destination: "session" }),
  );

  it("keeps the largest bundle, rule list, names and contents", () => {
    keep({
      ...addRule,
      rules: Array.from({ length: 32 }, () => ({
        toolName: "x".repeat(256),
        ruleContent: "y".repeat(4096),
      })),
    });
    keep({
      type: "addDirectories",
      directories: Array.from({ length: 32 }, () => "d".repeat(4096)),
      destination: "session",
    });
    const bundle = Array.from({ length: 16 }, () => addRule);
    expect(snapshotSuggestions(bundle)).toEqual(bundle);
  });

  it.each([
    [
      "a rule list one too long",
      { ...addRule, rules: Array.from({ length: 33 }, () => ({ toolName: "B" })) },
    ],
    ["a tool name one too long", { ...addRule, rules: [{ toolName: "x".repeat(257) }] }],
    [
      "a rule content one too long",
      { ...addRule, rules: [{ toolName: "B", ruleContent: "y".repeat(4097) }] },
    ],
    ["an empty rule content", { ...addRule, rules: [{ toolName: "B", ruleContent: "" }] }],
    [
      "a directory list one too long",
      {
        type: "addDirectories",
        directories: Array.from({ length: 33 }, () => "/d"),
        destination: "session",
      },
    ],
    [
      "a directory one too long",
      { type: "addDirectories", directories: ["d".repeat(4097)], destination: "session" },
    ],
    [
      "an empty directory",
      { type: "removeDirectories", directories: [""], destination: "session" },
    ],
    ["a mode without destination", { type: "setMode", mode: "plan" }],
  ])("drops %s", (_name, bad) => {
    expect(snapshotSuggestions([bad])).toEqual([]);
  });
});
