import { describe, expect, it } from "vitest";
import { parseClientProfile } from "../extensions/compose.js";
import { PLAIN_CLIENT } from "../profile/client-profile.js";
import { commandsUpdate, toAvailableCommands } from "./commands.js";

const AIR = parseClientProfile({ _meta: { jetbrains: { air: { version: 1, capabilities: [] } } } });

const mcp = {
  name: "mcp",
  description: "Show the MCP servers; `reconnect`, `enable`, `disable` or `auth` (sign in) one",
  input: { hint: "[reconnect|enable|disable|auth <server>]" },
};
/** The adapter's own `/remote-control` (SDK `enableRemoteControl`). */
const remote = {
  name: "remote-control",
  description:
    "Continue this session from claude.ai/code or the Claude mobile app; `off` disconnects",
  input: { hint: "[session name | off]" },
};

describe("toAvailableCommands", () => {
  it("keeps editor-usable commands with their hints, drops terminal-only, odd and duplicate names", () => {
    expect(
      toAvailableCommands(
        [
          {
            name: "compact",
            description: "Compact the conversation",
            argumentHint: "[instructions]",
          },
          { name: "clear", description: "Clear" },
          { name: "login", description: "Log in" },
          { name: "greet", description: "Greet someone", argumentHint: "" },
          { name: "bad name", description: "x" },
          { name: "greet", description: "again" },
          { name: "mcp", description: "Claude's own /mcp" },
          { name: "remote-control", description: "Claude Code's own, for its terminal" },
        ],
        PLAIN_CLIENT,
      ),
    ).toEqual([
      mcp,
      remote,
      {
        name: "compact",
        description: "Compact the conversation",
        input: { hint: "[instructions]" },
      },
      { name: "greet", description: "Greet someone", input: null },
    ]);
  });
});

describe("commands the editor cannot use", () => {
  it.each([
    "clear",
    "cost",
    "keybindings-help",
    "login",
    "logout",
    "output-style:new",
    "release-notes",
    "todos",
    "color",
    "config",
    "focus",
    "vim",
    "terminal-setup",
    "exit",
    "resume",
  ])("leaves out /%s", (name) => {
    expect(toAvailableCommands([{ name, description: "d" }], PLAIN_CLIENT)).toEqual([mcp, remote]);
  });

  it("shows an MCP server's prompts as mcp:<server>:<prompt>", () => {
    expect(
      toAvailableCommands(
        [
          { name: "echo:greet (MCP)", description: "Greet someone", argumentHint: "name" },
          { name: "/gh:pr (MCP)", description: "A PR" },
          { name: "bad server:x (MCP)", description: "blank in the server" },
          { name: "gh:x (MCP) more", description: "not the MCP suffix" },
        ],
        PLAIN_CLIENT,
      ),
    ).toEqual([
      mcp,
      remote,
      { name: "mcp:echo:greet", description: "Greet someone", input: { hint: "name" } },
      { name: "mcp:gh:pr", description: "A PR", input: null },
    ]);
  });

  it("drops a leading slash, and a name that is only one", () => {
    expect(
      toAvailableCommands(
        [
          { name: "/review", description: "Review" },
          { name: "/", description: "nothing" },
          { name: "a/b", description: "namespaced" },
        ],
        PLAIN_CLIENT,
      ),
    ).toEqual([
      mcp,
      remote,
      { name: "review", description: "Review", input: null },
      { name: "a/b", description: "namespaced", input: null },
    ]);
  });

  it("wraps the commands in an available_commands_update", () => {
    expect(commandsUpdate([{ name: "review", description: "Review" }], PLAIN_CLIENT)).toEqual({
      sessionUpdate: "available_commands_update",
      availableCommands: [mcp, remote, { name: "review", description: "Review", input: null }],
    });
  });
});

describe("skill commands (AIR)", () => {
  it("carry kind and skillPath where the skill's file was found, and nothing else does", () => {
    const skills = [
      { name: "greeter", description: "Greets", skillFile: "/w/.claude/skills/greeter/SKILL.md" },
      { name: "review", description: "Reviews" },
    ];
    const update = commandsUpdate(skills, AIR);
    const commands = "availableCommands" in update ? update.availableCommands : [];
    expect(commands.slice(2)).toEqual([
      {
        name: "greeter",
        description: "Greets",
        input: null,
        _meta: {
          jetbrains: {
            air: { version: 1, kind: "skill", skillPath: "/w/.claude/skills/greeter/SKILL.md" },
          },
        },
      },
      { name: "review", description: "Reviews", input: null },
    ]);
    // A client without the extension's key gets the command without it.
    expect(toAvailableCommands(skills, PLAIN_CLIENT)[2]).toEqual({
      name: "greeter",
      description: "Greets",
      input: null,
    });
  });
});
