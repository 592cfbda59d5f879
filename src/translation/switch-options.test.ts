import { describe, expect, it } from "vitest";
import { fastUnavailable, switchOption, switchValue } from "./switch-options.js";

describe("switch options", () => {
  it("is a boolean option for a client that declared them", () => {
    expect(switchOption("fast", true, true)).toEqual({
      id: "fast",
      name: "Fast mode",
      description: "Faster responses on supported models",
      category: "model_config",
      type: "boolean",
      currentValue: true,
    });
  });

  it("is an on/off select for every other client, with the reason it cannot serve", () => {
    expect(switchOption("ultracode", false, false, "Not now.")).toEqual({
      id: "ultracode",
      name: "Ultracode",
      description: "Dynamic workflows on every task, at any effort level. Not now.",
      category: "model_config",
      type: "select",
      currentValue: "off",
      options: [
        { value: "on", name: "On" },
        { value: "off", name: "Off" },
      ],
    });
    expect(switchOption("fast", true, false)).toMatchObject({ currentValue: "on" });
  });

  it.each([
    [true, true, true],
    [false, true, false],
    ["on", true, undefined],
    ["on", false, true],
    ["off", false, false],
    [true, false, undefined],
    ["yes", false, undefined],
    [undefined, false, undefined],
  ])("reads %j (booleans: %j) as %j", (value, booleans, expected) => {
    expect(switchValue(value, booleans)).toBe(expected);
  });

  it.each([
    ["sdk_opt_in_required", undefined],
    ["pending", undefined],
    [undefined, undefined],
    ["free", "Fast mode needs a paid plan."],
    ["not_first_party", "Fast mode works only with the Anthropic API."],
    ["preference", "Fast mode is turned off by your organization."],
  ])("says why fast mode cannot serve: %s", (reason, sentence) => {
    expect(fastUnavailable(reason)).toBe(sentence);
  });
});
