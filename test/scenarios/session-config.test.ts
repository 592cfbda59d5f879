import { methods } from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import { useScenarios } from "../support/scenario-test.js";

const scenario = useScenarios();

const answers = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    blocks: [{ type: "text" as const, text: `answer ${i}` }],
  }));

describe("model and effort", () => {
  it("session/new lists Claude Code's models with clean labels and the effort levels; a model and an effort chosen mid-session reach the next model request, and a bad value changes nothing", async () => {
    const s = await scenario({ script: answers(4) });
    await s.initialize();
    const response = await s.agent.request("session/new", { cwd: s.workspace, mcpServers: [] });
    const model = response.configOptions?.find((o) => o.id === "model");
    expect(model).toMatchObject({ category: "model", type: "select", currentValue: "default" });
    const names =
      model?.type === "select" ? model.options.map((o) => ("name" in o ? o.name : "")) : [];
    expect(names).toContain("Sonnet 5.5");
    expect(names).toContain("Opus 5.5");
    const effort = response.configOptions?.find((o) => o.id === "effort");
    expect(effort).toMatchObject({ category: "thought_level", currentValue: "default" });

    const sessionId = response.sessionId;
    await s.prompt(sessionId, "first");
    const afterModel = await s.agent.request("session/set_config_option", {
      sessionId,
      configId: "model",
      value: "sonnet",
    });
    expect(afterModel.configOptions.find((o) => o.id === "model")).toMatchObject({
      currentValue: "sonnet",
    });
    // The answer carries the options: no update tells them again (as upstream).
    expect(s.updates(sessionId).map((u) => u.sessionUpdate)).not.toContain("config_option_update");
    await s.prompt(sessionId, "second");
    await s.agent.request("session/set_config_option", {
      sessionId,
      configId: "effort",
      value: "low",
    });
    await s.prompt(sessionId, "third");
    for (const bad of [
      { configId: "model", value: "gpt-9" },
      { configId: "effort", value: "ludicrous" },
    ]) {
      await expect(
        s.agent.request("session/set_config_option", { sessionId, ...bad }),
      ).rejects.toMatchObject({ code: -32602 });
    }
    await s.prompt(sessionId, "fourth");

    const [first, second, third, fourth] = s.model.mainRequests().map((r) => r.body);
    expect(first.model).toBe("claude-opus-5-5");
    expect(second.model).toBe("claude-sonnet-5-5");
    expect(third.output_config).toMatchObject({ effort: "low" });
    expect(third.model).toBe("claude-sonnet-5-5");
    expect(fourth.model).toBe("claude-sonnet-5-5");
    expect(fourth.output_config).toMatchObject({ effort: "low" });
  });

  it("a model switched with a typed /model shows in the picker", async () => {
    const s = await scenario({ script: answers(1) });
    await s.initialize();
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "/model sonnet");
    const updates = s
      .updates(sessionId)
      .filter((u) => u.sessionUpdate === "config_option_update")
      .map((u) => ("configOptions" in u ? u.configOptions : []))
      .map((options) => options.find((o) => o.id === "model")?.currentValue);
    expect(updates).toEqual(["sonnet"]);
    await s.prompt(sessionId, "hello");
    expect(s.model.mainRequests().at(-1)!.body.model).toBe("claude-sonnet-5-5");
  });

  it("effort is kept across a model switch while the new model supports it", async () => {
    const s = await scenario({ script: answers(1) });
    await s.initialize();
    const sessionId = await s.newSession();
    await s.agent.request("session/set_config_option", {
      sessionId,
      configId: "effort",
      value: "high",
    });
    const after = await s.agent.request("session/set_config_option", {
      sessionId,
      configId: "model",
      value: "haiku",
    });
    expect(after.configOptions.find((o) => o.id === "effort")).toMatchObject({
      currentValue: "high",
    });
    await s.prompt(sessionId, "go");
    expect(s.model.mainRequests()[0]!.body).toMatchObject({
      model: "claude-haiku-5-5",
      output_config: { effort: "high" },
    });
  });

  it("the legacy session/set_model works too", async () => {
    const s = await scenario({ script: answers(1) });
    await s.initialize();
    const sessionId = await s.newSession();
    await s.agent.request("session/set_model", { sessionId, modelId: "haiku" });
    await s.prompt(sessionId, "go");
    expect(s.model.mainRequests()[0]!.body.model).toBe("claude-haiku-5-5");
    await expect(
      s.agent.request("session/set_model", { sessionId, modelId: "nope" }),
    ).rejects.toMatchObject({ code: -32602 });
  });

  it("the model in the user's settings is the session's model", async () => {
    const s = await scenario({ settings: { model: "sonnet" }, script: answers(1) });
    await s.initialize();
    const response = await s.agent.request("session/new", { cwd: s.workspace, mcpServers: [] });
    expect(response.configOptions?.find((o) => o.id === "model")).toMatchObject({
      currentValue: "sonnet",
    });
    const sessionId = response.sessionId;
    await s.prompt(sessionId, "go");
    expect(s.model.mainRequests()[0]!.body.model).toBe("claude-sonnet-5-5");
  });
});

