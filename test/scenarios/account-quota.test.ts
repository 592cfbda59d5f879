import { RequestError, type ClientCapabilities } from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import { PROFILES, type Scenario } from "../support/acp-harness.js";
import type { MessageTurn } from "../support/model-server.js";
import { useScenarios } from "../support/scenario-test.js";

/**
 * Account quota (ACP RFD `quotas-and-limits`) against real Claude Code and the scripted
 * model: the plan's rate-limit headers (which Claude Code reads for a claude.ai login
 * only, as `rate_limit_event`s) become pools and meters; `quota_update` goes to a v1
 * client that declared `session.quota`, before the prompt's answer, only when the pools
 * changed, to every open session (the quota is the account's), with an `updatedAt` that never goes back; `quota/read` answers with or without
 * a session; a rejected request is `quotaExceeded`; an API key has `{pools: []}`.
 */
const scenario = useScenarios();

const QUOTA_READ = "quota/read";
const QUOTA_CLIENT = { ...PROFILES.plain, session: { quota: {} } } as ClientCapabilities;

/** Reset times Claude Code keeps (it drops a 5 h window resetting years ahead). */
const NOW = Math.floor(Date.now() / 1000);
const FIVE_H_RESET = NOW + 3600;
const SEVEN_D_RESET = NOW + 86400;
const iso = (seconds: number): string => new Date(seconds * 1000).toISOString();

/** A plan's windows as the Anthropic API reports them. */
function planHeaders(fiveHour: string, status = "allowed"): Record<string, string> {
  return {
    "anthropic-ratelimit-unified-status": status,
    "anthropic-ratelimit-unified-representative-claim": "five_hour",
    "anthropic-ratelimit-unified-reset": String(FIVE_H_RESET),
    "anthropic-ratelimit-unified-5h-status": status,
    "anthropic-ratelimit-unified-5h-utilization": fiveHour,
    "anthropic-ratelimit-unified-5h-reset": String(FIVE_H_RESET),
    "anthropic-ratelimit-unified-7d-utilization": "0.5",
    "anthropic-ratelimit-unified-7d-reset": String(SEVEN_D_RESET),
  };
}

/** A claude.ai login by token: Claude Code reads the plan's rate-limit headers only for one. */
const CLAUDE_AI = { ANTHROPIC_API_KEY: "", CLAUDE_CODE_OAUTH_TOKEN: "sk-ant-oat01-scenario" };

const turn = (text: string, headers?: Record<string, string>): MessageTurn => ({
  blocks: [{ type: "text", text }],
  ...(headers ? { headers } : {}),
});

/** The plan pool as the headers above make it. */
function planPool(fiveHour: number, status = "ok"): unknown {
  return {
    id: "plan",
    label: "Plan usage",
    state: status === "exceeded" ? "exhausted" : "available",
    meters: [
      {
        id: "five_hour",
        label: "5-hour limit",
        usedPercent: fiveHour,
        window: "PT5H",
        resetsAt: iso(FIVE_H_RESET),
        status,
      },
      {
        id: "seven_day",
        label: "Weekly limit",
        usedPercent: 50,
        window: "P7D",
        resetsAt: iso(SEVEN_D_RESET),
      },
    ],
  };
}

interface Sent {
  method?: string;
  params?: { sessionId?: string; update?: Record<string, unknown> };
  result?: Record<string, unknown>;
}

/** The `quota_update`s the adapter wrote, as written (the test client's schema may drop them). */
function quotaUpdates(s: Scenario, sessionId?: string): Record<string, unknown>[] {
  return (s.sentByAdapter() as Sent[])
    .filter(
      (m) => m.method === "session/update" && m.params?.update?.sessionUpdate === "quota_update",
    )
    .filter((m) => sessionId === undefined || m.params?.sessionId === sessionId)
    .map((m) => m.params!.update!);
}

