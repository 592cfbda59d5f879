import type { ClientCapabilities, PromptResponse } from "@agentclientprotocol/sdk";
import { RequestError } from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import { eventually, PROFILES, type Scenario } from "../support/acp-harness.js";
import type { MessageTurn, RecordedRequest } from "../support/model-server.js";
import { useScenarios } from "../support/scenario-test.js";
import { BYPASS, bashTurn, shellRunning, textTurn } from "../support/script-turns.js";
import { expectSteerDropped } from "../support/sync-points.js";

/**
 * Steering (`_session/steering`, JetBrains shared key `steering`), the AIR goal
 * (`_session/goal`, air-extensions.md "Goal") and `PromptResponse._meta.quota`, against
 * real Claude Code and the scripted model.
 */
const scenario = useScenarios();

const AIR: ClientCapabilities = { _meta: { jetbrains: { air: { version: 1, capabilities: [] } } } };
const STEER_TEXT = "STEER: also look at the logs";

function steer(s: Scenario, params: Record<string, unknown>): Promise<unknown> {
  return s.agent.request("_session/steering", params);
}

function goal(s: Scenario, params: Record<string, unknown>): Promise<unknown> {
  return s.agent.request("_session/goal", params);
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

const text = (t: string) => [{ type: "text", text: t }];
const carries = (request: RecordedRequest | undefined, t: string) =>
  JSON.stringify(request?.body.messages ?? []).includes(t);

/** The `goal` snapshots published to a session, in order. */
function goals(s: Scenario, sessionId: string): unknown[] {
  return s
    .updates(sessionId)
    .filter((u) => u.sessionUpdate === "session_info_update")
    .map(
      (u) =>
        (u._meta as { jetbrains?: { air?: Record<string, unknown> } } | undefined)?.jetbrains?.air,
    )
    .filter((air) => air !== undefined && "goal" in air)
    .map((air) => air!.goal);
}

/** The index of the answer to request `id` among what the adapter sent. */
function answerIndex(s: Scenario, response: PromptResponse): number {
  return s
    .sentByAdapter()
    .findIndex((m) => "result" in m && JSON.stringify(m.result) === JSON.stringify(response));
}

/** The stop-condition check of a `/goal` (a side request with a JSON schema). */
const isGoalCheck = (req: RecordedRequest) =>
  JSON.stringify(req.body?.system ?? "").includes("evaluating a stop-condition hook");

/** Answers goal checks with `verdicts` in turn (the last one repeats). */
function goalChecks(...verdicts: Array<{ ok: boolean; reason: string }>) {
  let n = 0;
  return (req: RecordedRequest): MessageTurn | undefined => {
    if (!isGoalCheck(req)) return undefined;
    const verdict = verdicts[Math.min(n++, verdicts.length - 1)]!;
    return { blocks: [{ type: "text", text: JSON.stringify(verdict) }] };
  };
}

describe("_session/steering", () => {
  it("a steer during a long tool run is injected; the next model call carries it; one answer after the steered cycle", async () => {
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
          usage: { input_tokens: 100, output_tokens: 10 },
        },
        {
          blocks: [{ type: "text", text: "steered answer" }],
          usage: { input_tokens: 200, output_tokens: 20 },
        },
      ],
    });
    await s.initialize();
    const sessionId = await s.newSession();
    const prompt = s.prompt(sessionId, "run the slow command");
    await shellRunning(s, "sleep 2");
    expect(await steer(s, { sessionId, prompt: text(STEER_TEXT) })).toEqual({
      outcome: "injected",
    });

    const response = await prompt;
    expect(response.stopReason).toBe("end_turn");
    const requests = s.model.mainRequests();
    expect(requests).toHaveLength(2);
    expect(carries(requests[0], STEER_TEXT)).toBe(false);
    // The tool ran to its end; the model's next call has its result and the steer.
    expect(carries(requests[1], STEER_TEXT)).toBe(true);
    expect(carries(requests[1], "slept")).toBe(true);
    expect(s.agentText(sessionId)).toBe("steered answer");
    // One answer, after the steered cycle's text, covering both cycles.
    const lastChunk = s
      .sentByAdapter()
      .findLastIndex((m) => JSON.stringify(m).includes('"agent_message_chunk"'));
    expect(answerIndex(s, response)).toBeGreaterThan(lastChunk);
    const prompts = s.traffic.filter(
      (t) =>
        t.dir === "to-client" &&
        "result" in t.message &&
        JSON.stringify(t.message.result).includes("stopReason"),
    );
    expect(prompts).toHaveLength(1);
    expect(response.usage).toEqual({
      inputTokens: 300,
      outputTokens: 30,
      cachedReadTokens: 0,
      cachedWriteTokens: 0,
      totalTokens: 330,
    });
    const quota = (response._meta as { quota: { token_count: unknown; model_usage: unknown[] } })
      .quota;
    expect(quota.token_count).toEqual({
      totalTokens: 330,
      inputTokens: 300,
      cachedInputTokens: 0,
      cachedWriteTokens: 0,
      outputTokens: 30,
      reasoningOutputTokens: 0,
    });
    expect(quota.model_usage).toEqual([
      { model: requests[0]!.body.model, token_count: quota.token_count },
    ]);
  });

  it("while a permission request is open the steer waits for the turn's end (priority later)", async () => {
    let sessionId = "";
    let answer: unknown;
    const s: Scenario = await scenario({
      script: [
        bashTurn("touch made.txt", "toolu_touch"),
        textTurn("tool done"),
        textTurn("steered answer"),
      ],
      onPermission: async (request) => {
        answer = await steer(s, { sessionId, prompt: text(STEER_TEXT) });
        const allow = request.options.find((o) => o.kind === "allow_once")!;
        return { outcome: { outcome: "selected", optionId: allow.optionId } };
      },
    });
    await s.initialize();
    sessionId = await s.newSession();
    const response = await s.prompt(sessionId, "make a file");
    expect(answer).toEqual({ outcome: "injected" });
    expect(response.stopReason).toBe("end_turn");
    const requests = s.model.mainRequests();
    expect(requests).toHaveLength(3);
    // Not folded into the running turn: the turn ended first, then the steer ran.
    expect(carries(requests[1], STEER_TEXT)).toBe(false);
    expect(carries(requests[2], STEER_TEXT)).toBe(true);
    expect(s.agentText(sessionId)).toBe("tool donesteered answer");
  });

  it("a cancel drops a steer Claude Code has not taken in yet: it never runs", async () => {
    let sessionId = "";
    let answer: unknown;
    const s: Scenario = await scenario({
      // For the two prompts after the cancel, and once more: when the client's answer to
      // the permission request comes at once, the cancelled turn may still make one model
      // call with the aborted tool's result (a race between Claude Code's interrupt and
      // the denial sent after it; not this test's subject: lody-steering's twin, whose
      // answer comes later, counts the calls).
      script: [
        bashTurn("touch made.txt", "toolu_touch"),
        { blocks: [{ type: "text", text: "after" }], times: 3 },
      ],
      onPermission: async () => {
        answer = await steer(s, { sessionId, prompt: text(STEER_TEXT) });
        await s.cancel(sessionId);
        return { outcome: { outcome: "cancelled" } };
      },
    });
    await s.initialize();
    sessionId = await s.newSession();
    const response = await s.prompt(sessionId, "make a file");
    expect(answer).toEqual({ outcome: "injected" });
    expect(response.stopReason).toBe("cancelled");
    // A queued steer would run as a turn of its own right after the interrupt (the cancel
    // sends the interrupt only once Claude Code has the steer, so that it drops it).
    await expectSteerDropped(s, sessionId, STEER_TEXT);
  });

  it("with no turn running answers promptRequired when asked to, else starts a turn of its own", async () => {
    const s = await scenario({ script: [textTurn("fresh turn")] });
    await s.initialize();
    const sessionId = await s.newSession();
    expect(
      await steer(s, {
        sessionId,
        prompt: text("not now"),
        _meta: { steering: { idleBehavior: "promptRequired" } },
      }),
    ).toEqual({ outcome: "promptRequired", reason: "noRunningTurn" });

    expect(await steer(s, { sessionId, prompt: text(STEER_TEXT) })).toEqual({
      outcome: "startedNewTurn",
    });
    await eventually("the new turn's answer", () => s.agentText(sessionId) === "fresh turn");
    const requests = s.model.mainRequests();
    expect(requests).toHaveLength(1);
    expect(carries(requests[0], STEER_TEXT)).toBe(true);
    expect(carries(requests[0], "not now")).toBe(false);
  });

  it("malformed params are invalidParams, an unknown session too", async () => {
    const s = await scenario();
    await s.initialize();
    const sessionId = await s.newSession();
    for (const params of [
      { sessionId },
      { sessionId, prompt: [] },
      { sessionId, prompt: "text" },
      { prompt: text("x") },
      { sessionId: "", prompt: text("x") },
      { sessionId, prompt: [{ type: "text" }] },
      { sessionId, prompt: [{ type: "video", url: "x" }] },
      { sessionId, prompt: text("x"), _meta: { steering: { idleBehavior: 5 } } },
      { sessionId, prompt: [{ type: "audio", mimeType: "audio/wav", data: "AAAA" }] },
    ]) {
      const error = await requestError(steer(s, params));
      expect([JSON.stringify(params), error.code]).toEqual([JSON.stringify(params), -32602]);
    }
    const unknown = await requestError(
      steer(s, { sessionId: "no-such-session", prompt: text("x") }),
    );
    expect(unknown.code).toBe(-32602);
    expect(unknown.message).toContain('unknown session "no-such-session"');
    expect(s.model.mainRequests()).toHaveLength(0);
  });
});

