import { describe, expect, it } from "vitest";
import { parseClientProfile } from "../compose.js";
import { decoratorsFor } from "../../translation/tool-calls/decorators.js";
import type { InputFacts } from "../../translation/tool-calls/facts.js";
import {
  newToolCallState,
  type ToolCallState,
} from "../../translation/tool-calls/tool-call-state.js";
import { terminalAuthMeta } from "./terminal-auth.js";
import { terminalDecorator } from "./terminal-decorator.js";

const command: InputFacts = { kind: "execute", title: "ls", command: true };
const ended = (exitCode: number | null): ToolCallState => ({
  ...newToolCallState("toolu_1", "Bash", null),
  status: "completed",
  resultFacts: { commandOutput: { output: "a\nb", exitCode } },
});

function decorated(appends: boolean, state: ToolCallState, facts: InputFacts) {
  const meta: Record<string, unknown> = { claudeCode: { toolName: "Bash" } };
  terminalDecorator(appends).decorate(meta, state, facts);
  return meta;
}

describe("the Zed terminal decorator", () => {
  it("names the terminal of a running command, its id the tool use id", () => {
    expect(decorated(false, newToolCallState("toolu_1", "Bash", null), command)).toEqual({
      claudeCode: { toolName: "Bash" },
      terminal_info: { terminal_id: "toolu_1" },
    });
  });

  it("sends the output and the exit of an ended command in one report", () => {
    expect(decorated(false, ended(2), command)).toEqual({
      claudeCode: { toolName: "Bash" },
      terminal_info: { terminal_id: "toolu_1" },
      terminal_output: { terminal_id: "toolu_1", data: "a\nb" },
      terminal_exit: { terminal_id: "toolu_1", exit_code: 2, signal: null },
    });
  });

  it("sends appended output to a client that appends", () => {
    expect(decorated(true, ended(null), command)).toEqual({
      claudeCode: { toolName: "Bash" },
      terminal_info: { terminal_id: "toolu_1" },
      terminal_output_delta: { terminal_id: "toolu_1", data: "a\nb" },
      terminal_exit: { terminal_id: "toolu_1", exit_code: null, signal: null },
    });
  });

  it("reports no exit code for a command that a permission decision refused", () => {
    const refused: ToolCallState = {
      ...ended(1),
      status: "failed",
      nonExecutionKind: "permission-rule",
    };
    expect(decorated(false, refused, command)).toEqual({
      claudeCode: { toolName: "Bash" },
      terminal_info: { terminal_id: "toolu_1" },
      terminal_output: { terminal_id: "toolu_1", data: "a\nb" },
      terminal_exit: { terminal_id: "toolu_1", exit_code: null, signal: null },
    });
  });

  it("sends the output of a command sent to the background, and no exit: it has not ended", () => {
    const running: ToolCallState = {
      ...ended(null),
      resultFacts: {
        commandOutput: { output: "Command running in background", exitCode: null, running: true },
      },
    };
    expect(decorated(false, running, command)).toEqual({
      claudeCode: { toolName: "Bash" },
      terminal_info: { terminal_id: "toolu_1" },
      terminal_output: { terminal_id: "toolu_1", data: "Command running in background" },
    });
  });

  it("leaves a tool that is not a command alone", () => {
    expect(decorated(false, ended(0), { kind: "read", title: "Read" })).toEqual({
      claudeCode: { toolName: "Bash" },
    });
  });

  it.each([
    [false, ["terminal_output", "terminal_exit"]],
    [true, ["terminal_output_delta", "terminal_exit"]],
  ])("declares its appended keys (appends: %s)", (appends, keys) => {
    expect(terminalDecorator(appends).appendedKeys).toEqual(keys);
  });
});

describe("decoratorsFor", () => {
  it.each([
    ["a plain client", {}, []],
    ["an AIR client", { _meta: { jetbrains: { air: { version: 1, capabilities: [] } } } }, [[]]],
    [
      "a Zed terminal client",
      { _meta: { terminal_output: true } },
      [["terminal_output", "terminal_exit"]],
    ],
    [
      "a client that appends",
      { _meta: { terminal_output_delta: true } },
      [["terminal_output_delta", "terminal_exit"]],
    ],
  ])("picks the decorators of %s", (_name, caps, expected) => {
    const picked = decoratorsFor(parseClientProfile(caps));
    expect(picked.map((d) => d.appendedKeys)).toEqual(expected);
  });
});

describe("terminalAuthMeta", () => {
  it("puts the login command under terminal-auth", () => {
    expect(terminalAuthMeta("/usr/bin/node", ["/a.js", "--cli"], "Log in")).toEqual({
      "terminal-auth": { command: "/usr/bin/node", args: ["/a.js", "--cli"], label: "Log in" },
    });
  });
});
