import type { ModelInfo } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import { modelDescription, modelLabels } from "./model-rows.js";

const model = (
  value: string,
  displayName: string,
  description: string,
  resolvedModel?: string,
): ModelInfo => ({ value, displayName, description, ...(resolvedModel ? { resolvedModel } : {}) });

/** The label `modelLabels` gives one row alone. */
const label = (m: ModelInfo) => modelLabels([m]).get(m.value);

// Each expectation is what upstream 0.101.0 shows for the same row (measured with its
// `getAvailableModels` and `buildModelConfigOption`), but for the snapshot date.
describe("model labels", () => {
  it.each([
    ["a family label, by the description", model("s", "Sonnet", "Sonnet 5.5 · fast"), "Sonnet 5.5"],
    [
      "a family label after Claude, by the resolved id",
      model("h", "Claude Haiku", "Fastest", "claude-haiku-4-5-20251001"),
      "Claude Haiku 4.5",
    ],
    ["a family label, by the value", model("fable-3", "Fable", "Deep"), "Fable 3"],
    [
      "the resolved id before the description",
      model("o", "Opus", "Opus 4 · old", "claude-opus-5-5"),
      "Opus 5.5",
    ],
    [
      "a snapshot date, which is no minor version (upstream: Opus 4.20250514)",
      model("o4", "Opus", "old", "claude-opus-4-20250514"),
      "Opus 4",
    ],
    ["a version anywhere in the description", model("v", "Haiku", "The Haiku 4 model"), "Haiku 4"],
    ["a version glued to a word", model("g", "Haiku", "Haiku 4x"), "Haiku 4"],
    ["no version in the metadata", model("n", "Haiku", "Fastest"), "Haiku"],
    ["another family's version", model("y", "Sonnet", "Other", "claude-haiku-4-5"), "Sonnet"],
    ["a label that only starts the family", model("p", "Son", "Sonnet 5"), "Son"],
    ["a custom label", model("c", "My model", "Custom", "claude-haiku-4-5"), "My model"],
    ["a label with other characters", model("d", "A.B (x)", "A.B (x) 2 · new"), "A.B (x)"],
    [
      "another context spelling",
      model("t", "Sonnet [200k token context]", "Sonnet 5"),
      "Sonnet [200k token context]",
    ],
    [
      "a context suffix the description names: it goes",
      model("s1", "Sonnet (1M context)", "Sonnet 5.5 with 1M context"),
      "Sonnet 5.5",
    ],
    [
      "a context suffix the description does not name: it stays, after the version",
      model("o1", "Opus (1M context)", "Opus 5.5 for long sessions"),
      "Opus 5.5 (1M context)",
    ],
    [
      "a versioned label: its described context suffix goes",
      model("n1", "Opus 4.1 (1M context)", "Opus 4.1 · 1M context"),
      "Opus 4.1",
    ],
    [
      "a versioned label: an undescribed context suffix stays",
      model("n2", "Fable 3 (1M context)", "Fable 3 · deep"),
      "Fable 3 (1M context)",
    ],
    ["a versioned label stays", model("n3", "Opus 4.1", "Opus 5 · new"), "Opus 4.1"],
  ])("%s", (_name, row, expected) => {
    expect(label(row)).toBe(expected);
  });

  it("lets rows whose versioned labels collide keep Claude Code's", () => {
    const labels = modelLabels([
      model("a", "Opus", "Opus 5 · a"),
      model("b", "Opus (5M context)", "Opus 5 · 5M context"),
      model("c", "Sonnet", "Sonnet 5 · c"),
    ]);
    expect([...labels.values()]).toEqual(["Opus", "Opus (5M context)", "Sonnet 5"]);
  });

  it("names rows whose labels still collide by their value", () => {
    const labels = modelLabels([
      model("a", "Opus", "Opus 5 · a"),
      model("b", "Opus", "Opus 5 · b"),
      model("c", "Sonnet", "Sonnet 5 · c"),
    ]);
    expect([...labels.values()]).toEqual(["Opus (a)", "Opus (b)", "Sonnet 5"]);
  });
});

describe("model descriptions", () => {
  const opus = model("opus", "Opus", "Opus 5.5 · Best · $4/$20 per Mtok", "claude-opus-5-5");
  const defaultRow = (resolvedModel?: string) =>
    model(
      "default",
      "Default (recommended)",
      "Use the default model (currently Opus 5.5)",
      resolvedModel,
    );

  it("describes the default row by Claude Code's label of the other row that runs its model", () => {
    const row = defaultRow("claude-opus-5-5");
    expect(modelDescription([row, opus], row)).toBe("Opus");
  });

  it("describes it by its model's id when no other row runs it", () => {
    const row = defaultRow("claude-opus-9");
    expect(modelDescription([row, opus], row)).toBe("claude-opus-9");
  });

  it("matches the other row by its resolved id only, never the default row itself", () => {
    const row = defaultRow("opus");
    const alias = model("x", "X", "", "opus");
    expect(modelDescription([row, opus], row)).toBe("opus");
    expect(modelDescription([row, opus, alias], row)).toBe("X");
  });

  it("keeps Claude Code's description of a default row that names no model", () => {
    const row = defaultRow();
    expect(modelDescription([row, opus], row)).toBe("Use the default model (currently Opus 5.5)");
  });

  it("keeps Claude Code's description of every other row, an empty one too", () => {
    const row = defaultRow("claude-opus-5-5");
    expect(modelDescription([row, opus], opus)).toBe("Opus 5.5 · Best · $4/$20 per Mtok");
    expect(modelDescription([row], model("e", "E", "", "claude-opus-5-5"))).toBe("");
  });
});
