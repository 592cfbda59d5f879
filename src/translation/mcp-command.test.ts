import { describe, expect, it } from "vitest";
import {
  authAnswer,
  MCP_USAGE,
  mcpStatusMarkdown,
  parseMcpCommand,
  signInNote,
  signInNotice,
  type McpAuthOutcome,
} from "./mcp-command.js";

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
    ["/mcp auth docs", { kind: "auth", server: "docs" }],
    ["/mcp auth", { kind: "usage", reason: "Unknown /mcp command: auth" }],
    [
      "/mcp auth docs http://localhost:5/callback?code=c&state=s",
      { kind: "auth", server: "docs", callbackUrl: "http://localhost:5/callback?code=c&state=s" },
    ],
    ["/mcp auth docs a b", { kind: "usage", reason: "Unknown /mcp command: auth docs a b" }],
    ["/mcp disable docs a", { kind: "usage", reason: "Unknown /mcp command: disable docs a" }],
    ["/mcp login docs", { kind: "usage", reason: "Unknown /mcp command: login docs" }],
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
      "**MCP servers**\n\n- ✘ **db**: failed — spawn ENOENT\n- ✔ **gh**: connected · 1 tool\n\nUse `/mcp reconnect <server>`, `/mcp enable <server>`, `/mcp disable <server>` or `/mcp auth <server>`.",
    );
  });
});

describe("mcpStatusMarkdown", () => {
  const footer =
    "\n\nUse `/mcp reconnect <server>`, `/mcp enable <server>`, `/mcp disable <server>` or `/mcp auth <server>`.";

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
  const shown = "Sign-in needed for **web**: follow the sign-in link your client shows.";
  it.each([
    [[], [], ""],
    [["web"], ["web"], `\n\n${shown}`],
    [
      ["web", "docs"],
      [],
      "\n\nSign-in needed for **web**, **docs**: run `/mcp auth <server>` to sign in.",
    ],
    [
      ["web", "docs"],
      ["web"],
      `\n\n${shown}\n\nSign-in needed for **docs**: run \`/mcp auth <server>\` to sign in.`,
    ],
  ])("signInNote(%j, %j)", (names, shownNames, text) => {
    expect(signInNote(names, shownNames)).toBe(text);
  });

  it("signInNotice names the server and how to sign it in", () => {
    expect(signInNotice("web")).toEqual({
      title: "MCP server needs sign-in",
      description:
        'MCP server "web" needs a sign-in, and this client cannot open a sign-in link (it declares no URL elicitation): run `/mcp auth web` for the link to open yourself.',
    });
  });

  it("the usage names every verb", () => {
    expect(MCP_USAGE).toBe(
      "Usage: `/mcp`, `/mcp reconnect <server>`, `/mcp enable <server>`, `/mcp disable <server>`, `/mcp auth <server> [<callback address>]`.",
    );
  });
});

describe("authAnswer", () => {
  it.each<[McpAuthOutcome, string]>([
    [{ kind: "unknown" }, "There is no MCP server named **docs**: `/mcp` lists them."],
    [
      { kind: "not-needed", status: "connected" },
      "**docs** does not need a sign-in (it is connected).",
    ],
    [{ kind: "not-needed", status: "failed" }, "**docs** does not need a sign-in (it is failed)."],
    [{ kind: "shown" }, "Signing in to **docs**: follow the sign-in link your client shows."],
    [
      { kind: "link", url: "https://auth.example/authorize?x=1" },
      "To sign in to **docs**, open this link in your browser:\n\nhttps://auth.example/authorize?x=1\n\nThe server connects once you have signed in (`/mcp` shows it). If the page your browser is sent to then does not load (Claude Code waits for it on its own machine), run `/mcp auth docs <address>` with the address from the browser's address bar.",
    ],
    [{ kind: "signed-in" }, "**docs** is signed in."],
    [{ kind: "no-link" }, "Claude Code gave no sign-in link for **docs**."],
    [
      { kind: "callback-taken" },
      "Signed in to **docs**: the server connects in a moment (`/mcp` shows it).",
    ],
    [
      { kind: "callback-refused", reason: "No active OAuth flow for server: docs" },
      "Claude Code did not take that address for **docs**: No active OAuth flow for server: docs",
    ],
  ])("%j", (outcome, text) => {
    expect(authAnswer("docs", outcome)).toBe(text);
  });
});
