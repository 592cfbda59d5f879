import { describe, expect, it } from "vitest";
import type { ToolCallUpdate } from "@agentclientprotocol/sdk/unstable";
import type { PermissionFacts } from "../../translation/permissions/request.js";
import { airPermissionRequest } from "./permission-request.js";

const OPTIONS = [
  { optionId: "allow-once", name: "Yes", kind: "allow_once" as const },
  { optionId: "reject", name: "No", kind: "reject_once" as const },
];
const facts = (extra: Partial<PermissionFacts> = {}): PermissionFacts => ({
  toolName: "Bash",
  decisionReason: undefined,
  defaultToNo: false,
  blockedPath: undefined,
  mcpServer: undefined,
  input: {},
  displayName: undefined,
  ...extra,
});
const rendered: ToolCallUpdate = {
  toolCallId: "toolu_1",
  title: "npm test",
  kind: "execute",
  status: "pending",
  rawInput: { command: "npm test", description: "Run the tests" },
  locations: [{ path: "/w/a.txt" }],
  _meta: {
    claudeCode: { toolName: "Bash" },
    jetbrains: { air: { version: 1, commandTitle: "x" } },
  },
};

describe("airPermissionRequest", () => {
  it("trims the tool call to id, title and rawInput and adds the record", () => {
    expect(
      airPermissionRequest(
        "s1",
        rendered,
        OPTIONS,
        facts({ decisionReason: "Needed to verify the change." }),
      ),
    ).toEqual({
      sessionId: "s1",
      toolCall: {
        toolCallId: "toolu_1",
        title: "npm test",
        rawInput: { command: "npm test", description: "Run the tests" },
      },
      options: OPTIONS,
      _meta: {
        jetbrains: {
          air: {
            version: 1,
            permission: {
              version: 1,
              title: "npm test",
              description: "Reason: Needed to verify the change.",
            },
          },
        },
      },
    });
  });

  it("keeps the content the session kept (an exact preview patch)", () => {
    const content = [
      { type: "diff" as const, path: "/w/a.txt", oldText: null, newText: "", _meta: { p: 1 } },
    ];
    expect(
      airPermissionRequest("s1", { ...rendered, content }, OPTIONS, facts()).toolCall.content,
    ).toEqual(content);
  });

  it("adds a valid blocked path that is not a location yet, after the known ones", () => {
    const request = airPermissionRequest("s1", rendered, OPTIONS, facts({ blockedPath: "/etc/x" }));
    expect(request.toolCall.locations).toEqual([{ path: "/w/a.txt" }, { path: "/etc/x" }]);
  });

  it.each([
    ["already a location", "/w/a.txt"],
    ["relative", "etc/x"],
    ["with a control character", "/etc/\nx"],
    ["empty", ""],
  ])("sends no locations for a blocked path %s", (_, blockedPath) => {
    const request = airPermissionRequest("s1", rendered, OPTIONS, facts({ blockedPath }));
    expect(request.toolCall).not.toHaveProperty("locations");
  });

  it("names the MCP server of an MCP tool in _meta.claudeCode.mcpServer only", () => {
    const request = airPermissionRequest(
      "s1",
      { toolCallId: "toolu_2", title: "mcp__db__query", rawInput: { q: 1 } },
      OPTIONS,
      facts({ toolName: "mcp__db__query", mcpServer: "db", defaultToNo: true }),
    );
    expect(request.toolCall).toEqual({
      toolCallId: "toolu_2",
      title: "mcp__db__query",
      rawInput: { q: 1 },
      _meta: { claudeCode: { mcpServer: "db" } },
    });
    expect(request._meta).toEqual({
      jetbrains: {
        air: { version: 1, permission: { version: 1, title: "mcp__db__query", defaultToNo: true } },
      },
    });
  });

  it.each([
    [
      "a Sandbox Network request: the host",
      { toolName: "SandboxNetworkAccess", input: { host: "registry.npmjs.org" } },
      "registry.npmjs.org",
    ],
    [
      "a Computer Use request: the display name",
      { toolName: "mcp__computer-use__click", displayName: "Click in Safari" },
      "Click in Safari",
    ],
    [
      "a Sandbox Network request without a host: the tool call's",
      { toolName: "SandboxNetworkAccess" },
      "npm test",
    ],
  ])("titles %s", (_, extra, title) => {
    const request = airPermissionRequest("s1", rendered, OPTIONS, facts(extra));
    expect(request.toolCall.title).toBe(title);
    expect(request._meta).toEqual({
      jetbrains: { air: { version: 1, permission: { version: 1, title } } },
    });
  });
});
