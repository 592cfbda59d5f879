import { methods } from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import { useScenarios } from "../support/scenario-test.js";

const scenario = useScenarios();

const answers = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    blocks: [{ type: "text" as const, text: `answer ${i}` }],
  }));

describe("model and effort", () => {
  it("session/new lists Claude Code's models with clean labels and the effort levels", async () => {
    const s = await scenario();
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
  });

  it("a model and an effort chosen mid-session reach the next model request, and a bad value changes nothing", async () => {
    const s = await scenario({ script: answers(4) });
    await s.initialize();
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "first");
    const afterModel = await s.agent.request("session/set_config_option", {
      sessionId,
      configId: "model",
      value: "sonnet",
    });
    expect(afterModel.configOptions.find((o) => o.id === "model")).toMatchObject({
      currentValue: "sonnet",
    });
    expect(s.updates(sessionId)).toContainEqual(
      expect.objectContaining({ sessionUpdate: "config_option_update" }),
    );
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
