import { describe, expect, it } from "vitest";
import { isAdapterError } from "../../util/adapter-error.js";
import { ChildConfigAnswers } from "./child-config-answers.js";

const AGENT = {
  type: "select",
  configId: "agent",
  name: "Agent",
  currentValue: "general-purpose",
  options: [{ value: "general-purpose", name: "general-purpose" }],
};
const MODEL = {
  type: "select",
  configId: "model",
  name: "Model",
  currentValue: "default",
  options: [{ value: "default", name: "Default (recommended)" }],
};

function invalid(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (isAdapterError(error, "invalidInput")) return error.message;
    throw error;
  }
  throw new Error("no error");
}

describe("session/set_config_option on a child session", () => {
  const answers = new ChildConfigAnswers();
  answers.child("subagent-1");
  answers.sent("subagent-1", { sessionUpdate: "config_option_update", configOptions: [AGENT] });
  answers.sent("subagent-1", { sessionUpdate: "agent_message_chunk" });
  answers.sent("subagent-1", {
    sessionUpdate: "config_option_update",
    configOptions: [MODEL, AGENT],
  });
  // A root session's options are the agent's to answer.
  answers.sent("root", { sessionUpdate: "config_option_update", configOptions: [AGENT] });

  it("answers the child's last options when the value is the one it runs with", () => {
    expect(answers.answer("subagent-1", "model", "default")).toEqual({
      configOptions: [MODEL, AGENT],
    });
  });

  it("refuses another value and an option the child does not show (-32602)", () => {
    expect(invalid(() => answers.answer("subagent-1", "model", "opus"))).toBe(
      'a subagent\'s model is the one it runs with: "default"',
    );
    expect(invalid(() => answers.answer("subagent-1", "mode", "default"))).toBe(
      'unknown config option "mode"',
    );
  });

  it("leaves every other session to the agent, and a forgotten child too", () => {
    expect(answers.answer("root", "agent", "general-purpose")).toBeUndefined();
    answers.forget("subagent-1");
    expect(answers.answer("subagent-1", "model", "default")).toBeUndefined();
  });
});
