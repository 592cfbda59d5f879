import { describe, expect, it } from "vitest";
import { TerminalMapper, type ToolCallReport } from "./terminal-mapper.js";

const b64 = (text: string) => Buffer.from(text, "utf8").toString("base64");

function report(fields: Record<string, unknown>): ToolCallReport {
  return { sessionUpdate: "tool_call_update", toolCallId: "t1", ...fields } as ToolCallReport;
}

describe("TerminalMapper", () => {
  it("a report without terminal keys passes untouched", () => {
    const m = new TerminalMapper();
    const r = report({ title: "Read", _meta: { claudeCode: { toolName: "Read" } } });
    expect(m.map("s", r)).toEqual([r]);
  });

  it("terminal_info names the terminal with the command from rawInput, before the report without the key", () => {
    const m = new TerminalMapper();
    expect(
      m.map(
        "s",
        report({
          status: "pending",
          rawInput: { command: "ls -l" },
          _meta: { terminal_info: { terminal_id: "t1" }, claudeCode: { toolName: "Bash" } },
        }),
      ),
    ).toEqual([
      { sessionUpdate: "terminal_update", terminalId: "t1", command: "ls -l" },
      report({
        status: "pending",
        rawInput: { command: "ls -l" },
        _meta: { claudeCode: { toolName: "Bash" } },
      }),
    ]);
  });

  it("the command arrives once, with the first report that carries the input", () => {
    const m = new TerminalMapper();
    expect(
      m.map("s", report({ status: "pending", _meta: { terminal_info: { terminal_id: "t1" } } })),
    ).toEqual([
      { sessionUpdate: "terminal_update", terminalId: "t1" },
      report({ status: "pending" }),
    ]);
    expect(m.map("s", report({ rawInput: { command: "make" } }))).toEqual([
      { sessionUpdate: "terminal_update", terminalId: "t1", command: "make" },
      report({ rawInput: { command: "make" } }),
    ]);
    expect(m.map("s", report({ rawInput: { command: "make" }, title: "x" }))).toEqual([
      report({ rawInput: { command: "make" }, title: "x" }),
    ]);
  });

  it("output snapshot (base64) and exit status go before the report; the terminal is forgotten at exit", () => {
    const m = new TerminalMapper();
    m.map(
      "s",
      report({ rawInput: { command: "ls" }, _meta: { terminal_info: { terminal_id: "t1" } } }),
    );
    expect(
      m.map(
        "s",
        report({
          status: "completed",
          _meta: {
            terminal_info: { terminal_id: "t1" },
            terminal_output: { terminal_id: "t1", data: "a\nb" },
            terminal_exit: { terminal_id: "t1", exit_code: 2, signal: null },
          },
        }),
      ),
    ).toEqual([
      { sessionUpdate: "terminal_update", terminalId: "t1", output: { data: b64("a\nb") } },
      { sessionUpdate: "terminal_update", terminalId: "t1", exitStatus: { exitCode: 2 } },
      report({ status: "completed" }),
    ]);
    // Forgotten: a later input-carrying report names no terminal again.
    expect(m.map("s", report({ rawInput: { command: "ls" } }))).toEqual([
      report({ rawInput: { command: "ls" } }),
    ]);
  });

  it("a signal is part of the exit status", () => {
    const m = new TerminalMapper();
    expect(
      m.map(
        "s",
        report({
          status: "failed",
          _meta: { terminal_exit: { terminal_id: "t1", exit_code: null, signal: "SIGTERM" } },
        }),
      ),
    ).toEqual([
      { sessionUpdate: "terminal_update", terminalId: "t1", exitStatus: { signal: "SIGTERM" } },
      report({ status: "failed" }),
    ]);
  });

  it("terminal_output_delta → terminal_output_chunk (base64)", () => {
    const m = new TerminalMapper();
    m.map(
      "s",
      report({ rawInput: { command: "ls" }, _meta: { terminal_info: { terminal_id: "t1" } } }),
    );
    expect(
      m.map(
        "s",
        report({
          status: "in_progress",
          _meta: { terminal_output_delta: { terminal_id: "t1", data: "more" } },
        }),
      ),
    ).toEqual([
      { sessionUpdate: "terminal_output_chunk", terminalId: "t1", data: b64("more") },
      report({ status: "in_progress" }),
    ]);
  });

  it("a report that carried only output is dropped, with its remaining _meta", () => {
    const m = new TerminalMapper();
    m.map(
      "s",
      report({ rawInput: { command: "ls" }, _meta: { terminal_info: { terminal_id: "t1" } } }),
    );
    expect(
      m.map(
        "s",
        report({
          _meta: {
            terminal_output_delta: { terminal_id: "t1", data: "x" },
            claudeCode: { parentToolUseId: "toolu_parent" },
          },
        }),
      ),
    ).toEqual([{ sessionUpdate: "terminal_output_chunk", terminalId: "t1", data: b64("x") }]);
  });

  it("a closed session's terminals are forgotten", () => {
    const m = new TerminalMapper();
    m.map("s", report({ _meta: { terminal_info: { terminal_id: "t1" } } }));
    m.forget("s");
    expect(m.map("s", report({ rawInput: { command: "ls" } }))).toEqual([
      report({ rawInput: { command: "ls" } }),
    ]);
  });
});
