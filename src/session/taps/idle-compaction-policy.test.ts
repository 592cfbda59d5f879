import { describe, expect, it } from "vitest";
import {
  cacheTtlOf,
  callContext,
  claudeCodeEnv,
  compactionOffBy,
  DEFAULT_IDLE_COMPACT_DELAY_MS,
  IdleCompactionPolicy,
  idleCompactDelayMs,
  idleCompactMinTokens,
  type Env,
} from "./idle-compaction-policy.js";

describe("idleCompactDelayMs (CLAUDE_AGENT_ACP_IDLE_COMPACT_DELAY_MS)", () => {
  it.each([
    [undefined, 3_240_000],
    ["500", 500],
    [" 500 ", 500],
    ["0", 0],
    ["2147483647", 2_147_483_647],
    ["2147483648", 3_240_000],
    ["-1", 3_240_000],
    ["1.5", 3_240_000],
    ["1e3", 3_240_000],
    ["", 3_240_000],
    ["soon", 3_240_000],
  ])("%j → %d", (raw, expected) => {
    expect(idleCompactDelayMs(raw)).toBe(expected);
  });

  it("defaults to 90 % of the one-hour cache", () => {
    expect(DEFAULT_IDLE_COMPACT_DELAY_MS).toBe(54 * 60_000);
  });
});

describe("idleCompactMinTokens (CLAUDE_CODE_IDLE_COMPACT_MIN_TOKENS)", () => {
  it.each([
    [undefined, 200_000],
    ["0", 200_000],
    ["", 200_000],
    ["many", 200_000],
    ["-5", 200_000],
    ["1", 100_000],
    ["99999", 100_000],
    ["100000", 100_000],
    ["150000", 150_000],
    [" 250000 ", 250_000],
    ["300000", 300_000],
  ])("%j → %d", (raw, expected) => {
    expect(idleCompactMinTokens(raw)).toBe(expected);
  });
});

describe("compactionOffBy", () => {
  it.each<[string, Parameters<typeof compactionOffBy>[0], Env, string | undefined]>([
    ["nothing", {}, {}, undefined],
    ["idleCompaction: true", { idleCompaction: true, autoCompactEnabled: true }, {}, undefined],
    ["idleCompaction: false", { idleCompaction: false }, {}, "the idleCompaction setting"],
    [
      "autoCompactEnabled: false",
      { autoCompactEnabled: false },
      {},
      "the autoCompactEnabled setting",
    ],
    ["DISABLE_COMPACT=1", {}, { DISABLE_COMPACT: "1" }, "DISABLE_COMPACT"],
    ["DISABLE_COMPACT=true", {}, { DISABLE_COMPACT: "true" }, "DISABLE_COMPACT"],
    ["DISABLE_COMPACT=YES", {}, { DISABLE_COMPACT: "YES" }, "DISABLE_COMPACT"],
    ["DISABLE_COMPACT=' on '", {}, { DISABLE_COMPACT: " on " }, "DISABLE_COMPACT"],
    ["DISABLE_COMPACT=0", {}, { DISABLE_COMPACT: "0" }, undefined],
    ["DISABLE_COMPACT=false", {}, { DISABLE_COMPACT: "false" }, undefined],
    ["DISABLE_COMPACT empty", {}, { DISABLE_COMPACT: "" }, undefined],
    ["DISABLE_AUTO_COMPACT=1", {}, { DISABLE_AUTO_COMPACT: "1" }, "DISABLE_AUTO_COMPACT"],
    [
      "DISABLE_COMPACT in the settings' env",
      { env: { DISABLE_COMPACT: "1" } },
      {},
      "DISABLE_COMPACT",
    ],
    [
      "the settings' env wins over the launch env",
      { env: { DISABLE_COMPACT: "0" } },
      { DISABLE_COMPACT: "1" },
      undefined,
    ],
  ])("%s", (_name, settings, env, expected) => {
    expect(compactionOffBy(settings, env)).toBe(expected);
  });
});

describe("claudeCodeEnv", () => {
  it.each<[Parameters<typeof claudeCodeEnv>[1], Env, string | undefined]>([
    [{}, {}, undefined],
    [{}, { X: "launch" }, "launch"],
    [{ env: { X: "settings" } }, { X: "launch" }, "settings"],
    [{ env: { Y: "other" } }, { X: "launch" }, "launch"],
  ])("settings %j, launch env %j → %j", (settings, env, expected) => {
    expect(claudeCodeEnv("X", settings, env)).toBe(expected);
  });
});

