import type { SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import { PromptSuggestions } from "./prompt-suggestions.js";

const suggestion = (text: string) =>
  ({
    type: "prompt_suggestion",
    suggestion: text,
    uuid: "u-u-u-u-u",
    session_id: "s",
  }) as unknown as SDKMessage;
const shown = (texts: string[]) => ({
  sessionUpdate: "session_info_update",
  _meta: { promptSuggestions: { suggestions: texts.map((text) => ({ text })) } },
});

describe("PromptSuggestions", () => {
  it("shows each prediction once and clears it when a prompt spends it", () => {
    const sent: SessionUpdate[] = [];
    const suggestions = new PromptSuggestions(true, (u) => sent.push(u));
    suggestions.spent(); // nothing shown yet: nothing to clear
    expect(suggestions.observe(suggestion("Run the tests"))).toBe(true);
    expect(suggestions.observe(suggestion("Run the tests "))).toBe(true);
    suggestions.spent();
    suggestions.spent();
    expect(suggestions.observe(suggestion("  "))).toBe(true);
    expect(sent).toStrictEqual([shown(["Run the tests"]), shown([])]);
  });

  it("sends nothing to a client that did not ask, and leaves other messages", () => {
    const sent: SessionUpdate[] = [];
    const suggestions = new PromptSuggestions(false, (u) => sent.push(u));
    expect(suggestions.observe(suggestion("Run the tests"))).toBe(true);
    expect(suggestions.observe({ type: "system" } as SDKMessage)).toBe(false);
    suggestions.spent();
    expect(sent).toEqual([]);
  });
});
