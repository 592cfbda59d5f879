import { describe, expect, it } from "vitest";
import { mcpStatusMarkdown, parseMcpCommand, signInNote, signInNotice } from "./mcp-command.js";

describe("/mcp", () => {
  it.each([
    ["/mcp", { kind: "status" }],
    ["  /mcp  ", { kind: "status" }],
    ["/mcp reconnect github", { kind: "reconnect", server: "github" }],
    ["/mcp disable db", { kind: "disable", server: "db" }],
    ["/mcp enable db extra", { kind: "usage", reason: "Unknown /mcp command: enable db extra" }],
    ["/mcp frob", { kind: "usage", reason: "Unknown /mcp command: frob" }],
    ["/mcp enable  db ", { kind: "enable", server: "db" }],
    ["/mcp\n\treconnect\ngithub", { kind: "reconnect", server: "github" }],
    ["/mcp reconnect", { kind: "usage", reason: "Unknown /mcp command: reconnect" }],
    ["/mcp frob db", { kind: "usage", reason: "Unknown /mcp command: frob db" }],
    ["/mcp   ", { kind: "status" }],
  ])("reads %j", (text, command) => {
    expect(parseMcpCommand(text)).toEqual(command);
  });

  it.each(["/mcpx", "hello /mcp", "/compact", "/mcp-x y"])("ignores %j", (text) => {
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

describe("mcpStatusMarkdown", () => {
  const footer =
    "\n\nUse `/mcp reconnect <server>`, `/mcp enable <server>` or `/mcp disable <server>`.";

  it("says when there are no servers", () => {
    expect(mcpStatusMarkdown([])).toBe("No MCP servers are configured.");
  });

  it.each([
    [{ name: "a", status: "needs-auth" }, "- ⚠ **a**: needs-auth"],
    [{ name: "a", status: "pending", tools: 0 }, "- … **a**: pending · 0 tools"],
    [{ name: "a", status: "disabled", tools: 2 }, "- ○ **a**: disabled · 2 tools"],
    [{ name: "a", status: "weird", error: "" }, "- · **a**: weird"],
  ])("lists %j", (server, line) => {
    expect(mcpStatusMarkdown([server])).toBe(`**MCP servers**\n\n${line}${footer}`);
  });
});

describe("sign-in texts", () => {
  it.each([
    [[], true, ""],
    [[], false, ""],
    [["web"], true, "\n\nSign-in needed for **web**: follow the sign-in link your client shows."],
    [
      ["web", "docs"],
      false,
      "\n\nSign-in needed for **web**, **docs**: this client cannot open a sign-in link (it declares no URL elicitation), so the server stays unavailable.",
    ],
  ])("signInNote(%j, %s)", (names, canShow, text) => {
    expect(signInNote(names, canShow)).toBe(text);
  });

  it("signInNotice names the server", () => {
    expect(signInNotice("web")).toEqual({
      title: "MCP server needs sign-in",
      description:
        'MCP server "web" needs a sign-in, and this client cannot open a sign-in link (it declares no URL elicitation): its tools are unavailable.',
    });
  });
});