describe("cacheTtlOf", () => {
  it.each([
    [undefined, undefined],
    [null, undefined],
    [{}, undefined],
    [{ cache_creation: null }, undefined],
    [{ cache_creation: {} }, undefined],
    [{ cache_creation: { ephemeral_1h_input_tokens: 0, ephemeral_5m_input_tokens: 0 } }, undefined],
    [{ cache_creation: { ephemeral_1h_input_tokens: 5 } }, "1h"],
    [{ cache_creation: { ephemeral_5m_input_tokens: 5 } }, "5m"],
    [{ cache_creation: { ephemeral_1h_input_tokens: 5, ephemeral_5m_input_tokens: 5 } }, "1h"],
    [{ cache_creation: { ephemeral_1h_input_tokens: 0, ephemeral_5m_input_tokens: 3 } }, "5m"],
    [{ cache_creation: { ephemeral_1h_input_tokens: "5" } }, undefined],
  ])("%j → %j", (usage, expected) => {
    expect(cacheTtlOf(usage)).toBe(expected);
  });
});

describe("callContext", () => {
  it.each([
    [
      "a one-hour cache write: every input and the output count",
      {
        input_tokens: 10,
        cache_read_input_tokens: 100,
        cache_creation_input_tokens: 1000,
        output_tokens: 1,
        cache_creation: { ephemeral_1h_input_tokens: 1000 },
      },
      { ttl: "1h", tokens: 1111 },
    ],
    ["no cache write: no lifetime", { input_tokens: 10, output_tokens: 2 }, { tokens: 12 }],
  ])("%s", (_name, usage, expected) => {
    expect(callContext(usage)).toStrictEqual(expected);
  });
});

/** A model call worth compacting: a one-hour cache, 150000 tokens of context. */
const BIG = { ttl: "1h" as const, tokens: 150_000 };
const ENV: Env = {
  CLAUDE_AGENT_ACP_IDLE_COMPACT_DELAY_MS: "1000",
  CLAUDE_CODE_IDLE_COMPACT_MIN_TOKENS: "100000",
};

/** A policy that saw one request at t=0 with `call`. */
function after(call: { ttl?: "1h" | "5m"; tokens: number }, env: Env = ENV): IdleCompactionPolicy {
  const policy = new IdleCompactionPolicy(env);
  policy.request(0, call, "msg_1");
  return policy;
}

describe("IdleCompactionPolicy.arm", () => {
  it.each<[string, () => IdleCompactionPolicy, number, ReturnType<IdleCompactionPolicy["arm"]>]>([
    [
      "before any request",
      () => new IdleCompactionPolicy(ENV),
      0,
      { skip: "no model request in this process" },
    ],
    ["counted from the request", () => after(BIG), 100, { delayMs: 900 }],
    [
      "the default delay",
      () => after(BIG, { CLAUDE_CODE_IDLE_COMPACT_MIN_TOKENS: "100000" }),
      1000,
      { delayMs: 3_239_000 },
    ],
    ["past the deadline, within the margin: at once", () => after(BIG), 61_000, { delayMs: 0 }],
    ["past the deadline and the margin", () => after(BIG), 61_001, { skip: "the cache lapsed" }],
    [
      "a five-minute cache",
      () => after({ ttl: "5m", tokens: 150_000 }),
      0,
      { skip: "cache lifetime 5m, not 1h" },
    ],
    [
      "an unknown cache lifetime",
      () => after({ tokens: 150_000 }),
      0,
      { skip: "cache lifetime unknown, not 1h" },
    ],
    [
      "a context below the minimum",
      () => after({ ttl: "1h", tokens: 99_999 }),
      0,
      { skip: "context of 99999 tokens is below 100000" },
    ],
    ["at the minimum", () => after({ ttl: "1h", tokens: 100_000 }), 0, { delayMs: 1000 }],
    [
      "the default minimum",
      () => after(BIG, { CLAUDE_AGENT_ACP_IDLE_COMPACT_DELAY_MS: "1000" }),
      0,
      { skip: "context of 150000 tokens is below 200000" },
    ],
    [
      "DISABLE_COMPACT in the launch env",
      () => after(BIG, { ...ENV, DISABLE_COMPACT: "1" }),
      0,
      { skip: "turned off by DISABLE_COMPACT" },
    ],
  ])("%s", (_name, policy, now, expected) => {
    expect(policy().arm(now)).toStrictEqual(expected);
  });

  it.each([
    ["allowed", { delayMs: 1000 }],
    ["allowed_warning", { skip: "rate limit status allowed_warning" }],
    ["rejected", { skip: "rate limit status rejected" }],
  ])("a rate limit %s", (status, expected) => {
    const policy = after(BIG);
    policy.rateLimited(status);
    expect(policy.arm(0)).toStrictEqual(expected);
  });
});

