import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { eventually, PROFILES, toolCallUpdates } from "../support/acp-harness.js";
import type { RecordedRequest, ScriptedTurn, Usage } from "../support/model-server.js";
import { useScenarios } from "../support/scenario-test.js";

const scenario = useScenarios();

/** The persona of a custom agent: its system prompt carries it. */
const PERSONA = "REVIEWER-PERSONA-MARKER";

/** A command Claude Code does not allow on its own (it writes a file). */
const TOUCH = "touch made-by-test.txt";

function bashTurn(id: string, command: string) {
  return {
    blocks: [
      { type: "tool_use" as const, id, name: "Bash", input: { command, description: "run" } },
    ],
  };
}

describe("durable permission choices", () => {
  it("a Bash rule chosen once lands in local settings and stops the next identical request from asking", async () => {
    const s = await scenario({
      settings: { permissions: { defaultMode: "default" } },
      onPermission: (request) => {
        const durable = request.options.find((o) => o.optionId === "allow-with-updates");
        return { outcome: { outcome: "selected", optionId: durable?.optionId ?? "reject" } };
      },
      script: [
        bashTurn("toolu_1", TOUCH),
        { blocks: [{ type: "text", text: "first" }] },
        bashTurn("toolu_2", TOUCH),
        { blocks: [{ type: "text", text: "second" }] },
      ],
    });
    await s.initialize(PROFILES.zed);
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "status");
    expect(s.permissionRequests).toHaveLength(1);
    const durable = s.permissionRequests[0]!.options.find(
      (o) => o.optionId === "allow-with-updates",
    );
    expect(durable).toMatchObject({ kind: "allow_always", name: expect.stringContaining("touch") });
    // Claude Code writes the settings file on its own schedule.
    const localAllow = () => {
      try {
        const file = readFileSync(join(s.workspace, ".claude/settings.local.json"), "utf8");
        return JSON.stringify(JSON.parse(file).permissions?.allow ?? []);
      } catch {
        return "";
      }
    };
    await eventually(
      "the rule in settings.local.json",
      () => localAllow().includes("touch"),
      5_000,
    );
    expect(toolCallUpdates(s, sessionId, "toolu_1").at(-1)).toMatchObject({ status: "completed" });

    await s.prompt(sessionId, "again");
    expect(s.permissionRequests).toHaveLength(1);
    expect(toolCallUpdates(s, sessionId, "toolu_2").at(-1)).toMatchObject({ status: "completed" });
  });

  it("allow once changes no settings and asks again next time", async () => {
    const s = await scenario({
      settings: { permissions: { defaultMode: "default" } },
      script: [
        bashTurn("toolu_1", TOUCH),
        { blocks: [{ type: "text", text: "1" }] },
        bashTurn("toolu_2", TOUCH),
        { blocks: [{ type: "text", text: "2" }] },
      ],
    });
    await s.initialize();
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "status");
    await s.prompt(sessionId, "again");
    expect(s.permissionRequests).toHaveLength(2);
    expect(existsSync(join(s.workspace, ".claude/settings.local.json"))).toBe(false);
  });

  it("the session edit grant switches the session to accept edits", async () => {
    const s = await scenario({
      settings: { permissions: { defaultMode: "default" } },
      onPermission: () => ({ outcome: { outcome: "selected", optionId: "allow-with-updates" } }),
    });
    const a = join(s.workspace, "a.txt");
    const b = join(s.workspace, "b.txt");
    s.model.push(
      {
        blocks: [
          {
            type: "tool_use",
            id: "toolu_a",
            name: "Write",
            input: { file_path: a, content: "a\n" },
          },
        ],
      },
      {
        blocks: [
          {
            type: "tool_use",
            id: "toolu_b",
            name: "Write",
            input: { file_path: b, content: "b\n" },
          },
        ],
      },
      { blocks: [{ type: "text", text: "done" }] },
    );
    await s.initialize();
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "write both");
    expect(s.permissionRequests).toHaveLength(1);
    expect(readFileSync(a, "utf8")).toBe("a\n");
    expect(readFileSync(b, "utf8")).toBe("b\n");
    expect(s.updates(sessionId)).toContainEqual({
      sessionUpdate: "current_mode_update",
      currentModeId: "acceptEdits",
    });
  });
});

