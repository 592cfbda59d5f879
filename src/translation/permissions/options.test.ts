import { describe, expect, it } from "vitest";
import { permissionChoices, type PermissionRequestFacts } from "./choices.js";
import { toDecision } from "./options.js";

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
const ids = (f: PermissionRequestFacts) =>
  permissionChoices(f).map((c) => [c.option.optionId, c.option.name, c.option.kind]);

const npmRule = {
  type: "addRules" as const,
  rules: [{ toolName: "Bash", ruleContent: "npm test:*" }],
  behavior: "allow" as const,
  destination: "localSettings" as const,
};

describe("permission choices", () => {
  it("Bash: one-time allow, the exact SDK bundle named in the label, reject", () => {
    expect(ids(facts({ suggestions: [npmRule] }))).toEqual([
      ["allow-once", "Yes", "allow_once"],
      [
        "allow-with-updates",
        "Yes, always allow `npm test` commands in this project",
        "allow_always",
      ],
      ["reject", "No", "reject_once"],
    ]);
  });

  it("offers nothing durable when part of the bundle cannot be described", () => {
    const mixed = [
      npmRule,
      {
        type: "removeRules" as const,
        rules: [{ toolName: "Bash" }],
        behavior: "allow" as const,
        destination: "localSettings" as const,
      },
    ];
    expect(ids(facts({ suggestions: mixed })).map((c) => c[0])).toEqual(["allow-once", "reject"]);
  });

  it("offers nothing durable when an ask rule matched", () => {
    expect(ids(facts({ suggestions: [npmRule], matchedAskRule: true })).map((c) => c[0])).toEqual([
      "allow-once",
      "reject",
    ]);
  });

  it("Edit: a session edit grant, only when session-scoped", () => {
    const grant = {
      type: "setMode" as const,
      mode: "acceptEdits" as const,
      destination: "session" as const,
    };
    expect(ids(facts({ toolName: "Edit", suggestions: [grant] }))[1]).toEqual([
      "allow-with-updates",
      "Yes, allow all edits during this session",
      "allow_always",
    ]);
    expect(
      ids(
        facts({ toolName: "Edit", suggestions: [{ ...grant, destination: "userSettings" }] }),
      ).map((c) => c[0]),
    ).toEqual(["allow-once", "reject"]);
  });

  it("WebFetch: a generated domain rule", () => {
    expect(
      ids(facts({ toolName: "WebFetch", input: { url: "https://docs.example.com/a" } }))[1],
    ).toEqual([
      "allow-with-updates",
      "Yes, always allow fetches from docs.example.com in this project",
      "allow_always",
    ]);
    expect(
      ids(facts({ toolName: "WebFetch", input: { url: "not a url" } })).map((c) => c[0]),
    ).toEqual(["allow-once", "reject"]);
  });

  it("Skill: exact, and prefix when parameterized", () => {
    expect(
      ids(facts({ toolName: "Skill", input: { skill: "deploy", args: "prod" } })).map((c) => c[0]),
    ).toEqual(["allow-once", "allow-skill-exact", "allow-skill-prefix", "reject"]);
    expect(ids(facts({ toolName: "Skill", input: { skill: "deploy" } })).map((c) => c[0])).toEqual([
      "allow-once",
      "allow-skill-exact",
      "reject",
    ]);
  });

  it("WebSearch, Agent: a whole-tool local rule", () => {
    expect(ids(facts({ toolName: "WebSearch" }))[1]![1]).toBe(
      "Yes, always allow WebSearch in this project",
    );
  });

  it("an unknown tool gets the generic fallback", () => {
    expect(ids(facts({ toolName: "Workflow", suggestions: [npmRule] })).map((c) => c[0])).toEqual([
      "allow-once",
      "reject",
    ]);
  });

  it("ExitPlanMode: manual, the best elevated mode, its clear-context variant, reject", () => {
    const withAuto = facts({
      toolName: "ExitPlanMode",
      input: { plan: "1. do it" },
      availableModes: new Set(["default", "acceptEdits", "auto", "bypassPermissions"]),
    });
    expect(ids(withAuto).map((c) => c[0])).toEqual([
      "exit-plan-default",
      "exit-plan-auto",
      "exit-plan-clear-auto",
      "reject",
    ]);
    const noAuto = facts({
      toolName: "ExitPlanMode",
      input: { plan: "" },
      availableModes: new Set(["default", "acceptEdits"]),
    });
    expect(ids(noAuto).map((c) => c[0])).toEqual([
      "exit-plan-default",
      "exit-plan-accept-edits",
      "reject",
    ]);
  });

  it("maps the answer to the effect of the offered choice", () => {
    const offered = permissionChoices(facts({ suggestions: [npmRule] }));
    expect(
      toDecision({ outcome: { outcome: "selected", optionId: "allow-with-updates" } }, offered),
    ).toEqual({ kind: "allow", updates: [npmRule] });
    expect(toDecision({ outcome: { outcome: "selected", optionId: "reject" } }, offered)).toEqual({
      kind: "reject",
    });
    expect(
      toDecision({ outcome: { outcome: "selected", optionId: "allow-skill-exact" } }, offered),
    ).toEqual({ kind: "reject" });
    expect(toDecision({ outcome: { outcome: "cancelled" } }, offered)).toEqual({
      kind: "cancelled",
    });
  });
});

describe("filesystem grants", () => {
  const readDir = {
    type: "addDirectories" as const,
    directories: ["/data"],
    destination: "session" as const,
  };

  it("Read: a session read grant that covers the file", () => {
    expect(
      ids(facts({ toolName: "Read", input: { file_path: "/data/a.txt" }, suggestions: [readDir] })),
    ).toEqual([
      ["allow-once", "Yes", "allow_once"],
      ["allow-with-updates", "Yes, allow access to /data during this session", "allow_always"],
      ["reject", "No", "reject_once"],
    ]);
  });

  it("Read: no grant that does not cover the file", () => {
    expect(
      ids(
        facts({ toolName: "Read", input: { file_path: "/etc/a.txt" }, suggestions: [readDir] }),
      ).map((c) => c[0]),
    ).toEqual(["allow-once", "reject"]);
  });
});

describe("SandboxNetworkAccess", () => {
  const hostRule = (host: string) => ({
    type: "addRules" as const,
    rules: [{ toolName: "SandboxNetworkAccess", ruleContent: `domain:${host}` }],
    behavior: "allow" as const,
    destination: "localSettings" as const,
  });
  const sandbox = (suggestions: PermissionRequestFacts["suggestions"]) =>
    facts({ toolName: "SandboxNetworkAccess", input: { host: "registry.npmjs.org" }, suggestions });

  it("offers the SDK's rule for exactly the host", () => {
    expect(ids(sandbox([hostRule("registry.npmjs.org")]))).toEqual([
      ["allow-once", "Yes", "allow_once"],
      [
        "allow-with-updates",
        "Yes, always allow connections to registry.npmjs.org in this project",
        "allow_always",
      ],
      ["reject", "No", "reject_once"],
    ]);
  });

  it.each([
    ["another host", [hostRule("evil.test")]],
    ["no suggestion", []],
  ])("offers only once and reject for %s", (_, suggestions) => {
    expect(ids(sandbox(suggestions)).map((c) => c[0])).toEqual(["allow-once", "reject"]);
  });
});
