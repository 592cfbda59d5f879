import { describe, expect, it } from "vitest";
import { readCustomInstructions } from "./custom-instructions.js";

describe("readCustomInstructions", () => {
  it.each<[string, unknown, string | undefined]>([
    ["text", { jetbrains: { air: { version: 1, customInstructions: "Be brief." } } }, "Be brief."],
    ["empty text", { jetbrains: { air: { customInstructions: "" } } }, ""],
    ["not text", { jetbrains: { air: { customInstructions: ["Be brief."] } } }, undefined],
    ["no AIR payload", { jetbrains: {} }, undefined],
    ["another namespace", { customInstructions: "Be brief." }, undefined],
    ["no _meta", undefined, undefined],
    ["a malformed _meta", "x", undefined],
  ])("%s", (_name, meta, expected) => {
    expect(readCustomInstructions(meta)).toBe(expected);
  });
});
