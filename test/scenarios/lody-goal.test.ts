import {
  methods,
  RequestError,
  type ClientCapabilities,
  type PromptResponse,
} from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import { eventually, PROFILES, type Scenario } from "../support/acp-harness.js";
import { LODY } from "../support/lody.js";
import type { MessageTurn, RecordedRequest } from "../support/model-server.js";
import { useScenarios } from "../support/scenario-test.js";
import { BYPASS, shellRunning, textTurn } from "../support/script-turns.js";

/**
 * Lody's goal (lody-contract.md §7.1) against real Claude Code and the scripted model:
 * `_lody/session/goal` runs `/goal` through the session's goal core (steered into a
 * running turn, else a prompt of its own) and publishes `_meta.lody.goal`; pause and
 * resume are not offered; a plain or AIR client has no such method and no lody key.
 */
const scenario = useScenarios();

const GOAL = "_lody/session/goal";
const AIR = {
  _meta: { jetbrains: { air: { version: 1, capabilities: [] } } },
} satisfies ClientCapabilities;

function goal(s: Scenario, params: unknown): Promise<unknown> {
  return s.agent.request(GOAL, params as Record<string, unknown>);
}

async function requestError(promise: Promise<unknown>): Promise<RequestError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof RequestError) return error;
    throw error;
  }
  throw new Error("the request did not fail");
}

/** A prompt whose `_meta.lody` carries `goalControl` (contract §3). */
function goalPrompt(
  s: Scenario,
  sessionId: string,
  text: string,
  goalControl: unknown,
): Promise<PromptResponse> {
  return s.agent.request(methods.agent.session.prompt, {
    sessionId,
    prompt: [{ type: "text", text }],
    _meta: { lody: { goalControl } },
  });
}

/** The `_meta.lody.goal` snapshots published to a session, in order. */
function goals(s: Scenario, sessionId: string): unknown[] {
  return s
    .updates(sessionId)
    .filter((u) => u.sessionUpdate === "session_info_update")
    .map((u) => (u._meta as { lody?: Record<string, unknown> } | undefined)?.lody)
    .filter((lody) => lody !== undefined && "goal" in lody)
    .map((lody) => lody!.goal);
}

/** The stop-condition check of a `/goal` (a side request with a JSON schema). */
const isGoalCheck = (req: RecordedRequest) =>
  JSON.stringify(req.body?.system ?? "").includes("evaluating a stop-condition hook");

/** Answers every goal check as met. */
const goalMet = (req: RecordedRequest): MessageTurn | undefined =>
  isGoalCheck(req)
    ? { blocks: [{ type: "text", text: JSON.stringify({ ok: true, reason: "done" }) }] }
    : undefined;

const carries = (request: RecordedRequest | undefined, t: string) =>
  JSON.stringify(request?.body.messages ?? []).includes(t);

