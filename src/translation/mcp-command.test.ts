import { describe, expect, it } from "vitest";
import { mcpStatusMarkdown, parseMcpCommand } from "./mcp-command.js";

describe("/mcp", () => {
  it.each([
    ["/mcp", { kind: "status" }],
    ["  /mcp  ", { kind: "status" }],
    ["/mcp reconnect github", { kind: "reconnect", server: "github" }],
    ["/mcp disable db", { kind: "disable", server: "db" }],
    ["/mcp enable db extra", { kind: "usage", reason: "Unknown /mcp command: enable db extra" }],
    ["/mcp frob", { kind: "usage", reason: "Unknown /mcp command: frob" }],
  ])("reads %j", (text, command) => {
    expect(parseMcpCommand(text)).toEqual(command);
  });

  it.each(["/mcpx", "hello /mcp", "/compact"])("ignores %j", (text) => {
    expect(parseMcpCommand(text)).toBeUndefined();
  });

  it("lists servers as markdown", () => {
    expect(
      mcpStatusMarkdown([
        { name: "db", status: "failed", error: "spawn ENOENT" },
        { name: "gh", status: "connected", tools: 1 },
      ]),
    ).toBe(
      "**MCP servers**\n\n- ✘ **db**: failed — spawn ENOENT\n- ✔ **gh**: connected · 1 tool\n\nUse `/mcp reconnect <server>`, `/mcp enable <server>` or `/mcp disable <server>`.",
    );
  });
});
