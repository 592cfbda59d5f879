import type { PermissionUpdate } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import { describeUpdates, ruleSubject } from "./effect-labels.js";

const bashRule = (
  destination: PermissionUpdate["destination"],
  behavior: "allow" | "deny" | "ask" = "allow",
): PermissionUpdate => ({
  type: "addRules",
  rules: [{ toolName: "Bash", ruleContent: "npm test:*" }],
  behavior,
  destination,
});

describe("describeUpdates", () => {
  it.each<[string, PermissionUpdate[], string | undefined]>([
    [
      "a rule for this session",
      [bashRule("session")],
      "Yes, and don't ask again for `npm test` commands this session",
    ],
    [
      "a local rule",
      [bashRule("localSettings")],
      "Yes, and don't ask again for `npm test` commands in this project",
    ],
    [
      "a project rule",
      [bashRule("projectSettings")],
      "Yes, and don't ask again for `npm test` commands in this project",
    ],
    [
      "a user rule",
      [bashRule("userSettings")],
      "Yes, and don't ask again for `npm test` commands in every project",
    ],
    [
      "a rule of the command line",
      [bashRule("cliArg")],
      "Yes, and don't ask again for `npm test` commands",
    ],
    [
      "one update with two rules",
      [
        {
          type: "addRules",
          rules: [{ toolName: "Read", ruleContent: "src/**" }, { toolName: "WebSearch" }],
          behavior: "allow",
          destination: "session",
        },
      ],
      "Yes, and don't ask again for reading src/** or WebSearch this session",
    ],
    [
      "a rule and a mode, joined",
      [bashRule("session"), { type: "setMode", mode: "acceptEdits", destination: "session" }],
      "Yes, and don't ask again for `npm test` commands this session, and allow all edits this session",
    ],
    [
      "directories",
      [{ type: "addDirectories", directories: ["/w/a", "/w/b"], destination: "session" }],
      "Yes, allow access to /w/a, /w/b this session",
    ],
    ["nothing", [], undefined],
    ["a deny rule", [bashRule("session", "deny")], undefined],
    ["an ask rule", [bashRule("session", "ask")], undefined],
    [
      "a rule that cannot be put in words",
      [
        {
          type: "addRules",
          rules: [{ toolName: "WebSearch" }, { toolName: "Glob", ruleContent: "x" }],
          behavior: "allow",
          destination: "session",
        },
      ],
      undefined,
    ],
    [
      "a describable update next to one that is not",
      [
        bashRule("session"),
        { type: "removeDirectories", directories: ["/w"], destination: "session" },
      ],
      undefined,
    ],
    ["an unknown mode", [{ type: "setMode", mode: "dontAsk", destination: "session" }], undefined],
  ])("%s", (_name, updates, words) => {
    expect(describeUpdates(updates)).toBe(words);
  });

  it.each([
    ["acceptEdits", "Yes, allow all edits in every project"],
    ["default", "Yes, ask before each action in every project"],
    ["plan", "Yes, switch to plan mode in every project"],
    ["auto", "Yes, switch to auto mode in every project"],
    ["bypassPermissions", "Yes, bypass all permission checks in every project"],
  ] as const)("the mode %s", (mode, words) => {
    expect(describeUpdates([{ type: "setMode", mode, destination: "userSettings" }])).toBe(words);
  });
});

describe("ruleSubject", () => {
  it.each<[string, string, string | undefined, string | undefined]>([
    ["a whole tool", "WebSearch", undefined, "WebSearch"],
    ["a command prefix", "Bash", "npm test:*", "`npm test` commands"],
    ["a multi-line command prefix", "Bash", "cat <<EOF\nx:*", "`cat <<EOF\nx` commands"],
    ["an exact command", "Bash", "git status", "`git status`"],
    ["a PowerShell prefix", "PowerShell", "Get-Item:*", "`Get-Item` commands"],
    ["reading", "Read", "src/**", "reading src/**"],
    ["edits", "Edit", "src/**", "edits to src/**"],
    ["writes", "Write", "docs/*.md", "edits to docs/*.md"],
    ["a fetch domain", "WebFetch", "domain:example.org", "fetches from example.org"],
    ["a fetch rule that is not a domain", "WebFetch", "https://example.org/", undefined],
    ["an empty fetch domain", "WebFetch", "domain:", undefined],
    ["a skill", "Skill", "deploy", "the deploy skill"],
    ["a skill with any arguments", "Skill", "deploy:*", "the deploy skill with any arguments"],
    ["an MCP tool", "mcp__github__create_issue", undefined, "create_issue from github"],
    ["an MCP tool with __ in its name", "mcp__gh__a__b", undefined, "a__b from gh"],
    ["an MCP server", "mcp__github", undefined, "the github tools"],
    ["an MCP rule with content", "mcp__github__create_issue", "x", undefined],
    ["a tool with content it cannot describe", "Glob", "src/**", undefined],
    ["a name that only contains mcp__", "x_mcp__github", "y", undefined],
    ["a whole tool that only contains mcp__", "x_mcp__github", undefined, "x_mcp__github"],
    ["a command with text after :*", "Bash", "npm:*x", "`npm:*x`"],
    ["a skill with text after :*", "Skill", "deploy:*x", "the deploy:*x skill"],
    ["a skill name over lines", "Skill", "a\nb:*", "the a\nb:* skill"],
    ["a fetch rule with text before domain:", "WebFetch", "xdomain:a.b", undefined],
    ["a fetch domain over lines", "WebFetch", "domain:a\nb", undefined],
  ])("%s", (_name, toolName, content, subject) => {
    expect(ruleSubject(toolName, content)).toBe(subject);
  });
});
