import type { ModelInfo } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import { parseClientProfile } from "../extensions/compose.js";
import {
  effortLevels,
  effortName,
  effortOption,
  modelOption,
  runningModelRow,
  startModelRow,
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

describe("model option", () => {
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

describe("model option: rows", () => {
  it("keeps an empty description, as upstream does", () => {
    expect(modelOption([model("x", "X", "")], "x")).toStrictEqual({
      id: "model",
      name: "Model",
      description: "AI model to use",
      category: "model",
      type: "select",
      currentValue: "x",
      options: [{ value: "x", name: "X", description: "" }],
    });
  });

  it("describes the default row by the model it runs (upstream's rows)", () => {
    const models = [
      model("default", "Default (recommended)", "Use the default model (currently Opus 5.5)", {
        resolvedModel: "claude-opus-5-5",
      }),
      model("opus", "Opus", "Opus 5.5 · Best", { resolvedModel: "claude-opus-5-5" }),
    ];
    expect(modelOption(models, "default")).toMatchObject({
      options: [
        { value: "default", name: "Default (recommended)", description: "Opus" },
        { value: "opus", name: "Opus 5.5", description: "Opus 5.5 · Best" },
      ],
    });
  });

  it("labels the rows of a recommendation among every row, the default one too", () => {
    // "Opus 5" alone, but it collides with the default row's label: Claude Code's label stays.
    const models = [
      model("default", "Opus 5", "Use the default model", { resolvedModel: "claude-opus-5" }),
      model("opus", "Opus", "Opus 5 · Best", { resolvedModel: "claude-opus-5" }),
    ];
    expect(modelOption(models, "opus", "opus")).toMatchObject({
      options: [{ value: "opus", name: "Opus", description: "Opus 5 · Best" }],
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

describe("the row a session starts on", () => {
  const models = [
    model("default", "Default (recommended)", "", { resolvedModel: "claude-opus-5-5" }),
    model("opus", "Opus", "", { resolvedModel: "claude-opus-5-5" }),
    model("sonnet", "Sonnet", "", { resolvedModel: "claude-sonnet-5-5" }),
  ];

  it.each([
    // Upstream's rows for a resumed session: the default row when the default runs it.
    ["the transcript's model, run by the default", "claude-opus-5-5", "claude-opus-5-5", "default"],
    [
      "the transcript's model, not the default's",
      "claude-sonnet-5-5",
      "claude-sonnet-5-5",
      "claude-sonnet-5-5",
    ],
    // A client's or the settings' model stays as it is asked for.
    ["a client's resolved id", "claude-opus-5-5", undefined, "claude-opus-5-5"],
    ["a client's model on a resumed session", "opus", "claude-opus-5-5", "opus"],
    ["no start model", undefined, undefined, undefined],
  ] as const)("%s", (_name, start, restored, row) => {
    expect(startModelRow(models, start, restored)).toBe(row);
  });

  it("keeps the transcript's model where there is no default row", () => {
    expect(startModelRow(models.slice(1), "claude-opus-5-5", "claude-opus-5-5")).toBe(
      "claude-opus-5-5",
    );
  });
});
