import { describe, expect, it } from "vitest";
import { modelConfigSettings, programmaticSettings } from "./model-config.js";

describe("CLAUDE_MODEL_CONFIG", () => {
  it.each([
    [undefined, undefined],
    ["", undefined],
    ["  ", undefined],
    ["[1,2]", undefined],
    ["null", undefined],
    ["42", undefined],
    ["{not json", undefined],
    ['{"modelOverrides":{"a":"b"}}', { modelOverrides: { a: "b" } }],
  ])("reads %j as %j", (text, expected) => {
    expect(modelConfigSettings({ CLAUDE_MODEL_CONFIG: text })).toEqual(expected);
  });

  it("sits under the client's settings object, key by key", () => {
    expect(
      programmaticSettings({ model: "opus", availableModels: ["opus"] }, { model: "sonnet" }),
    ).toEqual({ model: "sonnet", availableModels: ["opus"] });
  });

  it("gives way whole to a client's settings file, and is the settings without any", () => {
    expect(programmaticSettings({ model: "opus" }, "/etc/my-settings.json")).toBe(
      "/etc/my-settings.json",
    );
    expect(programmaticSettings({ model: "opus" }, undefined)).toEqual({ model: "opus" });
    expect(programmaticSettings(undefined, { model: "sonnet" })).toEqual({ model: "sonnet" });
    expect(programmaticSettings(undefined, undefined)).toBeUndefined();
  });
});
