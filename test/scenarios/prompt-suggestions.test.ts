import { describe, expect, it } from "vitest";
import type { ClientCapabilities } from "@agentclientprotocol/sdk/unstable";
import { eventually, type Scenario, type ScenarioOptions } from "../support/acp-harness.js";
import type { RecordedRequest } from "../support/model-server.js";
import { useScenarios } from "../support/scenario-test.js";
import { textTurn } from "../support/script-turns.js";

const scenario = useScenarios();

const AIR: ClientCapabilities = { _meta: { jetbrains: { air: { version: 1, capabilities: [] } } } };
const PREDICTED = "Run the tests next";

const isSuggestionRequest = (r: RecordedRequest) => r.reason.includes("[SUGGESTION MODE:");

/** Claude Code's prediction requests get PREDICTED; other side requests the default. */
const predicting: ScenarioOptions = {
  script: [textTurn("one"), textTurn("two"), textTurn("three")],
  sideTurn: (r) =>
    isSuggestionRequest(r) ? { blocks: [{ type: "text", text: PREDICTED }] } : undefined,
};

/** The `_meta.promptSuggestions` of the session's info updates, in order. */
function suggestions(s: Scenario, sessionId: string): unknown[] {
  return s
    .updates(sessionId)
    .filter((u) => u.sessionUpdate === "session_info_update")
    .map((u) => (u._meta as Record<string, unknown> | undefined)?.promptSuggestions)
    .filter((v) => v !== undefined);
}

describe("prompt suggestions", () => {
  it("an AIR client is shown Claude Code's predicted next prompt, cleared by the next prompt", async () => {
    const s = await scenario(predicting);
    await s.initialize(AIR);
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "first question");
    await s.prompt(sessionId, "second question");
    // Claude Code predicts after the turn's result (never after a session's first turn).
    await eventually("the prediction", () => suggestions(s, sessionId).length === 1);
    expect(suggestions(s, sessionId)).toEqual([{ suggestions: [{ text: PREDICTED }] }]);
    await s.prompt(sessionId, "something else");
    expect(suggestions(s, sessionId).slice(0, 2)).toEqual([
      { suggestions: [{ text: PREDICTED }] },
      { suggestions: [] },
    ]);
  });

  it("the user's promptSuggestionEnabled: false turns them off", async () => {
    const s = await scenario({ ...predicting, settings: { promptSuggestionEnabled: false } });
    await s.initialize(AIR);
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "first question");
    await s.prompt(sessionId, "second question");
    await s.prompt(sessionId, "third question");
    expect(s.model.requests.filter(isSuggestionRequest)).toEqual([]);
    expect(suggestions(s, sessionId)).toEqual([]);
  });

  it("a plain client gets none, and Claude Code is not asked for them", async () => {
    const s = await scenario(predicting);
    await s.initialize();
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "first question");
    await s.prompt(sessionId, "second question");
    await s.prompt(sessionId, "third question");
    expect(s.model.requests.filter(isSuggestionRequest)).toEqual([]);
    expect(JSON.stringify(s.sentByAdapter())).not.toContain("promptSuggestions");
  });
});
