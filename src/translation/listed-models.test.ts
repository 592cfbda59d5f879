import type { ModelInfo } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import { narrowToListed, offeredModels } from "./listed-models.js";

function model(value: string, resolvedModel?: string): ModelInfo {
  return {
    value,
    displayName: value,
    description: "",
    ...(resolvedModel ? { resolvedModel } : {}),
  };
}

const DEFAULT = model("default");
const SONNET = model("sonnet", "claude-sonnet-5");
const OPUS_1M = model("opus[1m]", "claude-opus-5-5[1m]");
const HAIKU = model("haiku", "claude-haiku-4-5-20251001");
const CUSTOM = model("my-proxy-model");
const ALL = [DEFAULT, SONNET, OPUS_1M, HAIKU, CUSTOM];

describe("narrowToListed", () => {
  it.each([
    ["no list: every row", undefined, ALL],
    ["an empty list: no row", [], []],
    ["a resolved id: its row and default", ["claude-sonnet-5"], [DEFAULT, SONNET]],
    ["a snapshot of a resolved id", ["claude-sonnet-5-20260101"], [DEFAULT, SONNET]],
    ["the id without its snapshot", ["claude-haiku-4-5"], [DEFAULT, HAIKU]],
    ["the id without the 1M marker", ["claude-opus-5-5"], [DEFAULT, OPUS_1M]],
    ["a row's own value", ["my-proxy-model"], [DEFAULT, CUSTOM]],
    ["only models Claude Code does not name", ["gpt-x"], []],
    ["the name default, which is no model", ["default"], []],
  ])("%s", (_name, listed, expected) => {
    expect(narrowToListed(ALL, listed)).toEqual(expected);
  });

  it("keeps a default that resolves only when its model is listed", () => {
    const resolvedDefault = model("default", "claude-opus-5-5");
    expect(narrowToListed([resolvedDefault, SONNET], ["claude-sonnet-5"])).toEqual([SONNET]);
    expect(narrowToListed([resolvedDefault, SONNET], ["claude-opus-5-5"])).toEqual([
      resolvedDefault,
    ]);
  });

  it("strips the markers only at the end of an id", () => {
    const odd = [model("odd[1m]name"), model("claude-x-20260101-beta")];
    expect(narrowToListed(odd, ["oddname", "claude-x-beta"])).toEqual([]);
    expect(narrowToListed(odd, ["odd[1m]name", "claude-x-20260101-beta-20260202"])).toEqual(odd);
  });
});

describe("offeredModels", () => {
  const started = {
    value: "claude-bogus-1",
    displayName: "claude-bogus-1",
    description: "Custom model",
  };
  const other = { value: "my-model", displayName: "my-model", description: "Custom model" };

  it("leaves out Claude Code's own entry for the client's model only", () => {
    expect(offeredModels([SONNET, started, other], "claude-bogus-1", undefined)).toEqual([
      SONNET,
      other,
    ]);
    expect(offeredModels([SONNET, started], undefined, undefined)).toEqual([SONNET, started]);
  });

  it("then keeps what the endpoint lists", () => {
    expect(
      offeredModels([DEFAULT, SONNET, started], "claude-bogus-1", ["claude-sonnet-5"]),
    ).toEqual([DEFAULT, SONNET]);
  });
});
