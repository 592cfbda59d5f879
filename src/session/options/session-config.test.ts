import type { ModelInfo } from "@anthropic-ai/claude-agent-sdk";
import { describe, expect, it } from "vitest";
import type { ClaudeQuery } from "../../sdk/claude-query.js";
import { parseClientProfile } from "../../extensions/compose.js";
import { applyToQuery, configFor, SessionConfig, type StartEfforts } from "./session-config.js";
import type { StartPlan } from "../start/session-start.js";
import { presentationFor } from "./config-presentation.js";

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

  it("a resumed session that ran on the default stays on the default row (upstream's)", () => {
    const resumed = {
      ...plan(undefined),
      model: "claude-opus-5-5",
      restoredModel: "claude-opus-5-5",
    };
    expect(configFor(resumed, models).currentModel).toBe("default");
    const other = { ...resumed, model: "claude-sonnet-5-5", restoredModel: "claude-sonnet-5-5" };
    expect(configFor(other, models).currentModel).toBe("sonnet");
  });

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

describe("behind an endpoint that lists its models", () => {
  const modelValues = (listedModels: readonly string[]): unknown =>
    configFor({ ...plan(undefined), listedModels }, models)
      .configOptions()
      .flatMap((o) =>
        o.id === "model" && o.type === "select" ? (o.options as { value: string }[]) : [],
      )
      .map((o) => o.value);

  it("offers only the models it serves, and no model option when it serves none", () => {
    expect(modelValues(["claude-sonnet-5-5"])).toEqual(["sonnet"]);
    expect(modelValues(["claude-opus-5-5", "claude-sonnet-5-5"])).toEqual(["default", "sonnet"]);
    expect(modelValues([])).toEqual([]);
  });
});

const LEVELS: ModelInfo["supportedEffortLevels"] = ["low", "medium", "high", "xhigh", "max"];
const row = (value: string, resolvedModel: string, extra: Partial<ModelInfo> = {}): ModelInfo => ({
  value,
  resolvedModel,
  displayName:
    value === "default" ? "Default (recommended)" : value[0]!.toUpperCase() + value.slice(1),
  description: "",
  supportsEffort: true,
  supportedEffortLevels: LEVELS,
  ...extra,
});
const MODELS = [
  row("default", "claude-opus-5-5"),
  row("opus", "claude-opus-5-5"),
  row("sonnet", "claude-sonnet-5-5", { supportedEffortLevels: ["low", "high"] }),
  row("haiku", "claude-haiku-5-5", { supportsEffort: false, supportedEffortLevels: undefined }),
];
const RECOMMEND = presentationFor(
  parseClientProfile({
    _meta: { jetbrains: { air: { version: 1, capabilities: ["recommendedValue"] } } },
  }),
);
const config = (start?: string, efforts: StartEfforts = {}, models = MODELS) =>
  new SessionConfig({ auto: false, bypass: false }, models, "default", start, RECOMMEND, efforts);
const option = (c: SessionConfig, id: string) => c.configOptions().find((o) => o.id === id);
const current = (c: SessionConfig, id: string) => option(c, id)?.currentValue;
const values = (c: SessionConfig, id: string) => {
  const o = option(c, id);
  return o?.type === "select" ? o.options.map((v) => ("value" in v ? v.value : "")) : [];
};

describe("SessionConfig with recommended values", () => {
  it("shows the recommended model and medium instead of the default rows", () => {
    const c = config();
    expect(option(c, "model")).toMatchObject({
      currentValue: "opus",
      _meta: { jetbrains: { air: { version: 1, recommendedValue: "opus" } } },
    });
    expect(values(c, "model")).toEqual(["opus", "sonnet", "haiku"]);
    expect(option(c, "effort")).toEqual({
      id: "effort",
      name: "Effort",
      description: "Available effort levels for this model",
      category: "thought_level",
      type: "select",
      currentValue: "medium",
      options: [
        { value: "low", name: "Low" },
        { value: "medium", name: "Medium" },
        { value: "high", name: "High" },
        { value: "xhigh", name: "Xhigh" },
        { value: "max", name: "Max" },
      ],
      _meta: { jetbrains: { air: { version: 1, recommendedValue: "medium" } } },
    });
    expect(c.startEffort()).toBe("medium");
    expect(c.currentModel).toBe("default"); // the SDK default still runs
  });

  it("keeps an explicit model current, the recommendation beside it", () => {
    const c = config("sonnet");
    expect(option(c, "model")).toMatchObject({
      currentValue: "sonnet",
      _meta: { jetbrains: { air: { version: 1, recommendedValue: "opus" } } },
    });
    // sonnet has no medium: the first level it offers.
    expect(option(c, "effort")).toMatchObject({
      currentValue: "low",
      _meta: { jetbrains: { air: { version: 1, recommendedValue: "low" } } },
    });
  });

  it("keeps the default row when the recommendation names no model", () => {
    const c = config(undefined, {}, [
      row("default", "claude-opus-9"),
      row("opus", "claude-opus-5-5"),
    ]);
    expect(values(c, "model")).toEqual(["default", "opus"]);
    expect(option(c, "model")).not.toHaveProperty("_meta");
    expect(current(c, "model")).toBe("default");
  });

  it("choosing the recommended model while the default runs changes nothing", () => {
    const c = config();
    expect(c.setModel("opus")).toBeUndefined();
    expect(() => c.setModel("default")).toThrow(/unknown model/);
  });

  it("shows a settings effort, and a pinned one over it", () => {
    expect(current(config(undefined, { settings: "high" }), "effort")).toBe("high");
    expect(current(config(undefined, { settings: "high", pinned: "max" }), "effort")).toBe("max");
  });

  it("keeps a picked effort across a switch while the model offers it, else recommends", () => {
    const c = config();
    expect(c.setEffort("high")).toEqual({ kind: "effort", effort: "high" });
    expect(() => c.setEffort("default")).toThrow(/unknown effort/);
    c.setModel("sonnet");
    expect(current(c, "effort")).toBe("high");
    expect(c.effortValue()).toBe("high");
    c.setEffort("low");
    c.setModel("opus");
    expect(current(c, "effort")).toBe("low");
    c.setEffort("max");
    c.setModel("sonnet");
    expect(current(c, "effort")).toBe("low"); // max is not a sonnet level: the recommendation
  });

  it("clears the effort override for a model without effort", () => {
    const c = config();
    c.setModel("haiku");
    expect(option(c, "effort")).toBeUndefined();
    expect(c.effortValue()).toBeUndefined();
  });
});

