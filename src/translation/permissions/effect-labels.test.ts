import type { PermissionUpdate } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import { describeUpdates } from "./effect-labels.js";

const touch: PermissionUpdate = {
  type: "addRules",
  rules: [{ toolName: "Bash", ruleContent: "touch:*" }],
  behavior: "allow",
  destination: "localSettings",
};
const lib: PermissionUpdate = {
  type: "addDirectories",
  directories: ["/w/lib"],
  destination: "session",
};
const edits: PermissionUpdate = { type: "setMode", mode: "acceptEdits", destination: "session" };

describe("describeUpdates", () => {
  it.each([
    [[touch], "Yes, always allow `touch` commands in this project"],
    [[edits], "Yes, allow all edits during this session"],
    [[lib], "Yes, allow access to /w/lib during this session"],
    [[lib, edits], "Yes, allow access to /w/lib and all edits during this session"],
    // The bundle Claude Code suggests for a command that writes outside the project.
    [
      [touch, lib, edits],
      "Yes, always allow `touch` commands in this project, and allow access to /w/lib and all edits during this session",
    ],
    [
      [
        {
          type: "addRules",
          rules: [
            { toolName: "Bash", ruleContent: "npm test:*" },
            { toolName: "Bash", ruleContent: "npm run lint" },
          ],
          behavior: "allow",
          destination: "userSettings",
        },
      ],
      "Yes, always allow `npm test` commands and `npm run lint` in every project",
    ],
    [
      [{ type: "setMode", mode: "plan", destination: "session" }],
      "Yes, switch to plan mode during this session",
    ],
    [
      [lib, { type: "setMode", mode: "plan", destination: "session" }],
      "Yes, allow access to /w/lib and switch to plan mode during this session",
    ],
  ] as Array<[PermissionUpdate[], string]>)("%j → %s", (updates, label) => {
    expect(describeUpdates(updates)).toBe(label);
  });

  it("names every part once: no repeated 'and don't ask again', no repeated scope", () => {
    const label = describeUpdates([touch, lib, edits])!;
    expect(label.match(/this session/g)).toHaveLength(1);
    expect(label).not.toContain("don't ask again");
  });

  it.each([
    [[]],
    [[{ ...touch, behavior: "deny" }]],
    [[touch, { type: "removeRules", rules: [], behavior: "allow", destination: "session" }]],
  ] as Array<[PermissionUpdate[]]>)("%j cannot be described honestly: undefined", (updates) => {
    expect(describeUpdates(updates)).toBeUndefined();
  });
});