describe("modes", () => {
  it("session/new offers the Claude modes and starts in the settings' mode", async () => {
    const s = await scenario({ settings: { permissions: { defaultMode: "acceptEdits" } } });
    await s.initialize();
    const response = await s.agent.request("session/new", { cwd: s.workspace, mcpServers: [] });
    expect(response.modes?.currentModeId).toBe("acceptEdits");
    expect(response.modes?.availableModes.map((m) => [m.id, m.name])).toEqual([
      ["default", "Manual"],
      ["acceptEdits", "Accept edits"],
      ["plan", "Plan"],
      ["auto", "Auto"],
    ]);
    const modeOption = response.configOptions?.find((o) => o.id === "mode");
    expect(modeOption).toMatchObject({
      category: "mode",
      type: "select",
      currentValue: "acceptEdits",
    });
  });

  it("session/set_mode changes Claude's behaviour and reports the mode option", async () => {
    const s = await scenario({ settings: { permissions: { defaultMode: "default" } } });
    const file = join(s.workspace, "x.txt");
    s.model.push(
      {
        blocks: [
          {
            type: "tool_use",
            id: "toolu_w",
            name: "Write",
            input: { file_path: file, content: "x\n" },
          },
        ],
      },
      { blocks: [{ type: "text", text: "done" }] },
    );
    await s.initialize();
    const sessionId = await s.newSession();
    const before = s.updates(sessionId).length;
    await s.agent.request("session/set_mode", { sessionId, modeId: "acceptEdits" });
    // As upstream: the change is told in the form the client did not use, the option list.
    const told = s
      .updates(sessionId)
      .slice(before)
      .filter(
        (u) => u.sessionUpdate.endsWith("mode_update") || u.sessionUpdate.startsWith("config"),
      );
    expect(told.map((u) => u.sessionUpdate)).toEqual(["config_option_update"]);
    const options = "configOptions" in told[0]! ? told[0].configOptions : [];
    expect(options.find((o) => o.id === "mode")?.currentValue).toBe("acceptEdits");
    await s.prompt(sessionId, "write");
    expect(s.permissionRequests).toEqual([]);
    expect(readFileSync(file, "utf8")).toBe("x\n");
  });

  it("the mode config option works too, and an unknown value is invalidParams and changes nothing", async () => {
    const s = await scenario({ settings: { permissions: { defaultMode: "default" } } });
    await s.initialize();
    const sessionId = await s.newSession();
    const answer = await s.agent.request("session/set_config_option", {
      sessionId,
      configId: "mode",
      value: "plan",
    });
    expect(answer.configOptions.find((o) => o.id === "mode")).toMatchObject({
      currentValue: "plan",
    });
    expect(s.updates(sessionId)).toContainEqual({
      sessionUpdate: "current_mode_update",
      currentModeId: "plan",
    });
    for (const bad of [
      { configId: "mode", value: "godMode" },
      { configId: "mode", value: "bypassPermissions" },
      { configId: "nope", value: "x" },
    ]) {
      await expect(
        s.agent.request("session/set_config_option", { sessionId, ...bad }),
      ).rejects.toMatchObject({ code: -32602 });
    }
    await expect(
      s.agent.request("session/set_mode", { sessionId, modeId: "dontAsk" }),
    ).rejects.toMatchObject({ code: -32602 });
    const after = await s.agent.request("session/set_config_option", {
      sessionId,
      configId: "mode",
      value: "plan",
    });
    expect(after.configOptions.find((o) => o.id === "mode")).toMatchObject({
      currentValue: "plan",
    });
  });
});

