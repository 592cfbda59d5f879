import { describe, expect, it } from "vitest";
import type { ToolCallUpdate } from "@agentclientprotocol/sdk/unstable";
import { declineFirst, permissionChoices, type PermissionRequestFacts } from "./choices.js";
import { parseClientProfile } from "../../extensions/compose.js";
import { permissionRequest, permissionRequestShape } from "./request.js";

/** AIR's request shape, as the composition gives it to an AIR client. */
const AIR = permissionRequestShape(
  parseClientProfile({ _meta: { jetbrains: { air: { version: 1, capabilities: [] } } } }),
);

const choiceFacts: PermissionRequestFacts = {
  toolName: "Bash",
  input: { command: "npm test" },
  suggestions: [
    {
      type: "addRules",
      rules: [{ toolName: "Bash", ruleContent: "npm test:*" }],
      behavior: "allow",
      destination: "localSettings",
    },
  ],
  matchedAskRule: false,
  availableModes: new Set(["default"]),
};
const choices = permissionChoices(choiceFacts);
const toolCall: ToolCallUpdate = {
  toolCallId: "toolu_1",
  title: "npm test",
  kind: "execute",
  status: "pending",
  rawInput: { command: "npm test" },
  _meta: { claudeCode: { toolName: "Bash" } },
};
const ask = {
  toolName: "Bash",
  decisionReason: "Needed",
  defaultToNo: false,
  blockedPath: undefined,
  mcpServer: undefined,
  input: { command: "npm test" },
  displayName: undefined,
};
const ids = (options: ReadonlyArray<{ optionId: string }>) => options.map((o) => o.optionId);

describe("permissionRequest", () => {
  it("gives a plain client the whole tool call and no AIR key", () => {
    const { request, offered } = permissionRequest("s1", toolCall, choices, ask);
    expect(request).toEqual({
      sessionId: "s1",
      toolCall,
      options: choices.map((c) => c.option),
    });
    expect(offered).toBe(choices);
  });

  it("keeps allow first for a plain client even with defaultToNo", () => {
    const { request } = permissionRequest("s1", toolCall, choices, { ...ask, defaultToNo: true });
    expect(ids(request.options)).toEqual(["allow-once", "allow-with-updates", "reject"]);
    expect(request._meta).toBeUndefined();
  });

  it("takes AIR's request shape from an AIR client's profile, none for a plain client", () => {
    // Built inside the test: a mutant is active only while a test runs, not at module load.
    expect(permissionRequestShape(parseClientProfile({}))).toBeUndefined();
    const air = { _meta: { jetbrains: { air: { version: 1, capabilities: [] } } } };
    expect(permissionRequestShape(parseClientProfile(air))).toBeTypeOf("function");
  });

  it("names the MCP server for a plain client next to its claudeCode keys, as upstream", () => {
    const named = (mcpServerSource: string | undefined) =>
      permissionRequest("s1", toolCall, choices, { ...ask, mcpServer: "db", mcpServerSource })
        .request.toolCall._meta;
    expect(named("dynamic")).toEqual({
      claudeCode: { toolName: "Bash", mcpServer: { name: "db", source: "dynamic" } },
    });
    // No source: no key (not `source: undefined`).
    expect(named(undefined)).toStrictEqual({
      claudeCode: { toolName: "Bash", mcpServer: { name: "db" } },
    });
  });

  it("titles a plain client's Sandbox Network request with its host and shows its input", () => {
    const sandbox: ToolCallUpdate = {
      toolCallId: "toolu_net",
      title: "SandboxNetworkAccess",
      kind: "other",
      status: "pending",
      rawInput: { host: "registry.npmjs.org" },
      content: [],
      _meta: { claudeCode: { toolName: "SandboxNetworkAccess" } },
    };
    const facts = {
      ...ask,
      toolName: "SandboxNetworkAccess",
      input: { host: "registry.npmjs.org" },
    };
    expect(permissionRequest("s1", sandbox, choices, facts).request).toEqual({
      sessionId: "s1",
      toolCall: {
        ...sandbox,
        title: "registry.npmjs.org",
        content: [
          {
            type: "content",
            content: { type: "text", text: '```json\n{\n  "host": "registry.npmjs.org"\n}\n```' },
          },
        ],
      },
      options: choices.map((c) => c.option),
    });
  });

  it("titles a plain client's Computer Use request with its action, keeping its own content", () => {
    const content = [
      { type: "content" as const, content: { type: "text" as const, text: "Safari" } },
    ];
    const click: ToolCallUpdate = {
      toolCallId: "toolu_cu",
      title: "mcp__computer-use__click",
      rawInput: { x: 1 },
      content,
    };
    const facts = {
      ...ask,
      toolName: "mcp__computer-use__click",
      input: { x: 1 },
      displayName: "Click in Safari",
    };
    expect(permissionRequest("s1", click, choices, facts).request.toolCall).toEqual({
      ...click,
      title: "Click in Safari",
    });
  });

  it.each([
    ["/w/out.txt", undefined, [{ path: "/w/out.txt" }]],
    [
      "/w/out.txt",
      [{ path: "/w/a.ts", line: 2 }],
      [{ path: "/w/a.ts", line: 2 }, { path: "/w/out.txt" }],
    ],
    ["/w/a.ts", [{ path: "/w/a.ts" }], [{ path: "/w/a.ts" }]],
    ["relative.txt", undefined, undefined],
  ])("adds the blocked path %s to a plain client's locations", (blockedPath, known, expected) => {
    const located = known ? { ...toolCall, locations: known } : toolCall;
    const { request } = permissionRequest("s1", located, choices, { ...ask, blockedPath });
    expect(request.toolCall.locations).toEqual(expected);
  });

  it("has no shape of its own for a client without an extension's", () => {
    expect(permissionRequestShape(parseClientProfile({}))).toBeUndefined();
    expect(AIR).toBeDefined();
  });

  it("gives AIR the record and the trimmed tool call", () => {
    const { request } = permissionRequest("s1", toolCall, choices, ask, AIR);
    expect(request).toEqual({
      sessionId: "s1",
      toolCall: { toolCallId: "toolu_1", title: "npm test", rawInput: { command: "npm test" } },
      options: choices.map((c) => c.option),
      _meta: {
        jetbrains: {
          air: {
            version: 1,
            permission: { version: 1, title: "npm test", description: "Reason: Needed" },
          },
        },
      },
    });
  });

  it("puts the decline first for AIR's defaultToNo and checks answers against that order", () => {
    const { request, offered } = permissionRequest(
      "s1",
      toolCall,
      choices,
      { ...ask, defaultToNo: true },
      AIR,
    );
    expect(ids(request.options)).toEqual(["reject", "allow-once", "allow-with-updates"]);
    expect(offered.map((c) => c.option)).toEqual(request.options);
  });
});

describe("declineFirst", () => {
  it("moves every reject kind ahead, each group in its order", () => {
    const exitPlan = permissionChoices({
      ...choiceFacts,
      toolName: "ExitPlanMode",
      input: { plan: "do it" },
      availableModes: new Set(["default", "acceptEdits"]),
    });
    expect(declineFirst(exitPlan).map((c) => c.option.optionId)).toEqual([
      "reject",
      "exit-plan-default",
      "exit-plan-accept-edits",
      "exit-plan-clear-accept-edits",
    ]);
  });
});
