import { describe, expect, it } from "vitest";
import {
  ChildConfig,
  childAgentOption,
  childEffortOption,
  childModelOption,
  childModeOption,
  replayedChildConfig,
} from "./child-config.js";

const MODE = {
  id: "mode",
  name: "Mode",
  description: "Session permission mode",
  category: "mode",
  type: "select",
  currentValue: "default",
  options: [{ value: "default", name: "Manual", description: "Always ask before making changes" }],
};
const MODEL = {
  id: "model",
  name: "Model",
  category: "model",
  type: "select",
  currentValue: "default",
  options: [{ value: "default", name: "Default (recommended)" }],
};
const EFFORT = {
  id: "effort",
  name: "Effort",
  description: "Current reasoning effort",
  category: "thought_level",
  type: "select",
  currentValue: "medium",
  options: [{ value: "medium", name: "Medium" }],
};
const AGENT = {
  id: "agent",
  name: "Agent",
  description: "Subagent type",
  type: "select",
  currentValue: "general-purpose",
  options: [{ value: "general-purpose", name: "general-purpose" }],
};

describe("a child session's options (each with its one value)", () => {
  it("are upstream's shapes", () => {
    const manual = {
      value: "default",
      name: "Manual",
      description: "Always ask before making changes",
    };
    expect(childModeOption(manual)).toEqual(MODE);
    expect(childModelOption({ value: "default", name: "Default (recommended)" })).toEqual(MODEL);
    expect(childEffortOption({ value: "medium", name: "Medium" })).toEqual(EFFORT);
    expect(childAgentOption("general-purpose")).toEqual(AGENT);
  });
});

describe("ChildConfig", () => {
  it("publishes the full set as it grows, in the root's order (mode, model, effort, agent)", () => {
    const config = new ChildConfig();
    expect(config.publish()).toBeUndefined(); // nothing told yet
    config.set(childAgentOption("general-purpose"));
    expect(config.publish()).toEqual([AGENT]);
    config.set(childModelOption({ value: "default", name: "Default (recommended)" }));
    expect(config.publish()).toEqual([MODEL, AGENT]);
    config.set(childEffortOption({ value: "medium", name: "Medium" }));
    config.set(childModeOption(MODE.options[0]!));
    expect(config.publish()).toEqual([MODE, MODEL, EFFORT, AGENT]);
  });

  it("publishes nothing when what it was told changes nothing", () => {
    const config = new ChildConfig();
    config.set(childAgentOption("Explore"));
    config.publish();
    config.set(childAgentOption("Explore"));
    expect(config.publish()).toBeUndefined();
    // A later report replaces the option.
    config.set(childAgentOption("Plan"));
    expect(config.publish()?.map((o) => o.currentValue)).toEqual(["Plan"]);
  });

  it("a replayed child: its stored model's id alone (no model list, no hooks in a replay)", () => {
    const model = "claude-opus-5-5";
    const replayed = { ...MODEL, currentValue: model, options: [{ value: model, name: model }] };
    expect(replayedChildConfig(model).publish()).toEqual([replayed]);
    expect(replayedChildConfig(undefined).publish()).toBeUndefined();
  });
});