describe("bypassPermissions", () => {
  it("as root with IS_SANDBOX=yes, a bypass default falls back to Manual with a notice", async () => {
    const s = await scenario({
      settings: { permissions: { defaultMode: "bypassPermissions" } },
      env: { IS_SANDBOX: "yes" },
      script: [{ blocks: [{ type: "text", text: "hi" }] }],
    });
    await s.initialize({ session: { notices: {} } });
    const response = await s.agent.request("session/new", { cwd: s.workspace, mcpServers: [] });
    expect(response.modes?.currentModeId).toBe("default");
    expect(response.modes?.availableModes.map((m) => m.id)).not.toContain("bypassPermissions");
    expect((await s.prompt(response.sessionId, "hi")).stopReason).toBe("end_turn");
    expect(s.updates(response.sessionId).find((u) => u.sessionUpdate === "notice")).toMatchObject({
      sessionUpdate: "notice",
      severity: "warning",
      title: "Started in Manual mode",
    });
  });

  it("is offered with IS_SANDBOX=1, and removed by allowDangerouslySkipPermissions: false", async () => {
    const s = await scenario({
      settings: { permissions: { defaultMode: "bypassPermissions" } },
      env: { IS_SANDBOX: "1" },
    });
    await s.initialize();
    const offered = await s.agent.request("session/new", { cwd: s.workspace, mcpServers: [] });
    expect(offered.modes?.currentModeId).toBe("bypassPermissions");
    expect(offered.modes?.availableModes.map((m) => m.id)).toContain("bypassPermissions");
    const removed = await s.agent.request("session/new", {
      cwd: s.workspace,
      mcpServers: [],
      _meta: { claudeCode: { options: { allowDangerouslySkipPermissions: false } } },
    });
    expect(removed.modes?.currentModeId).toBe("default");
    expect(removed.modes?.availableModes.map((m) => m.id)).not.toContain("bypassPermissions");
  });
});

