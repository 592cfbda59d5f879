import type { ModelInfo } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import { recommendedEffort, recommendedModel } from "./recommended-values.js";

const row = (value: string, resolvedModel?: string): ModelInfo => ({
  value,
  displayName: value,
  description: "",
  ...(resolvedModel ? { resolvedModel } : {}),
});

describe("recommendedModel", () => {
  it.each<[string, ModelInfo[], string | undefined]>([
    [
      "the alias whose resolved id is the default's",
      [
        row("default", "claude-opus-5-5"),
        row("opus", "claude-opus-5-5"),
        row("sonnet", "claude-sonnet-5-5"),
      ],
      "opus",
    ],
    [
      "a row named by the id itself",
      [row("default", "claude-opus-5-5"), row("claude-opus-5-5")],
      "claude-opus-5-5",
    ],
    [
      "the -1m spelling as [1m]",
      [
        row("default", "claude-opus-5-5-1m"),
        row("opus", "claude-opus-5-5"),
        row("opus[1m]", "claude-opus-5-5[1m]"),
      ],
      "opus[1m]",
    ],
    [
      "no resolved id on the default row",
      [row("default"), row("opus", "claude-opus-5-5")],
      undefined,
    ],
    [
      "no named row for it",
      [row("default", "claude-opus-6"), row("opus", "claude-opus-5-5")],
      undefined,
    ],
    ["no default row", [row("opus", "claude-opus-5-5")], undefined],
  ])("%s", (_, models, expected) => {
    expect(recommendedModel(models)).toBe(expected);
  });
});

describe("recommendedEffort", () => {
  it.each<[string[], string | undefined]>([
    [["low", "medium", "high"], "medium"],
    [["low", "high"], "low"],
    [[], undefined],
  ])("%j → %s", (levels, expected) => {
    expect(recommendedEffort(levels)).toBe(expected);
  });
});
