import { describe, expect, it } from "vitest";
import { agentOption, customAgents, type AgentFacts } from "./agent-option.js";

const agent = (name: string, description = `${name} agent`): AgentFacts => ({ name, description });

describe("customAgents", () => {
  it("drops the built-in agents, a `default` one and repeated names", () => {
    expect(
      customAgents([
        agent("claude"),
        agent("general-purpose"),
        agent("Explore"),
        agent("Plan"),
        agent("statusline-setup"),
        agent("reviewer"),
        agent("default"),
        agent("reviewer", "again"),
        agent("explore"),
      ]),
    ).toEqual([agent("reviewer"), agent("explore")]);
  });
});

describe("agentOption", () => {
  it("is absent without custom agents", () => {
    expect(agentOption([], "default")).toBeUndefined();
  });

  it("offers Claude Code's own main thread, then each agent", () => {
    expect(agentOption([agent("reviewer"), agent("terse", "")], "reviewer")).toStrictEqual({
      id: "agent",
      name: "Agent",
      description: "The agent Claude runs the session as",
      type: "select",
      currentValue: "reviewer",
      options: [
        { value: "default", name: "Default", description: "Claude Code's own instructions" },
        { value: "reviewer", name: "reviewer", description: "reviewer agent" },
        { value: "terse", name: "terse" },
      ],
    });
  });
});
