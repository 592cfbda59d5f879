import { USAGE_LIMIT_ERROR_PREFIXES } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import { isUsageLimitText, USAGE_LIMIT_PREFIXES } from "./usage-limit.js";

describe("usage-limit messages", () => {
  it("are the SDK's prefixes (a new SDK with another list fails here)", () => {
    expect(USAGE_LIMIT_PREFIXES).toEqual([...USAGE_LIMIT_ERROR_PREFIXES]);
  });

  it.each([
    ["You've hit your individual spend limit · run /usage-credits", true],
    ["Your org is out of usage · contact your admin for more", true],
    ["You're out of extra usage · resets 5pm", true],
    ["Well, You've hit your limit", false],
    ["you've hit your limit", false],
    ["API Error: Request rejected (429) · x", false],
    ["", false],
    [undefined, false],
  ])("%j: %s", (text, match) => {
    expect(isUsageLimitText(text)).toBe(match);
  });
});