describe("applyToQuery with recommended values", () => {
  const query = (effortFails: boolean) => {
    const calls: unknown[] = [];
    const q = {
      setModel: async (model: string) => void calls.push(["model", model]),
      setEffort: async (effort: string | undefined) => {
        if (effortFails) throw new Error("no");
        calls.push(["effort", effort]);
      },
      setPermissionMode: async () => undefined,
    } as unknown as ClaudeQuery;
    return { q, calls };
  };

  it("applies the shown effort at a model switch", async () => {
    const c = config();
    const { q, calls } = query(false);
    await applyToQuery(q, c.setModel("sonnet")!, c);
    expect(calls).toEqual([
      ["model", "sonnet"],
      ["effort", "low"],
    ]);
  });

  it("a failed effort after a switch keeps the applied one when the model offers it", async () => {
    const c = config();
    c.effortApplied("high");
    c.setEffort("high");
    await applyToQuery(query(true).q, c.setModel("sonnet")!, c);
    expect(current(c, "model")).toBe("sonnet");
    expect(current(c, "effort")).toBe("high");
  });

  it("a failed effort after a switch hides the selector when the model does not offer it", async () => {
    const c = config();
    c.effortApplied("medium");
    await applyToQuery(query(true).q, c.setModel("sonnet")!, c);
    expect(current(c, "model")).toBe("sonnet");
    expect(option(c, "effort")).toBeUndefined();
    const ok = query(false);
    await applyToQuery(ok.q, c.setModel("opus")!, c);
    expect(current(c, "effort")).toBe("medium");
  });
});

describe("SessionConfig without recommended values", () => {
  it("keeps the default rows and leaves the effort to Claude Code", () => {
    const c = new SessionConfig({ auto: false, bypass: false }, MODELS, "default", undefined);
    expect(current(c, "model")).toBe("default");
    expect(values(c, "model")).toEqual(["default", "opus", "sonnet", "haiku"]);
    expect(values(c, "effort")).toEqual(["default", "low", "medium", "high", "xhigh", "max"]);
    expect(current(c, "effort")).toBe("default");
    expect(c.startEffort()).toBeUndefined();
    expect(c.effortValue()).toBeUndefined();
    expect(JSON.stringify(c.configOptions())).not.toContain("jetbrains");
  });
});

describe("a model Claude Code switched to by itself (`/model x`)", () => {
  const current = (config: SessionConfig) => config.currentModel;

  it.each([
    ["the row asked for", "sonnet", "claude-sonnet-5-5", "sonnet"],
    ["the row of the resolved id", "claude-sonnet-5-5", "claude-sonnet-5-5", "sonnet"],
    ["default for a switch back to it", null, "claude-opus-5-5", "default"],
  ])("follows %s", (_name, requested, resolved, shown) => {
    const config = configFor(plan(undefined), models);
    if (shown === "default") config.setModel("sonnet");
    expect(config.observeModel(requested, resolved)).toBe(true);
    expect(current(config)).toBe(shown);
  });

  it("is no news when the picker shows it already or offers no such row", () => {
    const config = configFor(plan(undefined), models);
    expect(config.observeModel("default", "claude-opus-5-5")).toBe(false);
    expect(config.observeModel("haiku", "claude-haiku-5-5")).toBe(false);
    expect(current(config)).toBe("default");
  });
});
