import type { ModelInfo } from "@anthropic-ai/claude-agent-sdk";
import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import type { ClaudeQuery } from "../../sdk/claude-query.js";
import type { Outbox } from "../outbox.js";
import { configFor } from "./session-config.js";
import { SessionOptions } from "./session-options.js";
import type { StartPlan } from "../start/session-start.js";

const models: ModelInfo[] = [
  { value: "default", resolvedModel: "claude-opus-5-5", displayName: "Default", description: "" },
];

const plan: StartPlan = {
  mode: "default",
  bypassAvailable: false,
  autoDisabled: false,
  model: undefined,
  restoredModel: undefined,
  clientModel: undefined,
  notice: undefined,
  startKey: "key",
};

/** Options over a Claude Code whose mode echoes arrive when `echo` is called. */
function options() {
  const sent: SessionUpdate[] = [];
  const outbox = {
    sendAll: (updates: readonly SessionUpdate[]) => sent.push(...updates),
    announce: (updates: readonly SessionUpdate[]) => sent.push(...updates),
  } as unknown as Outbox;
  let beforeAnswer: (() => void) | undefined;
  const query = {
    setPermissionMode: async () => {
      beforeAnswer?.();
    },
    setModel: async () => {},
    setEffort: async () => {},
  } as unknown as ClaudeQuery;
  const opts = new SessionOptions(
    outbox,
    () => Promise.resolve(),
    () => query,
  );
  opts.set(configFor(plan, models));
  return { opts, sent, lateEcho: (run: () => void) => (beforeAnswer = run) };
}

const mode = (o: SessionOptions) => o.options().find((c) => c.id === "mode")?.currentValue;

describe("SessionOptions and Claude Code's mode reports", () => {
  it("keeps the client's latest mode when an earlier change's echo arrives late", async () => {
    const { opts, sent, lateEcho } = options();
    await opts.setMode("acceptEdits");
    // The echo of acceptEdits is read while the next change is being applied.
    lateEcho(() => opts.observeMode("acceptEdits"));
    await opts.setOption("mode", "default");
    lateEcho(() => opts.observeMode("default"));
    expect(mode(opts)).toBe("default");
    // Each change told once, in the form the client did not use; no echo told again.
    expect(sent.map((u) => u.sessionUpdate)).toEqual([
      "config_option_update",
      "current_mode_update",
    ]);
    expect(sent[1]).toEqual({ sessionUpdate: "current_mode_update", currentModeId: "default" });
  });

  it("answers a set_config_option of another option with nothing but its answer", async () => {
    const { opts, sent } = options();
    await opts.setOption("model", "default");
    expect(sent).toEqual([]);
  });

  it("follows a mode Claude Code switched to by itself", async () => {
    const { opts } = options();
    await opts.setMode("acceptEdits");
    opts.observeMode("acceptEdits");
    opts.observeMode("plan");
    expect(mode(opts)).toBe("plan");
  });
});

describe("SessionOptions at Claude Code's start", () => {
  const listedModels: ModelInfo[] = [
    ...models,
    { value: "sonnet", resolvedModel: "claude-sonnet-5-5", displayName: "Sonnet", description: "" },
  ];

  it.each([
    ["a gateway that does not serve the default", ["claude-sonnet-5-5"], ["sonnet"]],
    ["a gateway that serves it", ["claude-opus-5-5", "claude-sonnet-5-5"], []],
    ["no gateway listing", undefined, []],
  ])("switches Claude Code to the shown model behind %s", async (_name, listed, switched) => {
    const calls: string[] = [];
    const query = {
      setModel: async (model: string) => {
        calls.push(model);
      },
    } as unknown as ClaudeQuery;
    const outbox = { sendAll: () => {}, announce: () => {} } as unknown as Outbox;
    const opts = new SessionOptions(
      outbox,
      () => Promise.resolve(),
      () => query,
    );
    opts.set(configFor({ ...plan, ...(listed ? { listedModels: listed } : {}) }, listedModels));
    await opts.applyStartEffort();
    expect(calls).toEqual(switched);
  });
});