describe("a resumed session", () => {
  it("keeps the mode and the model it last ran with", async () => {
    const s = await scenario({ script: answers(2) });
    await s.initialize();
    const sessionId = await s.newSession();
    await s.agent.request("session/set_mode", { sessionId, modeId: "acceptEdits" });
    await s.agent.request("session/set_config_option", {
      sessionId,
      configId: "model",
      value: "sonnet",
    });
    await s.prompt(sessionId, "first");
    await s.agent.request("session/close", { sessionId });

    const resumed = await s.agent.request("session/resume", {
      sessionId,
      cwd: s.workspace,
      mcpServers: [],
    });
    expect(resumed.modes?.currentModeId).toBe("acceptEdits");
    expect(resumed.configOptions?.find((o) => o.id === "model")).toMatchObject({
      currentValue: "sonnet",
    });
    await s.prompt(sessionId, "second");
    expect(s.model.mainRequests().map((r) => r.body.model)).toEqual([
      "claude-sonnet-5-5",
      "claude-sonnet-5-5",
    ]);
  });
});

describe("an unknown model", () => {
  const unknown = {
    code: -32602,
    message: 'Invalid params: unknown model "claude-bogus-1"',
    data: { value: "claude-bogus-1" },
  };
  const asWire = (error: unknown) => {
    const { code, message, data } = error as { code: number; message: string; data: unknown };
    return { code, message, data };
  };

  it("is rejected the same way on every path, and never reaches the API", async () => {
    const s = await scenario({ script: [{ blocks: [{ type: "text", text: "ok" }] }] });
    await s.initialize();
    // 1. session/new with `_meta.claudeCode.options.model`.
    const viaMeta = await s
      .newSession({ _meta: { claudeCode: { options: { model: "claude-bogus-1" } } } })
      .catch(asWire);
    expect(viaMeta).toEqual(unknown);
    // 2. session/set_model and 3. session/set_config_option on a session.
    const sessionId = await s.newSession();
    const viaSetModel = await s.agent
      .request("session/set_model", { sessionId, modelId: "claude-bogus-1" })
      .catch(asWire);
    expect(viaSetModel).toEqual(unknown);
    const viaConfig = await s.agent
      .request(methods.agent.session.setConfigOption, {
        sessionId,
        configId: "model",
        value: "claude-bogus-1",
      })
      .catch(asWire);
    expect(viaConfig).toEqual(unknown);
    // The session still works, with its model; nothing asked the API for the bogus one.
    expect((await s.prompt(sessionId, "hi")).stopReason).toBe("end_turn");
    const asked = s.model.requests.map((r) => (r.body as { model?: unknown }).model);
    expect(asked).not.toContain("claude-bogus-1");
  });
});

