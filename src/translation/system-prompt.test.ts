import { describe, expect, it } from "vitest";
import { AdapterError } from "../util/adapter-error.js";
import {
  checkSystemPrompt,
  claudeSystemPrompt,
  type SystemPromptSources,
} from "./system-prompt.js";

const text = (t: string) => ({ type: "text", text: t });

describe("claudeSystemPrompt", () => {
  it.each<[string, SystemPromptSources, unknown]>([
    ["nothing asked", {}, undefined],
    ["a null field", { field: null }, undefined],
    [
      "append: Claude Code's prompt, then the blocks",
      { field: { mode: "append", content: [text("A"), text("B")] } },
      { type: "preset", preset: "claude_code", append: "A\n\nB" },
    ],
    [
      "override: the blocks alone",
      { field: { mode: "override", content: [text("A"), text("B")] } },
      "A\n\nB",
    ],
    [
      "override with custom instructions after it",
      { field: { mode: "override", content: [text("A")] }, customInstructions: "C" },
      "A\n\nC",
    ],
    [
      "append with custom instructions after it",
      { field: { mode: "append", content: [text("A")] }, customInstructions: "C" },
      { type: "preset", preset: "claude_code", append: "A\n\nC" },
    ],
    [
      "an empty append text adds nothing",
      { field: { mode: "append", content: [text("")] } },
      { type: "preset", preset: "claude_code" },
    ],
    [
      "the field wins over the legacy _meta.systemPrompt",
      { field: { mode: "append", content: [text("A")] }, legacy: "L" },
      { type: "preset", preset: "claude_code", append: "A" },
    ],
    ["legacy string: a replacement", { legacy: "L" }, "L"],
    ["legacy string with custom instructions", { legacy: "L", customInstructions: "C" }, "L\n\nC"],
    [
      "legacy preset options: the preset stays claude_code",
      { legacy: { type: "preset", preset: "other", append: "L", excludeDynamicSections: true } },
      { type: "preset", preset: "claude_code", append: "L", excludeDynamicSections: true },
    ],
    [
      "legacy append with custom instructions",
      { legacy: { append: "L" }, customInstructions: "C" },
      { type: "preset", preset: "claude_code", append: "L\n\nC" },
    ],
    [
      "legacy append that is not text is dropped",
      { legacy: { append: 3 } },
      { type: "preset", preset: "claude_code" },
    ],
    ["a legacy list is ignored", { legacy: ["L"] }, undefined],
    ["a legacy number is ignored", { legacy: 3 }, undefined],
    [
      "custom instructions alone",
      { customInstructions: "C" },
      { type: "preset", preset: "claude_code", append: "C" },
    ],
    ["empty custom instructions", { customInstructions: "" }, undefined],
  ])("%s", (_name, sources, expected) => {
    expect(claudeSystemPrompt(sources)).toStrictEqual(expected);
  });

  it.each<[string, unknown, string]>([
    [
      "an unknown mode",
      { mode: "prepend", content: [text("A")] },
      'unsupported systemPrompt mode "prepend"',
    ],
    ["no mode", { content: [text("A")] }, "unsupported systemPrompt mode undefined"],
    [
      "an image block",
      { mode: "append", content: [text("A"), { type: "image", data: "x", mimeType: "image/png" }] },
      'systemPrompt content must be text blocks, not "image"',
    ],
    [
      "no blocks",
      { mode: "append", content: [] },
      "systemPrompt content must be a non-empty list of text blocks",
    ],
    [
      "content not a list",
      { mode: "override", content: "A" },
      "systemPrompt content must be a non-empty list of text blocks",
    ],
    ["a string", "A", "systemPrompt must be an object with a mode and content"],
  ])("%s is invalid input", (_name, field, message) => {
    const run = () => claudeSystemPrompt({ field });
    expect(run).toThrow(AdapterError);
    expect(run).toThrow(message);
    expect(() => checkSystemPrompt(field)).toThrow(message);
  });

  it("checkSystemPrompt accepts what claudeSystemPrompt takes", () => {
    expect(() => checkSystemPrompt(undefined)).not.toThrow();
    expect(() => checkSystemPrompt({ mode: "override", content: [text("A")] })).not.toThrow();
  });
});
