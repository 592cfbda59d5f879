import { describe, expect, it } from "vitest";
import { parseClientProfile } from "../compose.js";
import { renderingFor, renderToolCall } from "../../translation/tool-calls/renderer.js";
import {
  newToolCallState,
  type ToolCallState,
} from "../../translation/tool-calls/tool-call-state.js";
import { airPayload, airToolCallDecorator } from "./tool-call-decorator.js";

const air = parseClientProfile({ _meta: { jetbrains: { air: { version: 1, capabilities: [] } } } });
const plain = parseClientProfile({});

function state(
  toolName: string,
  input: Record<string, unknown>,
  extra: Partial<ToolCallState> = {},
) {
  return Object.assign(
    newToolCallState("t1", toolName, null),
    { input, inputComplete: true },
    extra,
  );
}

function decorated(s: ToolCallState): Record<string, unknown> {
  const meta: Record<string, unknown> = { claudeCode: { toolName: s.toolName } };
  airToolCallDecorator().decorate(meta, s, { kind: "other", title: s.toolName });
  return meta;
}

describe("airToolCallDecorator", () => {
  it.each([
    [
      "Bash: the description as commandTitle",
      state("Bash", { command: "ls", description: "List files" }),
      { jetbrains: { air: { version: 1, commandTitle: "List files" } } },
    ],
    [
      "PowerShell: the description as commandTitle",
      state("PowerShell", { command: "dir", description: "List" }),
      { jetbrains: { air: { version: 1, commandTitle: "List" } } },
    ],
    ["Bash without a description: nothing", state("Bash", { command: "ls" }), {}],
    [
      "Bash with a blank description: nothing",
      state("Bash", { command: "ls", description: "" }),
      {},
    ],
    [
      "Agent: subagent",
      state("Agent", { description: "d", prompt: "p" }),
      { jetbrains: { air: { version: 1, subagent: true } } },
    ],
    [
      "Task: subagent",
      state("Task", { description: "d", prompt: "p" }),
      { jetbrains: { air: { version: 1, subagent: true } } },
    ],
    [
      "Skill: its name",
      state("Skill", { skill: "pdf" }),
      { jetbrains: { air: { version: 1, skill: { name: "pdf" } } } },
    ],
    [
      "Skill: a path the result names",
      state("Skill", { skill: "pdf" }, { toolResponse: { path: "/s/pdf/SKILL.md" } }),
      { jetbrains: { air: { version: 1, skill: { name: "pdf", path: "/s/pdf/SKILL.md" } } } },
    ],
    ["Skill without a name: nothing", state("Skill", {}), {}],
    [
      "an MCP tool: is_mcp_tool_call",
      state("mcp__github__create_pr", { title: "x" }),
      { is_mcp_tool_call: true },
    ],
    ["Read: nothing", state("Read", { file_path: "/a" }), {}],
    ["a tool named like MCP without the prefix: nothing", state("mcp_x", {}), {}],
  ])("%s", (_name, s, expected) => {
    expect(decorated(s)).toEqual({ claudeCode: { toolName: s.toolName }, ...expected });
  });

  it("merges into an existing _meta.jetbrains.air and keeps other namespaces", () => {
    const meta: Record<string, unknown> = {
      claudeCode: { toolName: "Bash" },
      jetbrains: { other: 1, air: { version: 1, asyncTasks: { backgrounded: true } } },
    };
    airToolCallDecorator().decorate(meta, state("Bash", { command: "x", description: "D" }), {
      kind: "execute",
      title: "x",
    });
    expect(meta).toEqual({
      claudeCode: { toolName: "Bash" },
      jetbrains: {
        other: 1,
        air: { version: 1, asyncTasks: { backgrounded: true }, commandTitle: "D" },
      },
    });
  });

  it("airPayload creates the namespace next to version 1", () => {
    const meta: Record<string, unknown> = { x: 1 };
    airPayload(meta).k = true;
    expect(meta).toEqual({ x: 1, jetbrains: { air: { version: 1, k: true } } });
  });

  it("runs for an AIR client only", () => {
    const s = state("Agent", { description: "d", prompt: "p" });
    expect(renderToolCall(s, renderingFor(air))._meta).toEqual({
      claudeCode: { toolName: "Agent" },
      jetbrains: { air: { version: 1, subagent: true } },
    });
    expect(renderToolCall(s, renderingFor(plain))._meta).toEqual({
      claudeCode: { toolName: "Agent" },
    });
    const mcp = state("mcp__s__t", {});
    expect(renderToolCall(mcp, renderingFor(plain))._meta).toEqual({
      claudeCode: { toolName: "mcp__s__t" },
    });
  });
});
