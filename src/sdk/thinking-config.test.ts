import { describe, expect, it } from "vitest";
import { thinkingFromEnv } from "./thinking-config.js";

describe("thinkingFromEnv", () => {
  it.each([
    [{}, undefined],
    [{ MAX_THINKING_TOKENS: "" }, undefined],
    [{ MAX_THINKING_TOKENS: "0" }, { type: "disabled" }],
    [{ MAX_THINKING_TOKENS: "2048" }, { type: "enabled", budgetTokens: 2048 }],
    [
      { MAX_THINKING_TOKENS: "2048", CLAUDE_CODE_THINKING_DISPLAY: "omitted" },
      { type: "enabled", budgetTokens: 2048, display: "omitted" },
    ],
    [{ CLAUDE_CODE_THINKING_DISPLAY: "summarized" }, { type: "adaptive", display: "summarized" }],
    [{ MAX_THINKING_TOKENS: "-5" }, undefined],
    [{ MAX_THINKING_TOKENS: "lots" }, undefined],
    [{ CLAUDE_CODE_THINKING_DISPLAY: "everything" }, undefined],
  ])("%j → %j", (env, expected) => {
    expect(thinkingFromEnv(env)).toEqual(expected);
  });
});
