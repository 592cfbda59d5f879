import type { PermissionUpdate } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import {
  permissionChoices,
  type PermissionChoice,
  type PermissionRequestFacts,
} from "./choices.js";

// Each case states the whole choice list, options and effects: what the client shows and
// what picking it does are one contract (S000 "Choices per tool").

function facts(overrides: Partial<PermissionRequestFacts>): PermissionRequestFacts {
  return {
    toolName: "Bash",
    input: {},
    suggestions: [],
    matchedAskRule: false,
    availableModes: new Set(["default", "acceptEdits", "plan"]),
    ...overrides,
  };
}

const ALLOW_ONCE: PermissionChoice = {
  option: { optionId: "allow-once", name: "Yes", kind: "allow_once" },
  effect: { kind: "allow", updates: [] },
};
const REJECT: PermissionChoice = {
  option: { optionId: "reject", name: "No", kind: "reject_once" },
  effect: { kind: "reject" },
};

function always(name: string, updates: PermissionUpdate[], id = "allow-with-updates") {
  return {
    option: { optionId: id, name, kind: "allow_always" },
    effect: { kind: "allow", updates },
  };
}

function localRule(toolName: string, ruleContent?: string): PermissionUpdate[] {
  return [
    {
      type: "addRules",
      rules: [{ toolName, ...(ruleContent !== undefined ? { ruleContent } : {}) }],
      behavior: "allow",
      destination: "localSettings",
    },
  ];
}

const npmRule = localRule("Bash", "npm test:*");
const sessionEdits: PermissionUpdate[] = [
  { type: "setMode", mode: "acceptEdits", destination: "session" },
];

describe("permissionChoices: durable choices per tool", () => {
  it.each(["Bash", "PowerShell"])("%s: the SDK bundle, named in the label", (toolName) => {
    expect(permissionChoices(facts({ toolName, suggestions: npmRule }))).toEqual([
      ALLOW_ONCE,
      always("Yes, always allow `npm test` commands in this project", npmRule),
      REJECT,
    ]);
  });

  it.each(["Read", "Glob", "Grep", "Edit", "Write", "NotebookEdit"])(
    "%s: a session-scoped SDK bundle, and nothing durable otherwise",
    (toolName) => {
      expect(permissionChoices(facts({ toolName, suggestions: sessionEdits }))).toEqual([
        ALLOW_ONCE,
        always("Yes, allow all edits during this session", sessionEdits),
        REJECT,
      ]);
      const mixed: PermissionUpdate[] = [
        ...sessionEdits,
        { type: "setMode", mode: "acceptEdits", destination: "userSettings" },
      ];
      expect(permissionChoices(facts({ toolName, suggestions: mixed }))).toEqual([
        ALLOW_ONCE,
        REJECT,
      ]);
    },
  );

  it.each([
    ["https", "https://docs.example.com/a?b=1", "docs.example.com"],
    ["http", "http://example.org:8080/", "example.org"],
  ])("WebFetch over %s: a generated rule for the domain", (_name, url, host) => {
    expect(permissionChoices(facts({ toolName: "WebFetch", input: { url } }))).toEqual([
      ALLOW_ONCE,
      always(
        `Yes, always allow fetches from ${host} in this project`,
        localRule("WebFetch", `domain:${host}`),
      ),
      REJECT,
    ]);
  });

  it.each([
    ["not a URL", "not a url"],
    ["another scheme", "ftp://example.org/file"],
    ["a file URL", "file:///etc/hosts"],
    ["a scheme that only ends in http", "xhttp://example.org/"],
    ["no URL", undefined],
    ["a non-string URL", 42],
    // new URL() would read ["https://…"] as its string.
    ["a URL in an array", ["https://example.org/"]],
  ])("WebFetch with %s: nothing durable", (_name, url) => {
    expect(permissionChoices(facts({ toolName: "WebFetch", input: { url } }))).toEqual([
      ALLOW_ONCE,
      REJECT,
    ]);
  });

  it("Skill with arguments: the exact skill, and the skill with any arguments", () => {
    expect(
      permissionChoices(facts({ toolName: "Skill", input: { skill: "deploy", args: "prod" } })),
    ).toEqual([
      ALLOW_ONCE,
      always(
        "Yes, always allow the deploy skill in this project",
        localRule("Skill", "deploy"),
        "allow-skill-exact",
      ),
      always(
        "Yes, always allow the deploy skill with any arguments in this project",
        localRule("Skill", "deploy:*"),
        "allow-skill-prefix",
      ),
      REJECT,
    ]);
  });

  it.each([
    ["no arguments", undefined],
    ["blank arguments", "  "],
    ["non-string arguments", ["prod"]],
  ])("Skill with %s: the exact skill only", (_name, args) => {
    expect(
      permissionChoices(facts({ toolName: "Skill", input: { skill: "deploy", args } })),
    ).toEqual([
      ALLOW_ONCE,
      always(
        "Yes, always allow the deploy skill in this project",
        localRule("Skill", "deploy"),
        "allow-skill-exact",
      ),
      REJECT,
    ]);
  });

  it.each([
    ["no skill name", {}],
    ["a blank skill name", { skill: "" }],
    ["a non-string skill name", { skill: 7 }],
  ])("Skill with %s: nothing durable", (_name, input) => {
    expect(permissionChoices(facts({ toolName: "Skill", input, suggestions: npmRule }))).toEqual([
      ALLOW_ONCE,
      REJECT,
    ]);
  });

  it.each(["WebSearch", "Agent", "Task"])("%s: a whole-tool local rule", (toolName) => {
    // Strict: a whole-tool rule has no ruleContent key at all, not an undefined one.
    expect(permissionChoices(facts({ toolName }))).toStrictEqual([
      ALLOW_ONCE,
      always(`Yes, always allow ${toolName} in this project`, localRule(toolName)),
      REJECT,
    ]);
  });

  it("an MCP tool: the SDK's one rule for exactly that tool", () => {
    const rule = localRule("mcp__github__create_issue");
    expect(
      permissionChoices(facts({ toolName: "mcp__github__create_issue", suggestions: rule })),
    ).toEqual([
      ALLOW_ONCE,
      always("Yes, always allow create_issue from github in this project", rule),
      REJECT,
    ]);
  });

  const otherTool = localRule("mcp__github__delete_repo");
  const twoRules: PermissionUpdate[] = [
    {
      type: "addRules",
      rules: [{ toolName: "mcp__github__create_issue" }, { toolName: "mcp__github__delete_repo" }],
      behavior: "allow",
      destination: "localSettings",
    },
  ];
  it.each<[string, PermissionUpdate[]]>([
    ["no suggestion", []],
    ["a rule for another tool", otherTool],
    ["one rule for two tools", twoRules],
    ["two suggestions", [...localRule("mcp__github__create_issue"), ...otherTool]],
    ["a mode change", sessionEdits],
  ])("an MCP tool with %s: nothing durable", (_name, suggestions) => {
    expect(
      permissionChoices(facts({ toolName: "mcp__github__create_issue", suggestions })),
    ).toEqual([ALLOW_ONCE, REJECT]);
  });

  it.each([
    ["an unknown tool", "Workflow"],
    ["a name that only contains mcp__", "x_mcp__github__create_issue"],
  ])("%s: nothing durable, whatever the SDK suggests", (_name, toolName) => {
    expect(permissionChoices(facts({ toolName, suggestions: localRule(toolName) }))).toEqual([
      ALLOW_ONCE,
      REJECT,
    ]);
  });

  it.each(["Bash", "WebSearch", "Skill"])(
    "%s after an ask rule matched: nothing durable (it must keep asking)",
    (toolName) => {
      expect(
        permissionChoices(
          facts({ toolName, suggestions: npmRule, input: { skill: "x" }, matchedAskRule: true }),
        ),
      ).toEqual([ALLOW_ONCE, REJECT]);
    },
  );
});

