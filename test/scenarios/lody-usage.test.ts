import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { methods, RequestError } from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import { eventually, PROFILES, type Scenario } from "../support/acp-harness.js";
import { LODY, lodyNotifications } from "../support/lody.js";
import type { MessageTurn } from "../support/model-server.js";
import { useScenarios } from "../support/scenario-test.js";
import { BYPASS, HANGING_COMMAND, shellRunning } from "../support/script-turns.js";

/**
 * Lody usage accounting and rate limits (lody-contract.md §5, §7.3) against real Claude
 * Code and the scripted model: one usage scope per SDK result holding only what that
 * result added, totals that continue across a resume (Claude Code's own reading carries
 * the earlier turns; history is not billed twice), zero for a new session, and
 * `_lody/rate_limits/get` for an API-key login (no plan windows, no push).
 */
const scenario = useScenarios();

const USAGE = "_lody/session/usage_update";
const RATE_LIMITS_GET = "_lody/rate_limits/get";
const RATE_LIMITS_UPDATE = "_lody/rate_limits/update";
/** The raw SDK tap shows Claude Code's own results beside our updates. */
const RAW = { claudeCode: { emitRawSDKMessages: true } };

interface RawResult {
  type: "result";
  uuid: string;
  modelUsage: Record<string, { inputTokens: number; outputTokens: number }>;
}

function rawResults(s: Scenario): RawResult[] {
  return s.extNotifications
    .filter((n) => n.method === "_claude/sdkMessage")
    .map((n) => (n.params as { message: { type: string } }).message)
    .filter((m): m is RawResult => m.type === "result");
}

const turn = (text: string, usage: MessageTurn["usage"]): MessageTurn => ({
  blocks: [{ type: "text", text }],
  usage,
});

/** When the plan's windows reset (Claude Code drops a 5 h window resetting years ahead). */
const NOW = Math.floor(Date.now() / 1000);
const FIVE_H_RESET = NOW + 3600;
const SEVEN_D_RESET = NOW + 86400;

/** A plan's windows as the Anthropic API reports them (Claude Code reads them only for claude.ai logins). */
const PLAN_HEADERS = {
  "anthropic-ratelimit-unified-status": "allowed",
  "anthropic-ratelimit-unified-representative-claim": "five_hour",
  "anthropic-ratelimit-unified-5h-utilization": "0.25",
  "anthropic-ratelimit-unified-5h-reset": String(FIVE_H_RESET),
  "anthropic-ratelimit-unified-7d-utilization": "0.5",
  "anthropic-ratelimit-unified-7d-reset": String(SEVEN_D_RESET),
};

/** A claude.ai login by token: Claude Code reads the plan's rate-limit headers only for one. */
const CLAUDE_AI = { ANTHROPIC_API_KEY: "", CLAUDE_CODE_OAUTH_TOKEN: "sk-ant-oat01-scenario" };

/**
 * A claude.ai login as `claude /login` stores it, on a Max plan (the token goes only to
 * the scripted model): Claude Code reads the plan's rate-limit headers only for one, and
 * names the plan (`subscriptionType`) offline.
 */
function storeMaxLogin(configDir: string): void {
  const claudeAiOauth = {
    accessToken: "sk-ant-oat01-scenario",
    refreshToken: "sk-ant-ort01-scenario",
    expiresAt: Date.now() + 3_600_000,
    scopes: ["user:inference"],
    subscriptionType: "max",
  };
  writeFileSync(join(configDir, ".credentials.json"), JSON.stringify({ claudeAiOauth }));
}

/** One scope's update: its totals are what the result added, `delta` the same. */
function scope(
  sessionId: string,
  scopeId: string,
  usage: Record<string, number>,
  model: string,
  added: Record<string, number>,
): unknown {
  const { contextWindow: _window, ...summed } = added;
  return {
    sessionId,
    usage,
    modelUsage: { [model]: added },
    delta: { usage: summed, modelUsage: { [model]: added } },
    _meta: { lody: { usageScopeId: scopeId } },
  };
}

