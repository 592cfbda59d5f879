import type { ModelInfo } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import { effortLevels, effortOption, modelLabels, modelOption } from "./model-options.js";

const model = (
  value: string,
  displayName: string,
  description: string,
  extra: Partial<ModelInfo> = {},
): ModelInfo => ({
  value,
  displayName,
  description,
  ...extra,
});

describe("model labels", () => {
  it("adds the version to short family labels and drops context suffixes", () => {
    const labels = modelLabels([
      model("default", "Default (recommended)", "Use the default model (currently Opus 5.5)"),
      model("sonnet", "Sonnet", "Sonnet 5.5 · Efficient for routine tasks"),
      model("opus[1m]", "Opus (1M context)", "Opus 5.5 · for long sessions"),
      model("haiku", "Haiku", "Fastest for quick answers"),
    ]);
    expect([...labels.values()]).toEqual([
      "Default (recommended)",
      "Sonnet 5.5",
      "Opus 5.5",
      "Haiku",
    ]);
  });

  it("lets duplicates keep their original labels", () => {
    const labels = modelLabels([
      model("opus", "Opus", "Opus 5.5 · everyday"),
      model("opus[1m]", "Opus (1M context)", "Opus 5.5 · long context"),
    ]);
    expect([...labels.values()]).toEqual(["Opus", "Opus (1M context)"]);
  });

  it("builds the model option", () => {
    expect(modelOption([model("sonnet", "Sonnet", "Sonnet 5 · fast")], "sonnet")).toEqual({
      id: "model",
      name: "Model",
      category: "model",
      type: "select",
      currentValue: "sonnet",
      options: [{ value: "sonnet", name: "Sonnet 5", description: "Sonnet 5 · fast" }],
    });
  });
});

describe("effort", () => {
  it("offers default plus the model's levels", () => {
    const levels = effortLevels(
      model("opus", "Opus", "", { supportsEffort: true, supportedEffortLevels: ["low", "high"] }),
    );
    expect(effortOption(levels, "default")).toMatchObject({
      options: [
        { value: "default", name: "Default" },
        { value: "low", name: "Low" },
        { value: "high", name: "High" },
      ],
    });
  });

  it("has no levels for a model without effort", () => {
    expect(effortLevels(model("x", "X", "", { supportedEffortLevels: ["low"] }))).toEqual([]);
  });
});