describe("fast mode and ultracode", () => {
  const ULTRACODE_ON = "Ultracode is on";
  const systemTexts = (body: Record<string, unknown>) =>
    JSON.stringify(
      (body.messages as unknown[]).filter((m) => (m as { role?: string }).role === "system"),
    );

  it("a plain client gets on/off selects; each switch reaches the model's next request", async () => {
    const s = await scenario({ script: answers(3) });
    await s.initialize();
    const response = await s.agent.request("session/new", { cwd: s.workspace, mcpServers: [] });
    const sessionId = response.sessionId;
    const select = (id: string, name: string, description: string) => ({
      id,
      name,
      description,
      category: "model_config",
      type: "select",
      currentValue: "off",
      options: [
        { value: "on", name: "On" },
        { value: "off", name: "Off" },
      ],
    });
    expect(response.configOptions?.filter((o) => o.category === "model_config")).toEqual([
      select("fast", "Fast mode", "Faster responses on supported models"),
      select("ultracode", "Ultracode", "Dynamic workflows on every task, at any effort level"),
    ]);
    await s.prompt(sessionId, "first");
    const on = await s.agent.request("session/set_config_option", {
      sessionId,
      configId: "fast",
      value: "on",
    });
    expect(on.configOptions.find((o) => o.id === "fast")).toMatchObject({ currentValue: "on" });
    await s.agent.request("session/set_config_option", {
      sessionId,
      configId: "ultracode",
      value: "on",
    });
    await s.prompt(sessionId, "second");
    for (const bad of [
      { configId: "fast", value: true },
      { configId: "ultracode", value: "maybe" },
    ]) {
      await expect(
        s.agent.request("session/set_config_option", { sessionId, ...bad }),
      ).rejects.toMatchObject({ code: -32602 });
    }
    await s.agent.request("session/set_config_option", {
      sessionId,
      configId: "fast",
      value: "off",
    });
    await s.prompt(sessionId, "third");

    const [first, second, third] = s.model.mainRequests();
    expect(first!.body.speed).toBeUndefined();
    expect(systemTexts(first!.body)).not.toContain(ULTRACODE_ON);
    expect(second!.body.speed).toBe("fast");
    expect(systemTexts(second!.body)).toContain(ULTRACODE_ON);
    expect(third!.body.speed).toBeUndefined();
  });

  it("a client that declared boolean config options gets boolean switches", async () => {
    const s = await scenario({ script: answers(1) });
    await s.initialize({ session: { configOptions: { boolean: {} } } } as never);
    const response = await s.agent.request("session/new", { cwd: s.workspace, mcpServers: [] });
    const sessionId = response.sessionId;
    expect(response.configOptions?.find((o) => o.id === "fast")).toEqual({
      id: "fast",
      name: "Fast mode",
      description: "Faster responses on supported models",
      category: "model_config",
      type: "boolean",
      currentValue: false,
    });
    const after = await s.agent.request("session/set_config_option", {
      sessionId,
      configId: "fast",
      type: "boolean",
      value: true,
    });
    expect(after.configOptions.find((o) => o.id === "fast")).toMatchObject({ currentValue: true });
    await expect(
      s.agent.request("session/set_config_option", { sessionId, configId: "fast", value: "on" }),
    ).rejects.toMatchObject({ code: -32602 });
    await s.prompt(sessionId, "fast please");
    expect(s.model.mainRequests()[0]!.body.speed).toBe("fast");
  });

  it("a model without fast mode shows no fast switch", async () => {
    const s = await scenario({ script: answers(1) });
    await s.initialize();
    const sessionId = await s.newSession();
    const after = await s.agent.request("session/set_config_option", {
      sessionId,
      configId: "model",
      value: "sonnet",
    });
    expect(after.configOptions.map((o) => o.id)).toEqual(["mode", "model", "effort", "ultracode"]);
    await expect(
      s.agent.request("session/set_config_option", { sessionId, configId: "fast", value: "on" }),
    ).rejects.toMatchObject({ code: -32602 });
  });
});
