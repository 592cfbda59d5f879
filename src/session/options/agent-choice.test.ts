import { describe, expect, it } from "vitest";
import { AgentChoice } from "./agent-choice.js";

const listed = [
  { name: "Explore", description: "built in" },
  { name: "reviewer", description: "Reviews code" },
  { name: "terse", description: "Short answers" },
];

describe("AgentChoice", () => {
  it.each<[string, string | undefined, string, string | undefined]>([
    ["no start agent", undefined, "default", undefined],
    ["a custom start agent", "reviewer", "reviewer", "reviewer"],
    ["a built-in start agent: not offered", "Explore", "default", undefined],
    ["an unknown start agent", "nobody", "default", undefined],
  ])("%s", (_name, start, shown, agent) => {
    const choice = new AgentChoice(listed, start);
    expect(choice.option()?.currentValue).toBe(shown);
    expect(choice.agent).toBe(agent);
  });

  it("switches to an agent and back to Claude Code's own", () => {
    const choice = new AgentChoice(listed, undefined);
    expect(choice.set("reviewer")).toStrictEqual({ kind: "agent", agent: "reviewer" });
    expect(choice.set("reviewer")).toBeUndefined();
    expect(choice.agent).toBe("reviewer");
    expect(choice.set("default")).toStrictEqual({ kind: "agent", agent: null });
    expect(choice.option()?.currentValue).toBe("default");
  });

  it.each([["Explore"], ["nobody"], [3]])("refuses %s and changes nothing", (value) => {
    const choice = new AgentChoice(listed, "terse");
    expect(() => choice.set(value)).toThrow(`unknown agent ${JSON.stringify(value)}`);
    expect(choice.agent).toBe("terse");
  });

  it("without custom agents there is no option to set", () => {
    const choice = new AgentChoice([{ name: "Plan", description: "" }], undefined);
    expect(choice.option()).toBeUndefined();
    expect(() => choice.set("default")).toThrow('unknown config option "agent"');
  });
});
