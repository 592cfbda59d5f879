import type { PromptResponse } from "@agentclientprotocol/sdk";
import { RequestError } from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import { eventually, PROFILES, type Scenario } from "../support/acp-harness.js";
import { LODY, LODY_FULL, lodyNotifications } from "../support/lody.js";
import type { RecordedRequest } from "../support/model-server.js";
import { useScenarios } from "../support/scenario-test.js";
import { BYPASS, bashTurn, shellRunning, textTurn } from "../support/script-turns.js";
import { expectSteerDropped } from "../support/sync-points.js";

/**
 * Lody's negotiation and acknowledged steering (lody-contract.md §1, §2, §6) against real
 * Claude Code and the scripted model: `_lody/session/steer`, `steer_applied` before the
 * prompt's one answer, and the refusal codes.
 */
const scenario = useScenarios();

const STEER = "_lody/session/steer";
const APPLIED = "_lody/session/steer_applied";
const STEER_TEXT = "STEER: also look at the logs";
const text = (t: string) => [{ type: "text", text: t }];
const carries = (request: RecordedRequest | undefined, t: string) =>
  JSON.stringify(request?.body.messages ?? []).includes(t);

function steer(s: Scenario, params: Record<string, unknown>): Promise<unknown> {
  return s.agent.request(STEER, params);
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

/** Index in the adapter's traffic of the notification `method`, or of the answer `response`. */
function indexOf(s: Scenario, what: { method: string } | { response: PromptResponse }): number {
  return s
    .sentByAdapter()
    .findIndex((m) =>
      "method" in what
        ? "method" in m && m.method === what.method
        : "result" in m && JSON.stringify(m.result) === JSON.stringify(what.response),
    );
}

const SLOW_TOOL = {
  blocks: [
    {
      type: "tool_use" as const,
      id: "toolu_sleep",
      name: "Bash",
      input: { command: "sleep 2; echo slept", description: "sleep" },
    },
  ],
  usage: { input_tokens: 100, output_tokens: 10 },
};

describe("Lody negotiation", () => {
  it("a Lody client gets the agent capabilities it can use; a plain, Zed or malformed one gets no lody key", async () => {
    const s = await scenario();
    const lody = await s.initialize(LODY);
    expect(lody.agentCapabilities?._meta?.lody).toStrictEqual({
      steering: { version: 1, transport: "request", upstreamTurn: "same", configPolicy: "apply" },
      subagentEvents: { version: 1 },
      usage: { version: 1 },
      rateLimits: { version: 1, query: true },
      sessionTitle: { version: 1 },
      forkAtTurn: { version: 1 },
      goal: { version: 1, actions: ["set", "clear"] },
      compaction: { version: 1 },
      tasks: { version: 1, background: true },
      subagents: { version: 1, lifecycle: true },
    });
    for (const caps of [
      PROFILES.plain,
      PROFILES.zed,
      { _meta: { lody: [] } },
      { _meta: { lody: true } },
    ]) {
      await s.restartAdapter();
      const answer = await s.initialize(caps);
      // Not the bare word: a path in the answer (a worktree named for Lody) may hold it.
      expect(JSON.stringify(answer)).not.toMatch(/"lody"/);
      expect(Object.keys(answer.agentCapabilities?._meta ?? {}).sort()).toEqual([
        "authStatus",
        "claudeCode",
      ]);
    }
  });
});

describe("_lody/session/steer", () => {
  it("a steer during a long tool run is injected, applied before the one answer, and seen by the model", async () => {
    const s = await scenario({
      ...BYPASS,
      script: [
        SLOW_TOOL,
        {
          blocks: [{ type: "text", text: "steered answer" }],
          usage: { input_tokens: 200, output_tokens: 20 },
        },
      ],
    });
    await s.initialize(LODY_FULL);
    const sessionId = await s.newSession();
    const prompt = s.prompt(sessionId, "run the slow command");
    await shellRunning(s, "sleep 2");
    expect(
      await steer(s, { sessionId, prompt: text(STEER_TEXT), steerId: "steer-1" }),
    ).toStrictEqual({
      outcome: "injected",
    });
    const response = await prompt;
    expect(response.stopReason).toBe("end_turn");
    expect(lodyNotifications(s, APPLIED)).toStrictEqual([{ sessionId, steerId: "steer-1" }]);
    const applied = indexOf(s, { method: APPLIED });
    expect(applied).toBeGreaterThan(-1);
    expect(applied).toBeLessThan(indexOf(s, { response }));
    const requests = s.model.mainRequests();
    expect(requests).toHaveLength(2);
    expect(carries(requests[0], STEER_TEXT)).toBe(false);
    expect(carries(requests[1], STEER_TEXT)).toBe(true);
    expect(s.agentText(sessionId)).toBe("steered answer");
    // One answer, whose usage covers both cycles.
    const answers = s
      .sentByAdapter()
      .filter((m) => "result" in m && JSON.stringify(m.result).includes("stopReason"));
    expect(answers).toHaveLength(1);
    expect(response.usage).toMatchObject({ inputTokens: 300, outputTokens: 30 });
  });

  it("a prompt queued and not yet started counts as running: the steer joins its turn", async () => {
    const s = await scenario({
      script: [textTurn("warm-up"), textTurn("first answer"), textTurn("steered answer")],
    });
    await s.initialize(LODY);
    // The first session stores Claude Code's start answer; the second is answered from
    // it while its Claude Code still starts, so its first prompt waits in the queue.
    await s.prompt(await s.newSession(), "warm up");
    const sessionId = await s.newSession();
    const prompt = s.prompt(sessionId, "first question");
    expect(await steer(s, { sessionId, prompt: text(STEER_TEXT), steerId: "early" })).toStrictEqual(
      {
        outcome: "injected",
      },
    );
    const response = await prompt;
    expect(response.stopReason).toBe("end_turn");
    expect(lodyNotifications(s, APPLIED)).toStrictEqual([{ sessionId, steerId: "early" }]);
    expect(indexOf(s, { method: APPLIED })).toBeLessThan(indexOf(s, { response }));
    const requests = s.model.mainRequests().slice(1);
    expect(requests.some((r) => carries(r, STEER_TEXT))).toBe(true);
  });

  it("with no prompt running a steer is refused (-32600) and nothing runs", async () => {
    const s = await scenario({ script: [textTurn("first"), textTurn("second")] });
    await s.initialize(LODY);
    const sessionId = await s.newSession();
    const idle = await requestError(
      steer(s, { sessionId, prompt: text("REFUSED-A"), steerId: "a" }),
    );
    expect(idle.code).toBe(-32600);
    await s.prompt(sessionId, "hello");
    // After the answer the turn is settled: refused again.
    const after = await requestError(
      steer(s, { sessionId, prompt: text("REFUSED-B"), steerId: "b" }),
    );
    expect(after.code).toBe(-32600);
    // Sync point: a later prompt. A steer goes into Claude Code's one input stream (at
    // priority `now`, no ask being open), so one the adapter had sent anyway would be
    // taken in no later than this prompt (`next`): as a request of its own before the
    // prompt's, or in the prompt's request, and its `steer_applied` (sent when Claude
    // Code starts it) before the prompt's answer.
    expect((await s.prompt(sessionId, "later")).stopReason).toBe("end_turn");
    const requests = s.model.mainRequests();
    expect(requests).toHaveLength(2);
    expect(carries(requests[1], "later")).toBe(true);
    for (const request of requests) {
      expect(carries(request, "REFUSED-A")).toBe(false);
      expect(carries(request, "REFUSED-B")).toBe(false);
    }
    expect(lodyNotifications(s, APPLIED)).toStrictEqual([]);
  });

  it("a steer overtaken by a cancel is never acknowledged; the cancelled turn refuses further steers", async () => {
    let sessionId = "";
    const answers: unknown[] = [];
    const s: Scenario = await scenario({
      script: [
        bashTurn("touch made.txt", "toolu_touch"),
        textTurn("after the cancel"),
        textTurn("once more"),
      ],
      onPermission: async () => {
        answers.push(await steer(s, { sessionId, prompt: text(STEER_TEXT), steerId: "late" }));
        await s.cancel(sessionId);
        answers.push(
          await requestError(steer(s, { sessionId, prompt: text("y"), steerId: "x" })).then(
            (e) => e.code,
          ),
        );
        return { outcome: { outcome: "cancelled" } };
      },
    });
    await s.initialize(LODY);
    sessionId = await s.newSession();
    const response = await s.prompt(sessionId, "make a file");
    expect(response.stopReason).toBe("cancelled");
    // The permission handler's second steer may still be on its way when the answer is.
    await eventually("both steers answered", () => answers.length === 2);
    expect(answers).toStrictEqual([{ outcome: "injected" }, -32600]);
    // The model ran nothing after the cancelled turn but the next two prompts.
    expect(await expectSteerDropped(s, sessionId, STEER_TEXT)).toHaveLength(3);
    expect(lodyNotifications(s, APPLIED)).toStrictEqual([]);
  });

  it("malformed params are -32602, an unknown session too; a client that is not Lody gets method-not-found", async () => {
    const s = await scenario();
    await s.initialize(LODY);
    const sessionId = await s.newSession();
    for (const params of [
      { sessionId, prompt: text("x") },
      { sessionId, prompt: text("x"), steerId: "" },
      { sessionId, prompt: text("x"), steerId: 5 },
      { sessionId, prompt: [], steerId: "a" },
      { sessionId, prompt: "x", steerId: "a" },
      { sessionId: "", prompt: text("x"), steerId: "a" },
      { prompt: text("x"), steerId: "a" },
      { sessionId: "no-such-session", prompt: text("x"), steerId: "a" },
    ]) {
      const error = await requestError(steer(s, params));
      expect([JSON.stringify(params), error.code]).toEqual([JSON.stringify(params), -32602]);
    }
    await s.restartAdapter();
    await s.initialize(PROFILES.zed);
    const zedSession = await s.newSession();
    const error = await requestError(
      steer(s, { sessionId: zedSession, prompt: text("x"), steerId: "a" }),
    );
    expect(error.code).toBe(-32601);
    expect(s.model.mainRequests()).toHaveLength(0);
  });
});