describe("_lody/session/goal", () => {
  it("malformed params and actions not offered are invalid params; an unknown session fails", async () => {
    const s = await scenario();
    await s.initialize(LODY);
    const sessionId = await s.newSession();
    for (const params of [
      { sessionId, action: "pause" },
      { sessionId, action: "resume" },
      { sessionId, action: "set" },
      { sessionId, action: "set", objective: "   " },
      { sessionId: "", action: "clear" },
      { action: "clear" },
      "clear",
    ]) {
      const error = await requestError(goal(s, params));
      expect([JSON.stringify(params), error.code]).toEqual([JSON.stringify(params), -32602]);
    }
    const unknown = await requestError(goal(s, { sessionId: "nope", action: "clear" }));
    expect(unknown.message).toContain('unknown session "nope"');
    expect(s.model.mainRequests()).toHaveLength(0);
    expect(goals(s, sessionId)).toEqual([]);
  });

  it("set on an idle session runs /goal as a prompt and publishes the goal; clear publishes null", async () => {
    const s = await scenario({ script: [textTurn("working on it")], sideTurn: goalMet });
    await s.initialize(LODY);
    const sessionId = await s.newSession();
    expect(await goal(s, { sessionId, action: "set", objective: "  the tests pass " })).toEqual({});
    await eventually("the goal turn", () => s.agentText(sessionId).endsWith("working on it"));
    const requests = s.model.mainRequests();
    expect(requests).toHaveLength(1);
    expect(carries(requests[0], "<command-args>the tests pass</command-args>")).toBe(true);
    await eventually("the goal check", () => s.model.requests.some(isGoalCheck));
    expect(await goal(s, { sessionId, action: "clear" })).toEqual({});
    await eventually("the cleared goal", () => goals(s, sessionId).length === 2);
    expect(goals(s, sessionId)).toEqual([{ objective: "the tests pass", status: "active" }, null]);
    const first = s
      .updates(sessionId)
      .find((u) => u.sessionUpdate === "session_info_update" && JSON.stringify(u).includes("goal"));
    expect(first).toStrictEqual({
      sessionUpdate: "session_info_update",
      _meta: { lody: { goal: { objective: "the tests pass", status: "active" } } },
    });
    expect(JSON.stringify(s.sentByAdapter())).not.toContain("jetbrains");
  });

  it("a prompt's goalControl runs the goal command instead of its text; a bad one is invalid params", async () => {
    const s = await scenario({ script: [textTurn("working on it")], sideTurn: goalMet });
    await s.initialize(LODY);
    const sessionId = await s.newSession();
    for (const control of [
      { version: 1, action: "pause" },
      { version: 2, action: "clear" },
      { version: 1, action: "set", objective: " " },
      "clear",
    ]) {
      const error = await requestError(goalPrompt(s, sessionId, "fallback text", control));
      expect([JSON.stringify(control), error.code]).toEqual([JSON.stringify(control), -32602]);
    }
    expect(s.model.mainRequests()).toHaveLength(0);
    expect(goals(s, sessionId)).toEqual([]);
    const set = { version: 1, action: "set", objective: "green tests" };
    expect((await goalPrompt(s, sessionId, "fallback text", set)).stopReason).toBe("end_turn");
    const requests = s.model.mainRequests();
    expect(requests).toHaveLength(1);
    expect(carries(requests[0], "<command-args>green tests</command-args>")).toBe(true);
    expect(carries(requests[0], "fallback text")).toBe(false);
    expect(s.agentText(sessionId)).toContain("working on it");
    expect(goals(s, sessionId)).toEqual([{ objective: "green tests", status: "active" }]);
    await eventually("the goal check", () => s.model.requests.some(isGoalCheck));
    const clear = { version: 1, action: "clear" };
    expect((await goalPrompt(s, sessionId, "fallback text", clear)).stopReason).toBe("end_turn");
    expect(goals(s, sessionId)).toEqual([{ objective: "green tests", status: "active" }, null]);
    expect(s.model.mainRequests()).toHaveLength(1);
  });

  it("set while a turn runs is steered into it", async () => {
    const s = await scenario({
      ...BYPASS,
      script: [
        {
          blocks: [
            {
              type: "tool_use",
              id: "toolu_sleep",
              name: "Bash",
              input: { command: "sleep 2; echo slept", description: "sleep" },
            },
          ],
        },
        textTurn("done with both"),
      ],
      sideTurn: goalMet,
    });
    await s.initialize(LODY);
    const sessionId = await s.newSession();
    const prompt = s.prompt(sessionId, "run the slow command");
    await shellRunning(s, "sleep 2");
    expect(await goal(s, { sessionId, action: "set", objective: "ship it" })).toEqual({});
    expect(goals(s, sessionId)).toEqual([{ objective: "ship it", status: "active" }]);
    expect((await prompt).stopReason).toBe("end_turn");
    const requests = s.model.mainRequests();
    expect(requests).toHaveLength(2);
    expect(carries(requests[1], "ship it")).toBe(true);
    expect(goals(s, sessionId)).toEqual([{ objective: "ship it", status: "active" }]);
  });

  it.each([
    ["a plain client", PROFILES.plain],
    ["an AIR client", AIR],
  ])("%s: method not found, and no lody key anywhere", async (_name, caps) => {
    const s = await scenario({
      script: [textTurn("working on it"), textTurn("answered")],
      sideTurn: goalMet,
    });
    await s.initialize(caps);
    const sessionId = await s.newSession();
    const error = await requestError(goal(s, { sessionId, action: "set", objective: "x" }));
    expect(error.code).toBe(-32601);
    // The AIR goal publishes only AIR's key.
    if (caps === AIR) {
      await s.agent.request("_session/goal", { sessionId, action: "set", objective: "air goal" });
      await eventually("the goal turn", () => s.agentText(sessionId).endsWith("working on it"));
      expect(JSON.stringify(s.sentByAdapter())).toContain("air goal");
    }
    // A goalControl from a client that is not Lody changes nothing: the text runs.
    const control = { version: 1, action: "set", objective: "not a goal" };
    await goalPrompt(s, sessionId, "just the text", control);
    const requests = s.model.mainRequests();
    expect(requests.length).toBe(caps === AIR ? 2 : 1);
    expect(carries(requests.at(-1), "just the text")).toBe(true);
    expect(carries(requests.at(-1), "not a goal")).toBe(false);
    // Only the method-not-found answer names the method.
    const rest = s.sentByAdapter().filter((m) => !("error" in m));
    expect(JSON.stringify(rest)).not.toContain("lody");
  });
});
