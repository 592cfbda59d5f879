import type { ModelInfo } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import { isSwitch, ModelSwitches } from "./model-switches.js";

const opus: ModelInfo = {
  value: "opus",
  displayName: "Opus",
  description: "Opus 5.5",
  supportsFastMode: true,
  supportedEffortLevels: ["low", "medium", "high", "xhigh", "max"],
};
const haiku: ModelInfo = {
  value: "haiku",
  displayName: "Haiku",
  description: "Haiku 5.5",
  supportedEffortLevels: ["low", "medium", "high"],
};

const ids = (switches: ModelSwitches, model: ModelInfo | undefined) =>
  switches.options(model).map((o) => `${o.id}=${String(o.currentValue)}`);

describe("model switches", () => {
  it("offers fast mode where the model supports it, ultracode where available with xhigh", () => {
    const switches = new ModelSwitches({ ultracodeAvailable: true }, true);
    expect(ids(switches, opus)).toEqual(["fast=false", "ultracode=false"]);
    expect(ids(switches, haiku)).toEqual([]);
    expect(ids(switches, undefined)).toEqual([]);
    expect(ids(new ModelSwitches({}, true), opus)).toEqual(["fast=false"]);
    expect(ids(new ModelSwitches({ ultracodeAvailable: false }, true), opus)).toEqual([
      "fast=false",
    ]);
  });

  it("starts as Claude Code started", () => {
    const switches = new ModelSwitches(
      { fastOn: true, ultracodeOn: true, ultracodeAvailable: true },
      false,
    );
    expect(ids(switches, opus)).toEqual(["fast=on", "ultracode=on"]);
  });

  it("names the reason fast mode cannot serve in its description", () => {
    const [fast] = new ModelSwitches({ fastDisabledReason: "free" }, true).options(opus);
    expect(fast?.description).toBe(
      "Faster responses on supported models. Fast mode needs a paid plan.",
    );
  });

  it("changes a switch once, and refuses one the model does not offer or a bad value", () => {
    const switches = new ModelSwitches({ ultracodeAvailable: true }, false);
    expect(switches.set("fast", "on", opus)).toEqual({ kind: "switch", id: "fast", on: true });
    expect(switches.set("fast", "on", opus)).toBeUndefined();
    expect(ids(switches, opus)).toEqual(["fast=on", "ultracode=off"]);
    expect(switches.set("ultracode", "on", opus)).toEqual({
      kind: "switch",
      id: "ultracode",
      on: true,
    });
    expect(() => switches.set("fast", true, opus)).toThrow("invalid value true for fast");
    expect(() => switches.set("fast", "on", haiku)).toThrow('unknown config option "fast"');
    expect(() => switches.set("ultracode", "off", haiku)).toThrow(
      'unknown config option "ultracode"',
    );
  });

  it.each([
    ["fast", true],
    ["ultracode", true],
    ["effort", false],
    [undefined, false],
  ])("knows %j is a switch: %j", (id, expected) => {
    expect(isSwitch(id)).toBe(expected);
  });
});

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
    expect(switches.startSettings(haiku)).toStrictEqual({});
  });
});
