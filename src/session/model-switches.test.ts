import type { ModelInfo } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import { ModelSwitches } from "./model-switches.js";

const opus = {
  value: "opus",
  displayName: "Opus",
  description: "",
  supportsFastMode: true,
  supportedEffortLevels: ["low", "high", "xhigh"],
} as ModelInfo;
const sonnet = { value: "sonnet", displayName: "Sonnet", description: "" } as ModelInfo;

describe("ModelSwitches.startSettings", () => {
  it("is empty while nothing is switched on", () => {
    expect(
      new ModelSwitches({ ultracodeAvailable: true }, false).startSettings(opus),
    ).toStrictEqual({});
  });

  it("carries what the user switched on, for a Claude Code that replaces the session's", () => {
    const switches = new ModelSwitches({ ultracodeAvailable: true }, false);
    switches.set("fast", "on", opus);
    switches.set("ultracode", "on", opus);
    expect(switches.startSettings(opus)).toStrictEqual({ fastMode: true, ultracode: true });
    switches.set("fast", "off", opus);
    expect(switches.startSettings(opus)).toStrictEqual({ ultracode: true });
  });

  it("starts with what Claude Code had on, and leaves out what the model does not offer", () => {
    const switches = new ModelSwitches({ fastOn: true, ultracodeOn: true }, false);
    expect(switches.startSettings(opus)).toStrictEqual({ fastMode: true });
    expect(switches.startSettings(sonnet)).toStrictEqual({});
  });
});
