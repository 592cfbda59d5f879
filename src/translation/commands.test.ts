import { describe, expect, it } from "vitest";
import { toAvailableCommands } from "./commands.js";

describe("toAvailableCommands", () => {
  it("keeps editor-usable commands with their hints, drops terminal-only, odd and duplicate names", () => {
    expect(
      toAvailableCommands([
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
      ]),
    ).toEqual([
      {
        name: "mcp",
        description: "Show the MCP servers; `reconnect`, `enable` or `disable` one",
        input: { hint: "[reconnect|enable|disable <server>]" },
      },
      {
        name: "compact",
        description: "Compact the conversation",
        input: { hint: "[instructions]" },
      },
      { name: "greet", description: "Greet someone" },
    ]);
  });
});
