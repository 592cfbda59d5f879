import type { ModelInfo } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import { parseClientProfile } from "../extensions/compose.js";
import {
  effortLevels,
  effortName,
  effortOption,
  modelLabels,
  modelOption,
  runningModelRow,
} from "./model-options.js";

/** AIR's `recommendedValue` `_meta`, as the composition gives it to an AIR client. */
const AIR_META = parseClientProfile({
  _meta: { jetbrains: { air: { version: 1, capabilities: ["recommendedValue"] } } },
}).hooks.recommendedValueMeta;

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
      description: "AI model to use",
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

describe("model labels: edges", () => {
  it.each([
    ["a bracketed context suffix", "Sonnet [200k token context]", "", "Sonnet"],
    ["a suffix with blanks", "Sonnet ( 1M  context ) ", "", "Sonnet"],
    ["a suffix that is not at the end", "Opus (1M context) beta", "", "Opus (1M context) beta"],
    ["a version with three parts", "Haiku", "Haiku 4.5.1 · small", "Haiku 4.5.1"],
    ["a version not after the label", "Haiku", "The Haiku 4 model", "Haiku"],
    ["a version glued to a word", "Haiku", "Haiku 4x", "Haiku"],
    ["a label that only starts the same", "Son", "Sonnet 5", "Son"],
    ["a label with regular-expression characters", "A.B (x)", "A.B (x) 2 · new", "A.B (x) 2"],
    ["a label that is a pattern", "A.B", "AxB 2", "A.B"],
  ])("%s", (_name, displayName, description, label) => {
    expect([...modelLabels([model("m", displayName, description)]).values()]).toEqual([label]);
  });

  it("lets three equal labels keep their own", () => {
    expect([
      ...modelLabels([
        model("a", "Opus", "Opus 5 · a"),
        model("b", "Opus (1M context)", "Opus 5 · b"),
        model("c", "Sonnet", "Sonnet 5 · c"),
      ]).values(),
    ]).toEqual(["Opus", "Opus (1M context)", "Sonnet 5"]);
  });

  it("leaves out an empty description", () => {
    expect(modelOption([model("x", "X", "")], "x")).toStrictEqual({
      id: "model",
      name: "Model",
      description: "AI model to use",
      category: "model",
      type: "select",
      currentValue: "x",
      options: [{ value: "x", name: "X" }],
    });
  });
});

describe("effort: every level", () => {
  it("names each known level, and shows an unknown one as it is", () => {
    expect(effortOption(["low", "medium", "high", "xhigh", "max", "turbo"], "max")).toEqual({
      id: "effort",
      name: "Effort",
      description: "Available effort levels for this model",
      category: "thought_level",
      type: "select",
      currentValue: "max",
      options: [
        { value: "default", name: "Default" },
        { value: "low", name: "Low" },
        { value: "medium", name: "Medium" },
        { value: "high", name: "High" },
        { value: "xhigh", name: "Xhigh" },
        { value: "max", name: "Max" },
        { value: "turbo", name: "turbo" },
      ],
    });
  });

  it("has no levels for no model, or a model with effort but no list", () => {
    expect(effortLevels(undefined)).toEqual([]);
    expect(effortLevels(model("x", "X", "", { supportsEffort: true }))).toEqual([]);
  });

  it("hands out a copy of the model's levels", () => {
    const info = model("x", "X", "", { supportsEffort: true, supportedEffortLevels: ["low"] });
    expect(effortLevels(info)).not.toBe(info.supportedEffortLevels);
  });
});

describe("labels from the resolved id", () => {
  it("versions a family label the description does not", () => {
    const labels = modelLabels([
      model("haiku", "Claude Haiku", "Fastest", { resolvedModel: "claude-haiku-4-5-20251001" }),
      model("sonnet", "Sonnet", "Fast", { resolvedModel: "claude-sonnet-5" }),
      model("opus[1m]", "Opus (1M context)", "Long", { resolvedModel: "claude-opus-5-5[1m]" }),
      model("x", "My model", "Custom", { resolvedModel: "claude-haiku-4-5" }),
      model("y", "Sonnet", "Other family", { resolvedModel: "claude-haiku-4-5" }),
    ]);
    expect([...labels.values()]).toEqual([
      "Claude Haiku 4.5",
      "Sonnet 5",
      "Opus 5.5",
      "My model",
      "Sonnet",
    ]);
  });
});

