import { describe, expect, it } from "vitest";
import { OpenMcpCalls } from "./open-mcp-calls.js";

const rootOnly = (parent: string | null): boolean => parent === null;

describe("OpenMcpCalls", () => {
  it.each([
    ["the running call of the server", [["t1", "mcp__echo__ask", null]], [], "echo", "t1"],
    ["none once its result came", [["t1", "mcp__echo__ask", null]], ["t1"], "echo", undefined],
    ["not another server's", [["t1", "mcp__echoes__ask", null]], [], "echo", undefined],
    ["not a built-in tool", [["t1", "Bash", null]], [], "echo", undefined],
    [
      "the latest of two",
      [
        ["t1", "mcp__echo__ask", null],
        ["t2", "mcp__echo__sign_in", null],
      ],
      [],
      "echo",
      "t2",
    ],
    [
      "the one left running",
      [
        ["t1", "mcp__echo__ask", null],
        ["t2", "mcp__echo__sign_in", null],
      ],
      ["t2"],
      "echo",
      "t1",
    ],
    ["a name as Claude Code writes it", [["t1", "mcp__my_srv_1__go", null]], [], "my srv.1", "t1"],
    [
      "not a call the root session was not shown",
      [["t1", "mcp__echo__ask", "agent"]],
      [],
      "echo",
      undefined,
    ],
  ] as const)("%s", (_, started, ended, server, id) => {
    const calls = new OpenMcpCalls(rootOnly);
    for (const [tid, name, parent] of started) calls.started(tid, name, parent);
    for (const tid of ended) calls.ended(tid);
    expect(calls.of(server)).toBe(id);
  });

  it("a subagent's call counts on a flat transcript; clear forgets all", () => {
    const calls = new OpenMcpCalls(() => true);
    calls.started("t1", "mcp__echo__ask", "agent");
    expect(calls.of("echo")).toBe("t1");
    calls.clear();
    expect(calls.of("echo")).toBeUndefined();
  });
});
