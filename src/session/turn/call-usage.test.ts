import type { ModelUsage, SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import { parseClientProfile } from "../../extensions/compose.js";
import { CallUsage, callUsageFor } from "./call-usage.js";

const MODEL = "claude-opus-5-5";

function start(input: number, parent: string | null = null, model = MODEL): SDKMessage {
  return {
    type: "stream_event",
    parent_tool_use_id: parent,
    event: {
      type: "message_start",
      message: { model, usage: { input_tokens: input, output_tokens: 1 } },
    },
  } as unknown as SDKMessage;
}

function delta(output: number): SDKMessage {
  return {
    type: "stream_event",
    parent_tool_use_id: null,
    event: { type: "message_delta", usage: { output_tokens: output } },
  } as unknown as SDKMessage;
}

const INFO = { status: "allowed_warning", rateLimitType: "five_hour", utilization: 0.8 };
const rateLimit = { type: "rate_limit_event", rate_limit_info: INFO } as unknown as SDKMessage;

function boundary(post?: number): SDKMessage {
  return {
    type: "system",
    subtype: "compact_boundary",
    compact_metadata: { trigger: "manual", pre_tokens: 900, post_tokens: post },
  } as unknown as SDKMessage;
}

const window = (contextWindow: number) => ({ [MODEL]: { contextWindow } as ModelUsage });

const report = (used: number, size = 1000, meta: object = {}) => ({
  sessionUpdate: "usage_update",
  used,
  size,
  _meta: { ...meta, "_claude/model": MODEL },
});

/** Lets the background measure answer. */
const settled = () => new Promise((resolve) => setImmediate(resolve));

describe("CallUsage", () => {
  it("before any result, reports against Claude Code's measure of the window", async () => {
    const usage = new CallUsage();
    let asked = 0;
    usage.processStarted(() => Promise.resolve(++asked && 1_000_000));
    await settled();
    expect(usage.updateFor(start(10))).toStrictEqual(report(11, 1_000_000));
    expect(asked).toBe(1);
  });

  it("reports against the guessed window while the measure fails or is not in", async () => {
    const usage = new CallUsage();
    usage.processStarted(() => Promise.reject(new Error("no control channel")));
    expect(usage.updateFor(start(10))).toStrictEqual(report(11, 200_000));
    await settled();
    expect(usage.updateFor(delta(5))).toStrictEqual(report(15, 200_000));
  });

  it("reports each main-loop call as it starts and once it has generated, never the same twice", () => {
    const usage = new CallUsage();
    usage.learn(window(1000));
    expect(
      [start(10), delta(15), start(10), delta(1), delta(1)].map((m) => usage.updateFor(m)),
    ).toStrictEqual([report(11), report(25), report(11), undefined, undefined]);
  });

  it("ignores a subagent's calls and other messages", () => {
    const usage = new CallUsage();
    usage.learn(window(1000));
    expect(usage.updateFor(start(10, "toolu_agent"))).toBeUndefined();
    expect(usage.updateFor({ type: "assistant" } as unknown as SDKMessage)).toBeUndefined();
  });

  it("puts upstream's keys on the turn's last report; the next turn reports its first call", () => {
    const usage = new CallUsage();
    usage.learn(window(1000));
    usage.updateFor(start(10));
    const last = { sessionUpdate: "usage_update", used: 11, size: 1000 } as const;
    expect(usage.turnEnd([last], MODEL)).toStrictEqual([
      { ...last, _meta: { "_claude/origin": { kind: "human" }, "_claude/model": MODEL } },
    ]);
    expect(usage.updateFor(start(10))).toStrictEqual(report(11));
  });

  it("tells rate-limit news with the use last reported, once there is one", () => {
    const usage = new CallUsage();
    usage.learn(window(1000));
    expect(usage.updateFor(rateLimit)).toBeUndefined();
    usage.updateFor(start(10));
    usage.updateFor(delta(4));
    const news = report(14, 1000, { "_claude/rateLimit": INFO });
    expect(usage.updateFor(rateLimit)).toStrictEqual(news);
    expect(usage.updateFor(rateLimit)).toStrictEqual(news);
    // The next turn (a /compact) before any call of its own, or no turn: the same use.
    usage.turnEnd([], MODEL);
    expect(usage.updateFor(rateLimit)).toStrictEqual(news);
    expect(usage.betweenTurns(rateLimit)).toStrictEqual(news);
    // A new process has reported nothing yet.
    usage.processStarted(() => Promise.resolve(undefined));
    expect(usage.updateFor(rateLimit)).toBeUndefined();
  });

  it("after a compaction reports what it kept (0 when Claude Code does not say), then the calls", () => {
    const usage = new CallUsage();
    usage.learn(window(1000));
    usage.updateFor(start(10));
    expect(usage.updateFor(boundary(120))).toStrictEqual(report(120));
    expect(usage.betweenTurns(boundary())).toStrictEqual(report(0));
    expect(usage.updateFor(rateLimit)).toStrictEqual(
      report(0, 1000, { "_claude/rateLimit": INFO }),
    );
    expect(usage.updateFor(start(10))).toStrictEqual(report(11));
    expect(usage.betweenTurns(start(10))).toBeUndefined();
    // A call that leaves what the compaction kept tells the client nothing new.
    usage.betweenTurns(boundary(11));
    expect(usage.updateFor(start(10))).toBeUndefined();
  });

  it("a compaction before any call names no model, against the default window", () => {
    const usage = new CallUsage();
    expect(usage.betweenTurns(boundary(50))).toStrictEqual({
      sessionUpdate: "usage_update",
      used: 50,
      size: 200_000,
    });
  });

  it("a model switched to is measured in the background, its calls then reported against it", async () => {
    const usage = new CallUsage();
    const answers = [500_000, 300_000];
    usage.processStarted(() => Promise.resolve(answers.shift()));
    await settled();
    usage.updateFor(start(10));
    expect(usage.updateFor(start(10, null, "other"))).toMatchObject({ size: 200_000 });
    await settled();
    expect(usage.updateFor(delta(9))).toMatchObject({ used: 19, size: 300_000 });
  });
});

describe("callUsageFor", () => {
  it("reports each call to every client but AIR's", () => {
    const air = { _meta: { jetbrains: { air: { version: 1, capabilities: [] } } } };
    expect(callUsageFor(parseClientProfile({}))).toBeInstanceOf(CallUsage);
    expect(callUsageFor(parseClientProfile({ _meta: { lody: {} } }))).toBeInstanceOf(CallUsage);
    expect(callUsageFor(parseClientProfile(air))).toBeUndefined();
  });
});