describe("recommended rows", () => {
  const models = [
    model("default", "Default (recommended)", "Use the default model", {
      resolvedModel: "claude-opus-5-5",
    }),
    model("opus", "Opus", "Opus 5.5 · everyday", { resolvedModel: "claude-opus-5-5" }),
    model("sonnet", "Sonnet", "Sonnet 5.5 · fast", { resolvedModel: "claude-sonnet-5-5" }),
  ];

  it("the model option without the default row, naming the recommendation", () => {
    expect(modelOption(models, "opus", "opus", AIR_META)).toEqual({
      id: "model",
      name: "Model",
      description: "AI model to use",
      category: "model",
      type: "select",
      currentValue: "opus",
      options: [
        { value: "opus", name: "Opus 5.5", description: "Opus 5.5 · everyday" },
        { value: "sonnet", name: "Sonnet 5.5", description: "Sonnet 5.5 · fast" },
      ],
      _meta: { jetbrains: { air: { version: 1, recommendedValue: "opus" } } },
    });
  });

  it("the effort option without the default row, naming the recommendation", () => {
    expect(effortOption(["low", "medium", "high"], "high", "medium", AIR_META)).toEqual({
      id: "effort",
      name: "Effort",
      description: "Available effort levels for this model",
      category: "thought_level",
      type: "select",
      currentValue: "high",
      options: [
        { value: "low", name: "Low" },
        { value: "medium", name: "Medium" },
        { value: "high", name: "High" },
      ],
      _meta: { jetbrains: { air: { version: 1, recommendedValue: "medium" } } },
    });
  });

  it("names the recommendation in no _meta for a client without an extension's", () => {
    expect(modelOption(models, "opus", "opus")).not.toHaveProperty("_meta");
    expect(effortOption(["low"], "low", "low")).not.toHaveProperty("_meta");
  });

  it("no recommendation: the default rows and no _meta", () => {
    expect(JSON.stringify(modelOption(models, "default"))).not.toContain("_meta");
    expect(effortOption(["low"], "default")).toMatchObject({
      options: [
        { value: "default", name: "Default" },
        { value: "low", name: "Low" },
      ],
    });
  });
});

describe("the row that runs a response's model (a subagent's)", () => {
  const models = [
    model("default", "Default (recommended)", "Opus 5.5", { resolvedModel: "claude-opus-5-5" }),
    model("opus", "Opus", "Opus 5.5 · Best", { resolvedModel: "claude-opus-5-5" }),
    model("haiku", "Haiku", "Haiku 5.5 · Fastest", { resolvedModel: "claude-haiku-5-5" }),
  ];

  it.each([
    // The current row, when it runs the model (the session's own default).
    ["default", "claude-opus-5-5", { value: "default", name: "Default (recommended)" }],
    ["opus", "claude-opus-5-5", { value: "opus", name: "Opus 5.5" }],
    // Another model: the first other row that runs it, never `default`'s.
    ["default", "claude-haiku-5-5", { value: "haiku", name: "Haiku 5.5" }],
    ["haiku", "claude-opus-5-5", { value: "opus", name: "Opus 5.5" }],
    // A row's own value (an alias Claude Code names).
    ["default", "haiku", { value: "haiku", name: "Haiku 5.5" }],
    ["default", "claude-fable-5", undefined],
  ] as const)("current %s, running %s: %j", (current, resolved, row) => {
    expect(runningModelRow(models, current, resolved)).toEqual(row);
  });

  it("names an effort level as the effort option does", () => {
    expect([effortName("medium"), effortName("xhigh"), effortName("17")]).toEqual([
      "Medium",
      "Xhigh",
      "17",
    ]);
  });
});