describe("_session/goal", () => {
  it("malformed params are invalidParams, an unknown session too", async () => {
    const s = await scenario();
    await s.initialize(AIR);
    const sessionId = await s.newSession();
    for (const params of [
      { sessionId, action: "pause" },
      { sessionId, action: "resume" },
      { sessionId, action: "set" },
      { sessionId, action: "set", objective: "   " },
      { sessionId, action: "set", objective: 3 },
      { sessionId },
      { action: "clear" },
    ]) {
      const error = await requestError(goal(s, params));
      expect([JSON.stringify(params), error.code]).toEqual([JSON.stringify(params), -32602]);
    }
    const unknown = await requestError(goal(s, { sessionId: "nope", action: "clear" }));
    expect(unknown.message).toContain('unknown session "nope"');
    expect(s.model.mainRequests()).toHaveLength(0);
    expect(goals(s, sessionId)).toEqual([]);
  });

  it("AIR: set on an idle session runs /goal as a prompt; clear publishes null", async () => {
    const s = await scenario({
      script: [textTurn("working on it")],
      sideTurn: goalChecks({ ok: true, reason: "done" }),
    });
    await s.initialize(AIR);
    const sessionId = await s.newSession();
    expect(await goal(s, { sessionId, action: "set", objective: "  the tests pass " })).toEqual({});
    await eventually("the goal turn", () => s.agentText(sessionId).endsWith("working on it"));
    expect(s.agentText(sessionId)).toBe("Goal set: the tests passworking on it");
    const requests = s.model.mainRequests();
    expect(requests).toHaveLength(1);
    expect(carries(requests[0], "<command-args>the tests pass</command-args>")).toBe(true);
    await eventually("the goal check", () => s.model.requests.some(isGoalCheck));

    expect(await goal(s, { sessionId, action: "clear" })).toEqual({});
    const active = {
      objective: "the tests pass",
      status: "active",
      controlMethod: "_session/goal",
    };
    await eventually("the cleared goal", () => goals(s, sessionId).length === 2);
    // Without Claude Code's own goal frames the submitted snapshot stays until the clear.
    expect(goals(s, sessionId)).toEqual([active, null]);
    const info = s.updates(sessionId).filter((u) => u.sessionUpdate === "session_info_update");
    expect(info.filter((u) => JSON.stringify(u).includes('"goal"'))[0]).toEqual({
      sessionUpdate: "session_info_update",
      _meta: { jetbrains: { air: { version: 1, goal: active } } },
    });
  });

  it("a client that is not AIR: method not found, and nothing runs (the goal extension is AIR's)", async () => {
    const s = await scenario({ script: [textTurn("plain answer")] });
    await s.initialize(PROFILES.plain);
    const sessionId = await s.newSession();
    for (const params of [
      { sessionId, action: "set", objective: "the tests pass" },
      { sessionId, action: "clear" },
    ]) {
      const error = await requestError(goal(s, params));
      expect([error.code, error.message]).toEqual([-32601, '"Method not found": _session/goal']);
    }
    // Sync point: a prompt after the refusals runs alone; no /goal reached Claude Code.
    expect((await s.prompt(sessionId, "hello")).stopReason).toBe("end_turn");
    const requests = s.model.mainRequests();
    expect(requests).toHaveLength(1);
    expect(carries(requests[0], "<command-name>/goal</command-name>")).toBe(false);
    expect(s.agentText(sessionId)).toBe("plain answer");
    expect(s.model.requests.some(isGoalCheck)).toBe(false);
    expect(JSON.stringify(s.sentByAdapter())).not.toContain("jetbrains");
  });

  it("AIR: cancelling a turn does not clear the goal; Claude Code still checks it after the next turn", async () => {
    const s = await scenario({
      script: [
        textTurn("goal turn 1"),
        // The goal's continuation: a slow answer, cancelled while it streams.
        { blocks: [{ type: "text", text: "slow ".repeat(100), deltas: 100 }], delayMs: 30 },
        textTurn("after the cancel"),
      ],
      sideTurn: goalChecks(
        { ok: false, reason: "Tests still need work" },
        { ok: true, reason: "All green" },
      ),
    });
    await s.initialize(AIR);
    const sessionId = await s.newSession();
    expect(await goal(s, { sessionId, action: "set", objective: "the tests pass" })).toEqual({});
    await eventually("the continuation's first chunk", () =>
      s.agentText(sessionId).includes("slow"),
    );
    await s.cancel(sessionId);
    // The next prompt runs after the cancelled one; its end checks the goal again.
    expect((await s.prompt(sessionId, "go on")).stopReason).toBe("end_turn");
    await eventually(
      "the second goal check",
      () => s.model.requests.filter(isGoalCheck).length === 2,
    );
    const checks = s.model.requests.filter(isGoalCheck);
    expect(checks).toHaveLength(2);
    // The goal was still Claude Code's after the cancel: no `/goal clear` went to it, and
    // the client was never told the goal was gone.
    expect(
      s.model.mainRequests().some((r) => carries(r, "<command-args>clear</command-args>")),
    ).toBe(false);
    expect(goals(s, sessionId)).toEqual([
      { objective: "the tests pass", status: "active", controlMethod: "_session/goal" },
    ]);
  });

  it("AIR: a typed /goal prompt publishes like the control method", async () => {
    const s = await scenario({
      script: [textTurn("working on it")],
      sideTurn: goalChecks({ ok: true, reason: "done" }),
    });
    await s.initialize(AIR);
    const sessionId = await s.newSession();
    expect((await s.prompt(sessionId, "/goal  ship it ")).stopReason).toBe("end_turn");
    expect((await s.prompt(sessionId, "/goal clear")).stopReason).toBe("end_turn");
    expect(goals(s, sessionId)).toEqual([
      { objective: "ship it", status: "active", controlMethod: "_session/goal" },
      null,
    ]);
  });

  it("AIR: Claude Code's goal frames update the snapshot (iterations, reason, timestamp), and a met goal is null", async () => {
    const s = await scenario({
      script: [textTurn("goal turn 1"), textTurn("goal turn 2")],
      sideTurn: goalChecks(
        { ok: false, reason: "Tests still need work" },
        { ok: true, reason: "All green" },
      ),
      // 0.3.318 writes its `active_goal` frames to the SDK stream only for a remote session.
      env: { CLAUDE_CODE_REMOTE: "1" },
    });
    await s.initialize(AIR);
    const sessionId = await s.newSession();
    const before = Date.now();
    expect(await goal(s, { sessionId, action: "set", objective: "the tests pass" })).toEqual({});
    await eventually("the met goal", () => goals(s, sessionId).at(-1) === null, 20_000);
    const published = goals(s, sessionId) as Array<Record<string, unknown> | null>;
    const createdAt = published[1]?.createdAt as number;
    expect(createdAt).toBeGreaterThanOrEqual(before - 1000);
    expect(createdAt).toBeLessThanOrEqual(Date.now());
    expect(published).toEqual([
      { objective: "the tests pass", status: "active", controlMethod: "_session/goal" },
      {
        objective: "the tests pass",
        status: "active",
        iterations: 0,
        createdAt,
        controlMethod: "_session/goal",
      },
      {
        objective: "the tests pass",
        status: "active",
        iterations: 1,
        lastReason: "Tests still need work",
        createdAt,
        controlMethod: "_session/goal",
      },
      null,
    ]);
    // "Goal set: …" is Claude Code's own answer to the command.
    expect(s.agentText(sessionId)).toBe("Goal set: the tests passgoal turn 1goal turn 2");
  });

  it("AIR: set during a running turn is steered into it; the prompt answers after the goal's cycle", async () => {
    const s = await scenario({
      script: [
        { blocks: [{ type: "text", text: "slow ".repeat(100), deltas: 100 }], delayMs: 30 },
        textTurn("goal work"),
      ],
      sideTurn: goalChecks({ ok: true, reason: "done" }),
    });
    await s.initialize(AIR);
    const sessionId = await s.newSession();
    const prompt = s.prompt(sessionId, "take your time");
    await eventually("the first chunk", () => s.agentText(sessionId).length > 0);
    expect(await goal(s, { sessionId, action: "set", objective: "ship it" })).toEqual({});
    const response = await prompt;
    expect(response.stopReason).toBe("end_turn");
    expect(s.agentText(sessionId).endsWith("goal work")).toBe(true);
    const requests = s.model.mainRequests();
    expect(requests).toHaveLength(2);
    expect(carries(requests[1], "<command-args>ship it</command-args>")).toBe(true);
    expect(goals(s, sessionId)).toEqual([
      { objective: "ship it", status: "active", controlMethod: "_session/goal" },
    ]);
  });
});