describe("IdleCompactionPolicy.fire", () => {
  it.each<[string, Parameters<IdleCompactionPolicy["fire"]>[1], string | undefined]>([
    ["compaction on", {}, undefined],
    [
      "idleCompaction: false",
      { idleCompaction: false },
      "turned off by the idleCompaction setting",
    ],
    [
      "autoCompactEnabled: false",
      { autoCompactEnabled: false },
      "turned off by the autoCompactEnabled setting",
    ],
    [
      "DISABLE_AUTO_COMPACT in the settings' env",
      { env: { DISABLE_AUTO_COMPACT: "true" } },
      "turned off by DISABLE_AUTO_COMPACT",
    ],
    [
      "a minimum the settings' env raises",
      { env: { CLAUDE_CODE_IDLE_COMPACT_MIN_TOKENS: "300000" } },
      "context of 150000 tokens is below 300000",
    ],
  ])("%s", (_name, settings, expected) => {
    expect(after(BIG).fire(1000, settings)).toBe(expected);
  });

  it("takes the settings' env over the launch env for the minimum", () => {
    const policy = after(
      { ttl: "1h", tokens: 150_000 },
      { ...ENV, CLAUDE_CODE_IDLE_COMPACT_MIN_TOKENS: "400000" },
    );
    expect(policy.arm(0)).toStrictEqual({ skip: "context of 150000 tokens is below 400000" });
    expect(policy.fire(1000, { env: { CLAUDE_CODE_IDLE_COMPACT_MIN_TOKENS: "100000" } })).toBe(
      undefined,
    );
  });
});

describe("IdleCompactionPolicy: requests and compactions", () => {
  it("tells a new request from another sighting of the same response", () => {
    const policy = new IdleCompactionPolicy(ENV);
    expect(policy.request(0, BIG, "msg_1")).toBe(true);
    // The same response again (one assistant message per content block): the deadline stays.
    expect(policy.request(500, { tokens: 160_000 }, "msg_1")).toBe(false);
    expect(policy.arm(500)).toStrictEqual({ delayMs: 500 });
    expect(policy.request(700, BIG, "msg_2")).toBe(true);
    expect(policy.arm(700)).toStrictEqual({ delayMs: 1000 });
    // Without an id every sighting is a request.
    expect(policy.request(800, BIG)).toBe(true);
    expect(policy.request(900, BIG)).toBe(true);
    expect(policy.arm(900)).toStrictEqual({ delayMs: 1000 });
  });

  it("updates the context from every sighting and keeps a lifetime a later one omits", () => {
    const policy = after(BIG);
    policy.request(10, { tokens: 90_000 }, "msg_1");
    expect(policy.arm(10)).toStrictEqual({ skip: "context of 90000 tokens is below 100000" });
    policy.request(20, { tokens: 150_000 }, "msg_2");
    expect(policy.arm(20)).toStrictEqual({ delayMs: 1000 });
  });

  it("compacts once per request: not again until the next one", () => {
    const policy = after(BIG);
    policy.compactionSent();
    expect(policy.arm(0)).toStrictEqual({ skip: "compacted since the last request" });
    expect(policy.fire(1000, {})).toBe("compacted since the last request");
    policy.request(2000, BIG, "msg_1");
    expect(policy.arm(2000)).toStrictEqual({ skip: "compacted since the last request" });
    policy.request(2000, BIG, "msg_2");
    expect(policy.arm(2000)).toStrictEqual({ delayMs: 1000 });
  });

  it("takes a compaction before any request for nothing", () => {
    const policy = new IdleCompactionPolicy(ENV);
    policy.compactionSent();
    policy.request(0, BIG, "msg_1");
    expect(policy.arm(0)).toStrictEqual({ delayMs: 1000 });
  });

  it("reads the context a compaction kept", () => {
    const policy = after(BIG);
    policy.context(20_000);
    expect(policy.arm(0)).toStrictEqual({ skip: "context of 20000 tokens is below 100000" });
  });

  it("forgets the conversation a reset replaced", () => {
    const policy = after(BIG);
    policy.compactionSent();
    policy.reset();
    expect(policy.arm(0)).toStrictEqual({ skip: "no model request in this process" });
    // A request of the new conversation counts from scratch, with its own lifetime.
    policy.request(0, { tokens: 150_000 }, "msg_1");
    expect(policy.arm(0)).toStrictEqual({ skip: "cache lifetime unknown, not 1h" });
  });
});
