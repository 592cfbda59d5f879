import type { ModelInfo } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import { configFor } from "./session-config.js";
import type { StartPlan } from "./session-start.js";

const models: ModelInfo[] = [
  { value: "default", resolvedModel: "claude-opus-5-5", displayName: "Default", description: "" },
  { value: "sonnet", resolvedModel: "claude-sonnet-5-5", displayName: "Sonnet", description: "" },
];

const plan = (clientModel: string | undefined): StartPlan => ({
  mode: "default",
  bypassAvailable: false,
  autoDisabled: false,
  model: clientModel,
  restoredModel: undefined,
  clientModel,
  notice: undefined,
  startKey: "key",
});

/** What a rejection looks like on the wire: code, message, data. */
function rejection(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    const { code, message, data } = error as { code: number; message: string; data: unknown };
    return { code, message, data };
  }
  return "accepted";
}

describe("the client's model", () => {
  it.each([["sonnet"], ["claude-sonnet-5-5"], [undefined]])("%s is accepted", (model) => {
    expect(rejection(() => configFor(plan(model), models))).toBe("accepted");
  });

  const unknown = {
    code: "invalidInput",
    message: 'unknown model "claude-bogus-1"',
    data: { value: "claude-bogus-1" },
  };

  it("an unknown one is rejected at the start as a later set_model rejects it", () => {
    expect(rejection(() => configFor(plan("claude-bogus-1"), models))).toEqual(unknown);
    const config = configFor(plan(undefined), models);
    expect(rejection(() => config.setModel("claude-bogus-1"))).toEqual(unknown);
    expect(rejection(() => config.setOption("model", "claude-bogus-1"))).toEqual(unknown);
  });

  it("Claude Code's own entry for the model it was started with is no offer", () => {
    const started = [
      ...models,
      { value: "claude-bogus-1", displayName: "claude-bogus-1", description: "Custom model" },
    ];
    expect(rejection(() => configFor(plan("claude-bogus-1"), started))).toEqual(unknown);
    // ANTHROPIC_CUSTOM_MODEL_OPTION's entry is one.
    const custom = [
      ...models,
      { value: "my-model", displayName: "my-model", description: "Custom model (my-model)" },
    ];
    expect(rejection(() => configFor(plan("my-model"), custom))).toBe("accepted");
  });

  it("is not checked where Claude Code lists no models", () => {
    expect(rejection(() => configFor(plan("claude-bogus-1"), []))).toBe("accepted");
  });
});
