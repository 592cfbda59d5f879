import { describe, expect, it } from "vitest";
import { parseCommandLine } from "./command-line.js";

describe("parseCommandLine", () => {
  it.each([
    [[], { kind: "serve", hideClaudeAuth: false }],
    [["--hide-claude-auth"], { kind: "serve", hideClaudeAuth: true }],
    [["--help"], { kind: "help" }],
    [["-h"], { kind: "help" }],
    [["--version"], { kind: "version" }],
    [["-v"], { kind: "version" }],
    [["--hide-claude-auth", "--version"], { kind: "version" }],
    [["--cli"], { kind: "claude", args: [] }],
    [["--cli", "auth", "login", "--help"], { kind: "claude", args: ["auth", "login", "--help"] }],
    [["--bogus"], { kind: "usage-error", message: 'unknown option "--bogus"' }],
    [["serve"], { kind: "usage-error", message: 'unexpected argument "serve"' }],
    [["--version", "--bogus"], { kind: "version" }],
  ])("%j", (argv, expected) => {
    expect(parseCommandLine(argv)).toEqual(expected);
  });
});