function sentIndex(s: Scenario, match: (m: Record<string, unknown>) => boolean): number[] {
  return s
    .sentByAdapter()
    .flatMap((m, i) => (match(m as unknown as Record<string, unknown>) ? [i] : []));
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

describe("_lody/session/usage_update", () => {
  it("two prompts are two scopes, each holding only what its result added, before its answer", async () => {
    const s = await scenario({
      script: [
        turn("one", {
          input_tokens: 100,
          output_tokens: 10,
          cache_read_input_tokens: 20,
          cache_creation_input_tokens: 5,
        }),
        {
          blocks: [
            { type: "thinking", thinking: "let me think" },
            { type: "text", text: "two" },
          ],
          usage: {
            input_tokens: 200,
            output_tokens: 20,
            output_tokens_details: { thinking_tokens: 8 },
          },
        },
      ],
    });
    await s.initialize(LODY);
    const sessionId = await s.newSession({ _meta: RAW });
    await s.prompt(sessionId, "first");
    await s.prompt(sessionId, "second");
    const [first, second] = rawResults(s);
    const model = Object.keys(first!.modelUsage)[0]!;
    // Claude Code's reading is query-wide: the second result carries the first turn too,
    // and any side request in between (a Lody client's generated title after the first
    // turn): its tokens are what the second result added beyond its own turn.
    const side = {
      input: second!.modelUsage[model]!.inputTokens - 300,
      output: second!.modelUsage[model]!.outputTokens - 30,
    };
    expect(side.input).toBeGreaterThanOrEqual(0);
    const updates = lodyNotifications(s, USAGE);
    expect(updates).toStrictEqual([
      scope(
        sessionId,
        first!.uuid,
        {
          inputTokens: 100,
          outputTokens: 10,
          cacheReadInputTokens: 20,
          cacheCreationInputTokens: 5,
        },
        model,
        {
          inputTokens: 100,
          outputTokens: 10,
          cacheReadInputTokens: 20,
          cacheCreationInputTokens: 5,
          costUSD: expect.any(Number) as number,
          contextWindow: expect.any(Number) as number,
        },
      ),
      scope(
        sessionId,
        second!.uuid,
        {
          inputTokens: 200,
          outputTokens: 20,
          cacheReadInputTokens: 0,
          cacheCreationInputTokens: 0,
        },
        model,
        {
          inputTokens: 200 + side.input,
          // Thinking moves out of the output.
          outputTokens: 12 + side.output,
          cacheReadInputTokens: 0,
          cacheCreationInputTokens: 0,
          reasoningOutputTokens: 8,
          costUSD: expect.any(Number) as number,
          contextWindow: expect.any(Number) as number,
        },
      ),
    ]);
    // Each update goes before its prompt's answer.
    const usage = sentIndex(s, (m) => m.method === USAGE);
    const answers = sentIndex(s, (m) => JSON.stringify(m.result ?? "").includes("stopReason"));
    expect(usage[0]).toBeLessThan(answers[0]!);
    expect(usage[1]).toBeGreaterThan(answers[0]!);
    expect(usage[1]).toBeLessThan(answers[1]!);
  });

  it("totals continue across a resume, without the history, and a new session starts at zero", async () => {
    const s = await scenario({
      script: [turn("one", { input_tokens: 100, output_tokens: 10 })],
    });
    await s.initialize(LODY);
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "first");
    await s.restartAdapter();
    await s.initialize(LODY);
    await s.agent.request(methods.agent.session.resume, {
      sessionId,
      cwd: s.workspace,
      _meta: RAW,
    });
    s.model.push(turn("two", { input_tokens: 300, output_tokens: 30 }));
    await s.prompt(sessionId, "second");
    const [resumed] = rawResults(s);
    const model = Object.keys(resumed!.modelUsage)[0]!;
    // Claude Code restored the saved spend: its first result carries the earlier turn.
    // (A generated title's side request after the first turn may be in it too.)
    expect(resumed!.modelUsage[model]!.inputTokens).toBeGreaterThanOrEqual(400);
    expect(resumed!.modelUsage[model]!.outputTokens).toBeGreaterThanOrEqual(40);
    expect(lodyNotifications(s, USAGE)).toMatchObject([
      {
        sessionId,
        modelUsage: { [model]: { inputTokens: 300, outputTokens: 30 } },
        delta: { usage: { inputTokens: 300, outputTokens: 30 } },
        _meta: { lody: { usageScopeId: resumed!.uuid } },
      },
    ]);
    s.model.push(turn("three", { input_tokens: 50, output_tokens: 5 }));
    const fresh = await s.newSession();
    await s.prompt(fresh, "new");
    expect(lodyNotifications(s, USAGE).at(-1)).toMatchObject({
      sessionId: fresh,
      modelUsage: { [model]: { inputTokens: 50, outputTokens: 5 } },
    });
  });

  it("a fork's first scope holds only the fork's own turn", async () => {
    const s = await scenario({
      script: [turn("one", { input_tokens: 100, output_tokens: 10 })],
    });
    await s.initialize(LODY);
    const source = await s.newSession();
    await s.prompt(source, "first");
    // Claude Code saves the spend when it exits: the source's transcript then has it.
    await s.restartAdapter();
    await s.initialize(LODY);
    const { sessionId } = await s.agent.request(methods.agent.session.fork, {
      sessionId: source,
      cwd: s.workspace,
      _meta: RAW,
    });
    s.model.push(turn("two", { input_tokens: 70, output_tokens: 7 }));
    await s.prompt(sessionId, "on the fork");
    const [forked] = rawResults(s);
    const model = Object.keys(forked!.modelUsage)[0]!;
    expect(lodyNotifications(s, USAGE)).toMatchObject([
      {
        sessionId,
        modelUsage: { [model]: { inputTokens: 70, outputTokens: 7 } },
        _meta: { lody: { usageScopeId: forked!.uuid } },
      },
    ]);
  });

  it("a cancelled turn's spend is billed, and the next prompt's scope holds only its own", async () => {
    const s = await scenario({
      ...BYPASS,
      script: [
        {
          blocks: [
            {
              type: "tool_use",
              name: "Bash",
              input: { command: HANGING_COMMAND, description: "hang" },
            },
          ],
          usage: { input_tokens: 100, output_tokens: 10 },
        },
      ],
    });
    await s.initialize(LODY);
    const sessionId = await s.newSession();
    const cancelled = s.prompt(sessionId, "run it");
    await shellRunning(s);
    await s.cancel(sessionId);
    expect((await cancelled).stopReason).toBe("cancelled");
    // Claude Code reports the interrupted turn after the cancel was answered.
    await eventually("the cancelled turn's usage", () => lodyNotifications(s, USAGE).length === 1);
    s.model.push(turn("next", { input_tokens: 50, output_tokens: 5 }));
    await s.prompt(sessionId, "next");
    const added = lodyNotifications(s, USAGE).map(
      (u) => Object.values((u as { modelUsage: Record<string, unknown> }).modelUsage)[0],
    );
    expect(added).toMatchObject([
      { inputTokens: 100, outputTokens: 10 },
      { inputTokens: 50, outputTokens: 5 },
    ]);
  });

  it("a plain client gets no _lody/ notification and no lody key", async () => {
    const s = await scenario({
      // A claude.ai login: Claude Code reports the plan's windows, which a Lody client would hear.
      env: CLAUDE_AI,
      script: [{ ...turn("one", { input_tokens: 100, output_tokens: 10 }), headers: PLAN_HEADERS }],
    });
    await s.initialize(PROFILES.plain);
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "first");
    expect(s.extNotifications.filter((n) => n.method.startsWith("_lody/"))).toEqual([]);
    expect(JSON.stringify(s.sentByAdapter())).not.toContain("lody");
    const error = await requestError(s.agent.request(RATE_LIMITS_GET, {}));
    expect(error.code).toBe(-32601);
  });
});

