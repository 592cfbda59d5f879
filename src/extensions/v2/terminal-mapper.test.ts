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
      {
        sessionUpdate: "terminal_update",
        terminalId: "t1",
        command: "ls -l",
        capabilities: { cancel: {} },
      },
      report({
        status: "pending",
        rawInput: { command: "ls -l" },
        capabilities: { cancel: {} },
        _meta: { claudeCode: { toolName: "Bash" } },
      }),
    ]);
  });

  it("the command arrives once, with the first report that carries the input", () => {
    const m = new TerminalMapper();
    expect(
      m.map("s", report({ status: "pending", _meta: { terminal_info: { terminal_id: "t1" } } })),
    ).toEqual([
      { sessionUpdate: "terminal_update", terminalId: "t1", capabilities: { cancel: {} } },
      report({ status: "pending", capabilities: { cancel: {} } }),
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
      {
        sessionUpdate: "terminal_update",
        terminalId: "t1",
        exitStatus: { exitCode: 2 },
        capabilities: null,
      },
      report({ status: "completed", capabilities: null }),
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

  it("a report left with nothing once its terminal keys are taken out is not sent", () => {
    const m = new TerminalMapper();
    m.map(
      "s",
      report({ rawInput: { command: "ls" }, _meta: { terminal_info: { terminal_id: "t1" } } }),
    );
    // v1 repeats terminal_info beside Claude Code's tool response, which v2 leaves out.
    expect(m.map("s", report({ _meta: { terminal_info: { terminal_id: "t1" } } }))).toEqual([]);
  });

  it("a running command is cancellable by its tool call or its terminal, until it ends", () => {
    const m = new TerminalMapper();
    m.map("s", report({ _meta: { terminal_info: { terminal_id: "term" } } }));
    expect(m.runningCall("s", { toolCallId: "t1" })).toBe("t1");
    expect(m.runningCall("s", { terminalId: "term" })).toBe("t1");
    expect(m.runningCall("s", { toolCallId: "term" })).toBeUndefined();
    expect(m.runningCall("s", { terminalId: "t1" })).toBeUndefined();
    expect(m.runningCall("other", { toolCallId: "t1" })).toBeUndefined();
    // A report that does not name the terminal again advertises nothing more.
    expect(m.map("s", report({ status: "in_progress" }))).toEqual([
      report({ status: "in_progress" }),
    ]);
    m.map("s", report({ _meta: { terminal_exit: { terminal_id: "term", exit_code: 0 } } }));
    expect(m.runningCall("s", { toolCallId: "t1" })).toBeUndefined();
    expect(m.runningCall("s", { terminalId: "term" })).toBeUndefined();
  });

  it("a cancelled command's failure is reported cancelled; a completed one stays completed", () => {
    const m = new TerminalMapper();
    const exit = (code: number, status: string) =>
      report({ status, _meta: { terminal_exit: { terminal_id: "t1", exit_code: code } } });
    m.map("s", report({ _meta: { terminal_info: { terminal_id: "t1" } } }));
    m.cancelled("s", "t1");
    expect(m.map("s", exit(137, "failed")).at(-1)).toEqual(
      report({ status: "cancelled", capabilities: null }),
    );
    // (Each case in its own session: a terminal that ended stays ended in its session.)
    m.map("s2", report({ _meta: { terminal_info: { terminal_id: "t1" } } }));
    m.cancelled("s2", "t1");
    expect(m.map("s2", exit(0, "completed")).at(-1)).toEqual(
      report({ status: "completed", capabilities: null }),
    );
    // Not cancelled: a failure stays failed.
    m.map("s3", report({ _meta: { terminal_info: { terminal_id: "t1" } } }));
    expect(m.map("s3", exit(1, "failed")).at(-1)).toEqual(
      report({ status: "failed", capabilities: null }),
    );
  });

  it("a final status without an exit (a refused command) clears both cancel capabilities", () => {
    const m = new TerminalMapper();
    m.map("s", report({ _meta: { terminal_info: { terminal_id: "t1" } } }));
    expect(m.map("s", report({ status: "failed" }))).toEqual([
      { sessionUpdate: "terminal_update", terminalId: "t1", capabilities: null },
      report({ status: "failed", capabilities: null }),
    ]);
    expect(m.runningCall("s", { toolCallId: "t1" })).toBeUndefined();
  });

  it("a terminal that ended stays ended: a later report does not re-announce it", () => {
    const m = new TerminalMapper();
    m.map(
      "s",
      report({ rawInput: { command: "ls" }, _meta: { terminal_info: { terminal_id: "t1" } } }),
    );
    m.map("s", report({ status: "failed" }));
    const terminalKeys = {
      terminal_info: { terminal_id: "t1" },
      terminal_output: { terminal_id: "t1", data: "refused" },
      terminal_exit: { terminal_id: "t1", exit_code: null },
    };
    // Claude Code's result after the refusal: the content goes, the terminal does not.
    const content = [{ type: "content", content: { type: "text", text: "refused" } }];
    expect(
      m.map("s", report({ content, _meta: { ...terminalKeys, claudeCode: { toolName: "Bash" } } })),
    ).toEqual([report({ content, _meta: { claudeCode: { toolName: "Bash" } } })]);
    // Terminal keys alone: nothing is left to send.
    expect(m.map("s", report({ _meta: terminalKeys }))).toEqual([]);
    expect(m.runningCall("s", { terminalId: "t1" })).toBeUndefined();
    // So does one that exited; a closed session's memory goes with it.
    m.map("s", report({ toolCallId: "t2", _meta: { terminal_info: { terminal_id: "t2" } } }));
    m.map(
      "s",
      report({ toolCallId: "t2", _meta: { terminal_exit: { terminal_id: "t2", exit_code: 0 } } }),
    );
    expect(
      m.map("s", report({ toolCallId: "t2", _meta: { terminal_info: { terminal_id: "t2" } } })),
    ).toEqual([]);
    m.forget("s");
    expect(m.map("s", report({ _meta: { terminal_info: { terminal_id: "t1" } } }))).toEqual([
      { sessionUpdate: "terminal_update", terminalId: "t1", capabilities: { cancel: {} } },
      report({ capabilities: { cancel: {} } }),
    ]);
  });

  it("an exit that came with output only still clears the tool call's capability", () => {
    const m = new TerminalMapper();
    m.map("s", report({ _meta: { terminal_info: { terminal_id: "t1" } } }));
    expect(
      m.map(
        "s",
        report({
          _meta: {
            terminal_output: { terminal_id: "t1", data: "x" },
            terminal_exit: { terminal_id: "t1", exit_code: 1 },
          },
        }),
      ),
    ).toEqual([
      { sessionUpdate: "terminal_update", terminalId: "t1", output: { data: b64("x") } },
      {
        sessionUpdate: "terminal_update",
        terminalId: "t1",
        exitStatus: { exitCode: 1 },
        capabilities: null,
      },
      report({ capabilities: null }),
    ]);
  });

  it("after a replay, the commands it left running are ended; the ones running before stay", () => {
    const m = new TerminalMapper();
    m.map("s", report({ toolCallId: "live", _meta: { terminal_info: { terminal_id: "live" } } }));
    const before = m.runningCalls("s");
    expect(before).toEqual(new Set(["live"]));
    m.map("s", report({ toolCallId: "old", _meta: { terminal_info: { terminal_id: "old" } } }));
    m.map("s", report({ toolCallId: "done", _meta: { terminal_info: { terminal_id: "done" } } }));
    m.map(
      "s",
      report({
        toolCallId: "done",
        _meta: { terminal_exit: { terminal_id: "done", exit_code: 0 } },
      }),
    );
    expect(m.endReplayed("s", before)).toEqual([
      { sessionUpdate: "terminal_update", terminalId: "old", capabilities: null },
      { sessionUpdate: "tool_call_update", toolCallId: "old", capabilities: null },
    ]);
    expect(m.runningCalls("s")).toEqual(new Set(["live"]));
    expect(m.endReplayed("other", new Set())).toEqual([]);
  });

  it("a replay shows an ended command's terminal again; a running one is not named twice", () => {
    const m = new TerminalMapper();
    const info = { terminal_info: { terminal_id: "t1" } };
    m.map("s", report({ _meta: info }));
    m.map("s", report({ status: "completed" }));
    m.map("s", report({ toolCallId: "t2", _meta: { terminal_info: { terminal_id: "t2" } } }));
    m.replayStarts("s");
    expect(m.map("s", report({ rawInput: { command: "ls" }, _meta: info }))).toEqual([
      {
        sessionUpdate: "terminal_update",
        terminalId: "t1",
        command: "ls",
        capabilities: { cancel: {} },
      },
      report({ rawInput: { command: "ls" }, capabilities: { cancel: {} } }),
    ]);
    // The command still running (a live session's) keeps its terminal.
    expect(m.runningCall("s", { terminalId: "t2" })).toBe("t2");
  });

  it("a closed session's terminals are forgotten", () => {
    const m = new TerminalMapper();
    m.map("s", report({ _meta: { terminal_info: { terminal_id: "t1" } } }));
    m.forget("s");
    expect(m.map("s", report({ rawInput: { command: "ls" } }))).toEqual([
      report({ rawInput: { command: "ls" } }),
    ]);
  });

  it("a background command: no exit at launch; its terminal runs on until its task ends", () => {
    const m = new TerminalMapper();
    const input = { command: "sleep 9", run_in_background: true };
    m.map(
      "s",
      report({
        status: "pending",
        rawInput: input,
        _meta: { terminal_info: { terminal_id: "t1" } },
      }),
    );
    // The launch: the tool call completes (no cancel of its own), the terminal goes on.
    expect(
      m.map(
        "s",
        report({
          status: "completed",
          _meta: {
            terminal_output: { terminal_id: "t1", data: "" },
            terminal_exit: { terminal_id: "t1", exit_code: 0, signal: null },
          },
        }),
      ),
    ).toEqual([
      { sessionUpdate: "terminal_update", terminalId: "t1", output: { data: "" } },
      report({ status: "completed", capabilities: null }),
    ]);
    expect(m.map("s", report({ status: "completed" }))).toEqual([
      report({ status: "completed", capabilities: null }),
    ]);
    expect(m.terminalOf("s", "t1")).toBe("t1");
    expect(m.runningCall("s", { terminalId: "t1" })).toBe("t1");
    // Its task ended: the exit, and the terminal is done.
    expect(m.backgroundEnded("t1", { exitCode: 0 })).toEqual({
      sessionId: "s",
      update: {
        sessionUpdate: "terminal_update",
        terminalId: "t1",
        exitStatus: { exitCode: 0 },
        capabilities: null,
      },
    });
    expect(m.terminalOf("s", "t1")).toBeUndefined();
    expect(m.backgroundEnded("t1", { exitCode: 0 })).toBeUndefined();
    // A background command that failed to launch ends as any other.
    m.map(
      "s",
      report({
        toolCallId: "t2",
        rawInput: input,
        _meta: { terminal_info: { terminal_id: "t2" } },
      }),
    );
    expect(
      m.map(
        "s",
        report({
          toolCallId: "t2",
          status: "failed",
          _meta: { terminal_exit: { terminal_id: "t2", exit_code: 1 } },
        }),
      ),
    ).toEqual([
      {
        sessionUpdate: "terminal_update",
        terminalId: "t2",
        exitStatus: { exitCode: 1 },
        capabilities: null,
      },
      report({ toolCallId: "t2", status: "failed", capabilities: null }),
    ]);
    // A foreground command's terminal is no background one.
    m.map(
      "s",
      report({
        toolCallId: "t3",
        rawInput: { command: "ls" },
        _meta: { terminal_info: { terminal_id: "t3" } },
      }),
    );
    expect(m.backgroundEnded("t3", { exitCode: 0 })).toBeUndefined();
    // A subagent's background command: its exit goes to the child session that shows it.
    m.map(
      "child",
      report({
        toolCallId: "t4",
        rawInput: input,
        _meta: { terminal_info: { terminal_id: "t4" } },
      }),
    );
    m.map("child", report({ toolCallId: "t4", status: "completed" }));
    expect(m.backgroundEnded("t4", {})).toEqual({
      sessionId: "child",
      update: {
        sessionUpdate: "terminal_update",
        terminalId: "t4",
        exitStatus: {},
        capabilities: null,
      },
    });
  });
});