function indexOf(s: Scenario, match: (m: Sent) => boolean): number[] {
  return (s.sentByAdapter() as Sent[]).flatMap((m, i) => (match(m) ? [i] : []));
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

describe("account quota", () => {
  it("an API key: quota advertised, {pools: []} with or without a session, nothing pushed", async () => {
    const s = await scenario({ script: [turn("one", planHeaders("0.25"))] });
    const init = await s.initialize(QUOTA_CLIENT);
    expect((init.agentCapabilities as { quota?: unknown }).quota).toStrictEqual({});
    expect(await s.agent.request(QUOTA_READ, {})).toStrictEqual({ pools: [] });
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "first");
    expect(await s.agent.request(QUOTA_READ, { sessionId })).toStrictEqual({ pools: [] });
    expect(quotaUpdates(s)).toEqual([]);
    for (const params of [{ sessionId: "no-such-session" }, { sessionId: 5 }, []]) {
      const error = await requestError(s.agent.request(QUOTA_READ, params));
      expect([JSON.stringify(params), error.code]).toEqual([JSON.stringify(params), -32602]);
    }
  });

  it("a claude.ai plan: quota_update before the answer when the pools change, read with or without a session", async () => {
    const s = await scenario({
      env: CLAUDE_AI,
      script: [
        turn("one", planHeaders("0.25")),
        turn("two", planHeaders("0.25")),
        turn("three", planHeaders("0.4")),
      ],
    });
    await s.initialize(QUOTA_CLIENT);
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "first");
    const [first] = quotaUpdates(s);
    expect(first).toStrictEqual({
      sessionUpdate: "quota_update",
      updatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/) as string,
      pools: [planPool(25)],
    });
    const pushed = indexOf(s, (m) => m.params?.update?.sessionUpdate === "quota_update");
    const answers = indexOf(s, (m) => m.result?.stopReason !== undefined);
    expect(pushed[0]).toBeLessThan(answers[0]!);
    const snapshot = { updatedAt: first!.updatedAt, pools: first!.pools };
    expect(await s.agent.request(QUOTA_READ, { sessionId })).toStrictEqual(snapshot);
    expect(await s.agent.request(QUOTA_READ, {})).toStrictEqual(snapshot);
    expect(await s.agent.request(QUOTA_READ, { sessionId: null })).toStrictEqual(snapshot);

    await s.prompt(sessionId, "second"); // the same windows: no update
    expect(quotaUpdates(s)).toHaveLength(1);
    await s.prompt(sessionId, "third");
    const updates = quotaUpdates(s);
    expect(updates).toHaveLength(2);
    expect(updates[1]!.pools).toStrictEqual([planPool(40)]);
    expect(Date.parse(updates[1]!.updatedAt as string)).toBeGreaterThan(
      Date.parse(first!.updatedAt as string),
    );
  });

  it("the quota is the account's: a change one session's Claude Code reports reaches every open session that takes quota_update", async () => {
    const s = await scenario({
      env: CLAUDE_AI,
      script: [turn("one", planHeaders("0.25")), turn("two", planHeaders("0.4"))],
    });
    await s.initialize(QUOTA_CLIENT);
    const a = await s.newSession();
    const b = await s.newSession();
    await s.prompt(a, "first");
    // Both are written as the report arrives, before A's answer: B's are there now.
    const [first] = quotaUpdates(s, a);
    expect(first!.pools).toStrictEqual([planPool(25)]);
    expect(quotaUpdates(s, b)).toStrictEqual([first]);
    await s.prompt(b, "second");
    expect(quotaUpdates(s, a)).toStrictEqual(quotaUpdates(s, b));
    const [, second] = quotaUpdates(s, a);
    expect(second!.pools).toStrictEqual([planPool(40)]);
    expect(Date.parse(second!.updatedAt as string)).toBeGreaterThan(
      Date.parse(first!.updatedAt as string),
    );
    expect(await s.agent.request(QUOTA_READ, {})).toStrictEqual({
      updatedAt: second!.updatedAt,
      pools: second!.pools,
    });
  });

  it("a client that did not declare session.quota gets no quota_update, and can still read", async () => {
    const s = await scenario({ env: CLAUDE_AI, script: [turn("one", planHeaders("0.25"))] });
    await s.initialize(PROFILES.plain);
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "first");
    expect(quotaUpdates(s)).toEqual([]);
    expect(JSON.stringify(s.sentByAdapter())).not.toContain("quota_update");
    const read = (await s.agent.request(QUOTA_READ, {})) as { pools: unknown[] };
    expect(read.pools).toStrictEqual([planPool(25)]);
  });

  it("a rejected plan is quotaExceeded naming the pool, the meter and the reset, after the exceeded snapshot", async () => {
    const rejected = {
      kind: "error" as const,
      status: 429,
      shouldRetry: false,
      headers: planHeaders("1.0", "rejected"),
    };
    const s = await scenario({
      env: { ...CLAUDE_AI, CLAUDE_CODE_MAX_RETRIES: "0" },
      script: [rejected],
    });
    await s.initialize(QUOTA_CLIENT);
    const sessionId = await s.newSession();
    const error = await requestError(s.prompt(sessionId, "first"));
    expect(error.code).toBe(-32003);
    expect(error.data).toMatchObject({
      poolId: "plan",
      meterId: "five_hour",
      resetsAt: iso(FIVE_H_RESET),
    });
    const updates = quotaUpdates(s);
    expect(updates.at(-1)?.pools).toStrictEqual([planPool(100, "exceeded")]);
  });
});