describe("_lody/rate_limits/get", () => {
  it("an API-key login has no plan windows: an empty snapshot, and nothing pushed", async () => {
    const s = await scenario({
      script: [{ ...turn("one", { input_tokens: 100, output_tokens: 10 }), headers: PLAN_HEADERS }],
    });
    await s.initialize(LODY);
    const before = Math.floor(Date.now() / 1000);
    for (const params of [{}, { sessionId: "any", accountId: "a", modelId: "m" }]) {
      const answer = (await s.agent.request(RATE_LIMITS_GET, params)) as Record<string, unknown>;
      expect(answer).toStrictEqual({ rateLimits: [], fetchedAtEpochSeconds: expect.any(Number) });
      expect(answer.fetchedAtEpochSeconds).toBeGreaterThanOrEqual(before);
    }
    for (const params of [[], "x", { modelId: 5 }, { sessionId: null }]) {
      const error = await requestError(s.agent.request(RATE_LIMITS_GET, params));
      expect([JSON.stringify(params), error.code]).toEqual([JSON.stringify(params), -32602]);
    }
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "first");
    expect(lodyNotifications(s, USAGE)).toHaveLength(1);
    expect(lodyNotifications(s, RATE_LIMITS_UPDATE)).toEqual([]);
  });

  it("a claude.ai login: the plan's windows and name pushed after each result, before the answer, and served by get", async () => {
    const plan = { ...turn("one", { input_tokens: 10, output_tokens: 1 }), headers: PLAN_HEADERS };
    const s = await scenario({
      env: { ANTHROPIC_API_KEY: undefined },
      script: [plan, turn("two", { input_tokens: 10, output_tokens: 1 })],
    });
    storeMaxLogin(s.configDir);
    await s.initialize(LODY);
    const sessionId = await s.newSession();
    // The plan's name comes from the login probe. `auth/status` answers once a probe has
    // told the login state: a first probe that timed out (lowest priority, on a busy
    // machine) is followed by an urgent one, so no wait on the background probe's timer.
    expect(await s.agent.request("auth/status", {})).toStrictEqual({
      state: "authenticated",
      accounts: [{ label: "Claude Max", active: true }],
    });
    await s.prompt(sessionId, "first");
    await s.prompt(sessionId, "second");
    const snapshot = {
      rateLimits: [
        {
          limitId: "claude",
          scope: { providerId: "claude" },
          planName: "max",
          windows: [
            { windowDurationSeconds: 18000, usedPercent: 25, resetsAtEpochSeconds: FIVE_H_RESET },
            { windowDurationSeconds: 604800, usedPercent: 50, resetsAtEpochSeconds: SEVEN_D_RESET },
          ],
        },
      ],
      fetchedAtEpochSeconds: expect.any(Number) as number,
    };
    expect(lodyNotifications(s, RATE_LIMITS_UPDATE)).toStrictEqual([snapshot, snapshot]);
    const pushed = sentIndex(s, (m) => m.method === RATE_LIMITS_UPDATE);
    const answers = sentIndex(s, (m) => JSON.stringify(m.result ?? "").includes("stopReason"));
    expect(pushed[0]).toBeLessThan(answers[0]!);
    expect(await s.agent.request(RATE_LIMITS_GET, { modelId: "ignored" })).toStrictEqual(snapshot);
  });
});