describe("ExitPlanMode", () => {
  const plan = "1. Write hello.txt\n2. Done";

  /** Claude Code names the plan file in plan mode's instructions; the scripted model writes it. */
  const writePlan = (req: RecordedRequest, usage?: Usage): ScriptedTurn => {
    const path =
      /create your plan at (\S+\.md)/.exec(JSON.stringify(req.body))?.[1] ?? "/nonexistent/plan.md";
    return {
      ...(usage ? { usage } : {}),
      blocks: [
        {
          type: "tool_use",
          id: "toolu_plan",
          name: "Write",
          input: { file_path: path, content: plan },
        },
      ],
    };
  };

  async function planScenario(optionId: string) {
    const s = await scenario({
      settings: { permissions: { defaultMode: "plan" } },
      onPermission: () => ({ outcome: { outcome: "selected", optionId } }),
      script: [
        writePlan,
        { blocks: [{ type: "tool_use", id: "toolu_exit", name: "ExitPlanMode", input: {} }] },
        { blocks: [{ type: "text", text: "after the plan" }] },
      ],
    });
    await s.initialize();
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "plan it");
    return { s, sessionId };
  }

  it("offers manual, one elevated mode, its clear-context variant and reject; an approved plan switches the mode and the title", async () => {
    const { s, sessionId } = await planScenario("exit-plan-default");
    expect(s.permissionRequests[0]!.options.map((o) => [o.optionId, o.kind])).toEqual([
      ["exit-plan-default", "allow_once"],
      ["exit-plan-auto", "allow_always"],
      ["exit-plan-clear-auto", "allow_always"],
      ["reject", "reject_once"],
    ]);
    expect(toolCallUpdates(s, sessionId, "toolu_exit")[0]).toMatchObject({ kind: "switch_mode" });
    const titles = toolCallUpdates(s, sessionId, "toolu_exit").flatMap((u) =>
      u.title ? [u.title] : [],
    );
    expect(titles.at(-1)).toBe("Exited Plan Mode");
    expect(titles).toContain("Approve Plan");
    expect(s.updates(sessionId)).toContainEqual({
      sessionUpdate: "current_mode_update",
      currentModeId: "default",
    });
  });

  it("a rejected plan keeps plan mode", async () => {
    const { s, sessionId } = await planScenario("reject");
    expect(toolCallUpdates(s, sessionId, "toolu_exit").at(-1)).toMatchObject({ status: "failed" });
    expect(s.updates(sessionId).filter((u) => u.sessionUpdate === "current_mode_update")).toEqual(
      [],
    );
  });

  it("the clear-context choice continues the same turn in a new conversation with the plan, keeping the model, agent, effort, Fast mode and the turn's usage", async () => {
    // Claude Code asks for ExitPlanMode as soon as its block ends, before it read the
    // call's message_delta (its final 20 output tokens). The delta is held until the
    // adapter took the user's choice in (the call shows completed): the handoff must
    // still carry the call's final usage, not the 1 token message_start counted.
    let releaseEnd!: () => void;
    const endAfter = new Promise<void>((resolve) => (releaseEnd = resolve));
    const s = await scenario({
      // The settings' model is not the session's: a handoff that fell back to it shows.
      settings: { permissions: { defaultMode: "plan" }, model: "sonnet" },
      onPermission: () => ({ outcome: { outcome: "selected", optionId: "exit-plan-clear-auto" } }),
      script: [
        (req) => writePlan(req, { input_tokens: 100, output_tokens: 10 }),
        {
          blocks: [{ type: "tool_use", id: "toolu_exit", name: "ExitPlanMode", input: {} }],
          usage: { input_tokens: 200, output_tokens: 20 },
          endAfter,
        },
        {
          blocks: [{ type: "text", text: "after the plan" }],
          usage: { input_tokens: 400, output_tokens: 40 },
        },
      ],
    });
    const agents = join(s.workspace, ".claude", "agents");
    mkdirSync(agents, { recursive: true });
    writeFileSync(
      join(agents, "reviewer.md"),
      `---\nname: reviewer\ndescription: Reviews code\n---\n${PERSONA}: you review code.\n`,
    );
    await s.initialize();
    const sessionId = await s.newSession();
    for (const [configId, value] of [
      ["model", "opus"],
      ["effort", "low"],
      ["fast", "on"],
      ["agent", "reviewer"],
    ]) {
      await s.agent.request("session/set_config_option", { sessionId, configId, value });
    }
    const choiceTaken = eventually("the clear-context choice taken in", () =>
      toolCallUpdates(s, sessionId, "toolu_exit").some((u) => u.status === "completed"),
    ).finally(releaseEnd);
    const response = await s.prompt(sessionId, "plan it");
    await choiceTaken;
    expect(response.stopReason).toBe("end_turn");
    // The one answer counts the turn's usage in both conversations.
    expect(response.usage).toMatchObject({ inputTokens: 700, outputTokens: 70 });
    const requests = s.model.mainRequests();
    // S000 "Permission modes": the mode (the one chosen), model, agent, effort and Fast
    // mode stay the same in the new conversation.
    const kept = (body: Record<string, unknown>) => ({
      model: body.model,
      effort: (body.output_config as { effort?: unknown } | undefined)?.effort,
      speed: body.speed,
      persona: JSON.stringify(body.system).includes(PERSONA),
    });
    const before = kept(requests[0]!.body);
    expect(before).toEqual({
      model: "claude-opus-5-5",
      effort: "low",
      speed: "fast",
      persona: true,
    });
    expect(kept(requests.at(-1)!.body)).toEqual(before);
    const last = JSON.stringify(requests.at(-1)!.body.messages);
    expect(last).toContain("Implement the following plan:");
    expect(last).toContain("1. Write hello.txt");
    // A new conversation: the planning prompt is not in it.
    expect(last).not.toContain("plan it");
    expect(s.agentText(sessionId)).toContain("after the plan");
    expect(s.updates(sessionId)).toContainEqual({
      sessionUpdate: "current_mode_update",
      currentModeId: "auto",
    });
    const exit = toolCallUpdates(s, sessionId, "toolu_exit");
    expect(exit.at(-1)).toMatchObject({ status: "completed", title: "Exited Plan Mode" });
    expect(exit.some((u) => u.status === "failed")).toBe(false);
    // The internal rejection never reaches the client.
    expect(JSON.stringify(s.updates(sessionId))).not.toContain("continues in a new conversation");
  });
});
