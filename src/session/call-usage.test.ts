import type { ModelUsage, SDKMessage } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import { CallUsage } from "./call-usage.js";

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

const window = (contextWindow: number) => ({ [MODEL]: { contextWindow } as ModelUsage });

const report = (used: number) => ({
  sessionUpdate: "usage_update",
  used,
  size: 1000,
  _meta: { "_claude/model": MODEL },
});

describe("CallUsage", () => {
  it("reports nothing before a result told the model's window", () => {
    const usage = new CallUsage();
    expect(usage.updateFor(start(10))).toBeUndefined();
    expect(usage.updateFor(delta(7))).toBeUndefined();
  });

  it("reports each main-loop call as it starts and once it has generated, never the same twice", () => {
    const usage = new CallUsage();
    usage.learn(window(1000));
    expect(
      [start(10), delta(15), start(10), delta(1), delta(1)].map((m) => usage.updateFor(m)),
    ).toStrictEqual([report(11), report(25), report(11), undefined, undefined]);
  });

  it("ignores a subagent's calls, another model's and other messages", () => {
    const usage = new CallUsage();
    usage.learn(window(1000));
    expect(usage.updateFor(start(10, "toolu_agent"))).toBeUndefined();
    expect(usage.updateFor(start(10, null, "claude-haiku"))).toBeUndefined();
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
});