describe("quota", () => {
  it.each(Object.entries(PROFILES))(
    "%s client: a cancelled prompt's answer has its usage and quota",
    async (_name, profile) => {
      const s = await scenario({
        script: [
          {
            blocks: [{ type: "text", text: "slow ".repeat(200), deltas: 200 }],
            delayMs: 30,
            usage: { input_tokens: 40, cache_read_input_tokens: 5, output_tokens: 99 },
          },
        ],
      });
      await s.initialize(profile);
      const sessionId = await s.newSession();
      const prompt = s.prompt(sessionId, "take your time");
      await eventually("the first chunk", () => s.agentText(sessionId).length > 0);
      await s.cancel(sessionId);
      const response = await prompt;
      // The call was cut off: its input was spent, and the one output token reported so far.
      const model = s.model.mainRequests()[0]!.body.model as string;
      const tokens = {
        totalTokens: 46,
        inputTokens: 40,
        cachedInputTokens: 5,
        cachedWriteTokens: 0,
        outputTokens: 1,
        reasoningOutputTokens: 0,
      };
      expect(response).toStrictEqual({
        stopReason: "cancelled",
        messageId: expect.any(String), // the prompt's message id (issue 33)
        usage: {
          inputTokens: 40,
          outputTokens: 1,
          cachedReadTokens: 5,
          cachedWriteTokens: 0,
          totalTokens: 46,
        },
        _meta: { quota: { token_count: tokens, model_usage: [{ model, token_count: tokens }] } },
      });
    },
  );
});