describe("permissionChoices: plan mode", () => {
  it("EnterPlanMode: enter or not, never anything durable", () => {
    expect(
      permissionChoices(facts({ toolName: "EnterPlanMode", suggestions: sessionEdits })),
    ).toEqual([
      {
        option: { optionId: "allow-once", name: "Yes, enter plan mode", kind: "allow_once" },
        effect: { kind: "allow", updates: [] },
      },
      REJECT,
    ]);
  });

  const manual: PermissionChoice = {
    option: {
      optionId: "exit-plan-default",
      name: "Yes, and manually approve edits",
      kind: "allow_once",
    },
    effect: { kind: "exit-plan", mode: "default", clearContext: false },
  };
  const keepPlanning: PermissionChoice = {
    option: { optionId: "reject", name: "No, keep planning", kind: "reject_once" },
    effect: { kind: "reject" },
  };
  const exitPlan = (modes: string[], plan: unknown) =>
    permissionChoices(
      facts({ toolName: "ExitPlanMode", input: { plan }, availableModes: new Set(modes) }),
    );

  it.each([
    ["auto", ["acceptEdits", "bypassPermissions", "auto"], "auto", "auto", "use auto mode"],
    [
      "bypassPermissions",
      ["acceptEdits", "bypassPermissions"],
      "bypassPermissions",
      "bypass",
      "bypass permissions",
    ],
    ["acceptEdits", ["default", "acceptEdits"], "acceptEdits", "accept-edits", "auto-accept edits"],
  ])(
    "ExitPlanMode with %s the best mode: manual, keep context, clear context, keep planning",
    (_name, modes, mode, id, words) => {
      expect(exitPlan(modes, "1. do it")).toEqual([
        manual,
        {
          option: { optionId: `exit-plan-${id}`, name: `Yes, and ${words}`, kind: "allow_always" },
          effect: { kind: "exit-plan", mode, clearContext: false },
        },
        {
          option: {
            optionId: `exit-plan-clear-${id}`,
            name: `Yes, clear context and ${words}`,
            kind: "allow_always",
          },
          effect: { kind: "exit-plan", mode, clearContext: true },
        },
        keepPlanning,
      ]);
    },
  );

  it.each([
    ["a blank plan", "  \n"],
    ["no plan", undefined],
  ])("ExitPlanMode with %s: no clear-context choice (nothing to start from)", (_name, plan) => {
    expect(exitPlan(["acceptEdits"], plan)).toEqual([
      manual,
      {
        option: {
          optionId: "exit-plan-accept-edits",
          name: "Yes, and auto-accept edits",
          kind: "allow_always",
        },
        effect: { kind: "exit-plan", mode: "acceptEdits", clearContext: false },
      },
      keepPlanning,
    ]);
  });

  it("ExitPlanMode with no elevated mode offered: manual or keep planning", () => {
    expect(exitPlan(["default", "plan"], "1. do it")).toEqual([manual, keepPlanning]);
  });
});
