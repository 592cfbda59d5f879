import { spawnSync } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { ADAPTER_BIN, eventually } from "../support/acp-harness.js";
import { rawInitialize, V2Scenario } from "../support/acp-v2-client.js";
import { startModelServer, type ScriptedTurn } from "../support/model-server.js";
import { bashTurn, textTurn } from "../support/script-turns.js";

const open: V2Scenario[] = [];
afterEach(async () => {
  const results = await Promise.allSettled(open.splice(0).map((s) => s.close()));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === "rejected");
  if (failed) throw failed.reason;
});
async function scenario(options: Parameters<typeof V2Scenario.start>[0] = {}): Promise<V2Scenario> {
  const s = await V2Scenario.start(options);
  open.push(s);
  return s;
}

const V2_INITIALIZE = {
  protocolVersion: 2,
  info: { name: "raw-v2-client", version: "1" },
  capabilities: {},
};
const V1_INITIALIZE = { protocolVersion: 1, clientCapabilities: {} };

describe("ACP v2 (draft): a client that asks for 2 gets v2", () => {
  it("initialize answers v2's info and capabilities, nothing of v1's shape", async () => {
    const s = await scenario();
    const answer = await s.initialize();
    expect(answer).toEqual({
      protocolVersion: 2,
      info: { name: "claude-agent-acp", title: "Claude Agent", version: expect.any(String) },
      capabilities: {
        session: {
          prompt: { image: {}, embeddedContext: {} },
          mcp: { stdio: {}, http: {} },
          delete: {},
          fork: {},
          additionalDirectories: {},
          systemPrompt: { mode: { override: {} } },
          archive: {},
          status: {},
          title: {},
        },
        providers: {},
        auth: { status: {} },
        // `quota: {}` too, which the ACP SDK's client drops (acp-v2-account.test.ts reads it raw).
        // Upstream's v2 keeps these v1 keys: prompt queueing, the sign-in state push.
        _meta: { claudeCode: { promptQueueing: true }, authStatus: {} },
      },
      // Always listed (upstream's v2 answer): no method fits a client without terminal auth.
      authMethods: [],
    });
    // The provider methods are the v1 ones, on the same agent.
    expect(await s.agent.request("providers/list", {})).toEqual({
      providers: [
        {
          providerId: "main",
          supported: ["anthropic", "bedrock", "vertex"],
          required: false,
          current: { apiType: "anthropic", baseUrl: s.model.url },
        },
      ],
    });
    await expect(
      s.agent.request("providers/set", { providerId: "main", apiType: "anthropic", baseUrl: "x" }),
    ).rejects.toMatchObject({ code: -32602 });
  });

  it("a streamed turn: the prompt answers the inserted message id, state_update running then idle", async () => {
    const s = await scenario({
      script: [
        {
          id: "msg_first",
          blocks: [{ type: "text", text: "The answer is forty-two.", deltas: 3 }],
        },
      ],
    });
    await s.initialize();
    const created = await s.agent.request("session/new", { cwd: s.workspace });
    // Config options in v2's shape (the mode is one of them), and Claude Code's commands.
    expect(created.configOptions?.map((o) => o.configId)).toContain("mode");
    expect(created.availableCommands?.map((c) => c.name)).toContain("compact");
    for (const c of created.availableCommands ?? []) expect(c.type).toBe("command");
    const sessionId = created.sessionId;

    const { messageId } = await s.prompt(sessionId, "What is the answer?");
    expect(messageId).toEqual(expect.any(String));
    // The answer goes out right after the user message, the running state after it
    // (upstream's v2 order).
    const sentAt = (find: (m: Record<string, unknown>) => boolean) =>
      s.sent.findIndex((m) => find(m as Record<string, unknown>));
    const answeredAt = sentAt(
      (m) => JSON.stringify(m.result ?? null) === JSON.stringify({ messageId }),
    );
    const updateAt = (kind: string) =>
      sentAt(
        (m) =>
          m.method === "session/update" &&
          (m.params as { update: { sessionUpdate: string } }).update.sessionUpdate === kind,
      );
    await eventually("the running state", () => s.states(sessionId).length > 0);
    expect([updateAt("user_message") + 1, updateAt("state_update") - 1]).toEqual([
      answeredAt,
      answeredAt,
    ]);
    await eventually("the idle state", () => s.states(sessionId).includes("idle:end_turn"));

    expect(s.states(sessionId)).toEqual(["running", "idle:end_turn"]);
    const updates = s.updates(sessionId);
    expect(updates).toContainEqual({
      sessionUpdate: "user_message",
      messageId,
      content: [{ type: "text", text: "What is the answer?" }],
    });
    const chunks = updates.filter((u) => u.sessionUpdate === "agent_message_chunk");
    expect(chunks).toHaveLength(3);
    for (const chunk of chunks) {
      expect(chunk).toEqual({
        sessionUpdate: "agent_message_chunk",
        messageId: "msg_first",
        content: { type: "text", text: expect.any(String) },
      });
    }
    expect(s.agentText(sessionId)).toBe("The answer is forty-two.");
    // The work ends with the idle state: it follows every chunk.
    const kinds = updates.map((u) => u.sessionUpdate);
    expect(kinds.lastIndexOf("state_update")).toBeGreaterThan(
      kinds.lastIndexOf("agent_message_chunk"),
    );
    // No v1-only kinds reach a v2 client.
    for (const kind of ["tool_call", "current_mode_update", "plan"]) {
      expect(kinds).not.toContain(kind);
    }
    for (const command of updates.filter((u) => u.sessionUpdate === "available_commands_update")) {
      for (const c of (command as { availableCommands: Array<{ type: string }> })
        .availableCommands) {
        expect(c.type).toBe("command");
      }
    }

    // session/list finds the session; session/close ends it.
    const listed = await s.agent.request("session/list", { cwd: s.workspace });
    expect(listed.sessions.map((row) => row.sessionId)).toContain(sessionId);
    expect(await s.agent.request("session/close", { sessionId })).toEqual({});
  });

  it("session/new takes a system prompt (override replaces Claude Code's instructions)", async () => {
    const s = await scenario({ script: [textTurn("ok")] });
    await s.initialize();
    const created = await s.agent.request("session/new", {
      cwd: s.workspace,
      systemPrompt: { mode: "override", content: [{ type: "text", text: "V2-OVERRIDE" }] },
    });
    await s.prompt(created.sessionId, "hello there");
    await eventually("the main request", () => s.model.mainRequests().length === 1);
    const system = JSON.stringify(s.model.mainRequests()[0]!.body.system);
    expect(system).toContain("V2-OVERRIDE");
    expect(system).not.toContain("# Harness");
    await expect(
      s.agent.request("session/new", {
        cwd: s.workspace,
        systemPrompt: { mode: "prepend", content: [{ type: "text", text: "X" }] },
      }),
    ).rejects.toMatchObject({ code: -32602 });
  });

  it("cancel ends the running prompt: idle with stop reason cancelled", async () => {
    const slow: ScriptedTurn = {
      blocks: [{ type: "text", text: "slow ".repeat(200), deltas: 200 }],
      delayMs: 30,
    };
    const s = await scenario({ script: [slow] });
    await s.initialize();
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "take your time");
    await eventually("the first chunk", () => s.agentText(sessionId).length > 0);
    await s.cancel(sessionId);
    await eventually("the idle state", () => s.states(sessionId).includes("idle:cancelled"));
    expect(s.states(sessionId)).toEqual(["running", "idle:cancelled"]);
  });

  it("a prompt for an unknown session is an error, not a message id", async () => {
    const s = await scenario();
    await s.initialize();
    await expect(s.prompt("no-such-session", "hi")).rejects.toMatchObject({ code: -32602 });
  });
});

describe("ACP v2 (draft): tools, permissions, config options, stored sessions", () => {
  it("a permission request has title and subject; the tool call is upserted; requires_action while asked", async () => {
    const s = await scenario({
      script: [bashTurn("touch v2-ok.txt", "toolu_v2"), textTurn("done")],
    });
    await s.initialize();
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "run it");
    await eventually("the idle state", () => s.states(sessionId).includes("idle:end_turn"), 30_000);

    expect(s.permissionRequests).toHaveLength(1);
    const request = s.permissionRequests[0]!;
    expect(request).toMatchObject({
      sessionId,
      title: expect.stringContaining("touch v2-ok.txt"),
      subject: {
        type: "tool_call",
        toolCall: {
          toolCallId: "toolu_v2",
          name: "Bash",
          content: [{ type: "terminal", terminalId: "toolu_v2" }],
        },
      },
    });
    expect(request).not.toHaveProperty("toolCall");
    expect(s.states(sessionId)).toEqual(["running", "requires_action", "running", "idle:end_turn"]);

    const reports = s.updates(sessionId).filter((u) => u.sessionUpdate === "tool_call_update");
    expect(reports.length).toBeGreaterThan(0);
    for (const report of reports) expect(report).toMatchObject({ toolCallId: "toolu_v2" });
    // The first upsert names the tool; none carries v1's claudeCode tool name or response.
    expect(reports[0]).toMatchObject({ name: "Bash" });
    expect(reports.slice(1).filter((r) => "name" in r)).toEqual([]);
    expect(JSON.stringify(reports)).not.toMatch(/toolName|toolResponse/);
    expect(reports.at(-1)).toMatchObject({ status: "completed" });
    expect(s.updates(sessionId).map((u) => u.sessionUpdate)).not.toContain("tool_call");

    // The command runs in a display terminal: named with its command, its output and
    // exit before the tool call's final status; the extension's keys are gone.
    const all = s.updates(sessionId);
    const terminal = all.filter((u) => u.sessionUpdate === "terminal_update");
    expect(terminal).toContainEqual(
      expect.objectContaining({ terminalId: "toolu_v2", command: "touch v2-ok.txt" }),
    );
    expect(terminal.at(-1)).toEqual({
      sessionUpdate: "terminal_update",
      terminalId: "toolu_v2",
      exitStatus: { exitCode: 0 },
      capabilities: null,
    });
    expect(all.indexOf(terminal.at(-1)!)).toBeLessThan(all.indexOf(reports.at(-1)!));
    expect((reports.at(-1) as { content?: unknown }).content).toEqual([
      { type: "terminal", terminalId: "toolu_v2" },
    ]);
    for (const r of reports) {
      const meta = (r as { _meta?: Record<string, unknown> })._meta ?? {};
      for (const key of ["terminal_info", "terminal_output", "terminal_exit"]) {
        expect(meta).not.toHaveProperty(key);
      }
    }
  });

  it("session/set_config_option sets the mode; the answer is v2's config options; ExitPlanMode's plan as markdown", async () => {
    const plan = "1. Write hello.txt\n2. Done";
    const s = await scenario({
      onPermission: (request) => {
        const exit = request.options.find((o) => o.optionId === "exit-plan-default");
        const option = exit ?? request.options.find((o) => o.kind === "allow_once")!;
        return { outcome: { outcome: "selected", optionId: option.optionId } };
      },
      script: [
        // Claude Code names the plan file in plan mode's instructions; the model writes it.
        (req) => ({
          blocks: [
            {
              type: "tool_use",
              id: "toolu_plan",
              name: "Write",
              input: {
                file_path:
                  /create your plan at (\S+\.md)/.exec(JSON.stringify(req.body))?.[1] ??
                  "/nonexistent/plan.md",
                content: plan,
              },
            },
          ],
        }),
        { blocks: [{ type: "tool_use", id: "toolu_exit", name: "ExitPlanMode", input: {} }] },
        textTurn("after the plan"),
      ],
    });
    await s.initialize();
    const sessionId = await s.newSession();
    const answer = await s.agent.request("session/set_config_option", {
      sessionId,
      configId: "mode",
      type: "id",
      value: "plan",
    });
    const mode = answer.configOptions.find((o) => o.configId === "mode");
    expect(mode).toMatchObject({ type: "select", currentValue: "plan" });
    expect(answer.configOptions.every((o) => !("id" in o))).toBe(true);

    // The plan to approve: v2's markdown plan variant (no client capability asks for it).
    await s.prompt(sessionId, "plan it");
    await s.idle(sessionId, 1, 60_000);
    expect(s.updates(sessionId).filter((u) => u.sessionUpdate === "plan_update")).toEqual([
      {
        sessionUpdate: "plan_update",
        plan: { type: "markdown", planId: "plan-mode:toolu_exit", content: plan },
      },
    ]);
    expect(s.agentText(sessionId)).toBe("after the plan");
  });

  it("resume with replay, fork and delete of a stored session", async () => {
    const s = await scenario({
      script: [{ id: "msg_stored", blocks: [{ type: "text", text: "Noted: blue." }] }],
    });
    await s.initialize();
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "My favourite colour is blue.");
    await eventually("the idle state", () => s.states(sessionId).includes("idle:end_turn"));
    await s.agent.request("session/close", { sessionId });
    const before = s.updates(sessionId).length;

    const resumed = await s.agent.request("session/resume", {
      sessionId,
      cwd: s.workspace,
      replayFrom: { type: "start" },
    });
    expect(resumed.configOptions?.map((o) => o.configId)).toContain("mode");
    const replay = s.updates(sessionId).slice(before);
    expect(replay).toContainEqual({
      sessionUpdate: "user_message_chunk",
      messageId: expect.any(String),
      content: { type: "text", text: "My favourite colour is blue." },
    });
    expect(replay).toContainEqual({
      sessionUpdate: "agent_message_chunk",
      messageId: "msg_stored",
      content: { type: "text", text: "Noted: blue." },
    });
    // The state snapshot comes after the replay, before the answer.
    expect(replay.at(-1)).toEqual({ sessionUpdate: "state_update", state: "idle", background: [] });

    const forked = await s.agent.request("session/fork", { sessionId, cwd: s.workspace });
    expect(forked.sessionId).not.toBe(sessionId);
    expect(await s.agent.request("session/delete", { sessionId: forked.sessionId })).toEqual({});
    const listed = await s.agent.request("session/list", { cwd: s.workspace });
    expect(listed.sessions.map((row) => row.sessionId)).not.toContain(forked.sessionId);
  });
});

describe("ACP v2 (draft): auth", () => {
  it("a client with terminal auth gets v2 auth methods; auth/login checks the method id", async () => {
    const s = await scenario();
    const answer = await s.initialize({ auth: { terminal: {} } });
    expect(answer.authMethods?.length).toBeGreaterThan(0);
    for (const method of answer.authMethods ?? []) {
      expect(method).toMatchObject({ type: "terminal", methodId: expect.any(String) });
      expect(method).not.toHaveProperty("id");
    }
    await expect(s.agent.request("auth/login", { methodId: "nope" })).rejects.toMatchObject({
      code: -32602,
    });
    // A terminal login runs in the client's terminal, never through auth/login (as v1).
    for (const method of answer.authMethods ?? []) {
      const { methodId } = method as { methodId: string };
      await expect(s.agent.request("auth/login", { methodId })).rejects.toMatchObject({
        code: -32602,
        message: `Invalid params: auth method "${methodId}" is a terminal login: the client runs it in a terminal, not through authenticate`,
      });
    }
  });

  it("a client that declares the gateway signs in through it with auth/login's _meta, as v1's authenticate", async () => {
    const gateway = await startModelServer({ script: [textTurn("from the gateway")] });
    try {
      const s = await scenario();
      const answer = await s.initialize({ auth: { _meta: { gateway: true } } });
      expect(answer.authMethods?.filter((m) => "_meta" in m)).toEqual([
        {
          type: "agent",
          methodId: "gateway",
          name: "Custom model gateway",
          description: "Use a custom gateway to authenticate and access models",
          _meta: { gateway: { protocol: "anthropic" } },
        },
        {
          type: "agent",
          methodId: "gateway-bedrock",
          name: "Custom model gateway",
          description: "Use a custom gateway to authenticate and access models",
          _meta: { gateway: { protocol: "bedrock" } },
        },
      ]);
      await expect(
        s.agent.request("auth/login", {
          methodId: "gateway",
          _meta: { gateway: { baseUrl: "x" } },
        }),
      ).rejects.toMatchObject({ code: -32602 });
      expect(
        await s.agent.request("auth/login", {
          methodId: "gateway",
          _meta: { gateway: { baseUrl: gateway.url, headers: { "x-gateway-key": "k-1" } } },
        }),
      ).toEqual({});
      expect(await s.agent.request("providers/list", {})).toMatchObject({
        providers: [{ current: { apiType: "anthropic", baseUrl: gateway.url } }],
      });
      const sessionId = await s.newSession();
      await s.prompt(sessionId, "hello there");
      await s.idle(sessionId, 1, 60_000);
      expect(s.agentText(sessionId)).toBe("from the gateway");
      expect(s.model.mainRequests()).toHaveLength(0);
      expect(gateway.mainRequests()[0]?.headers["x-gateway-key"]).toBe("k-1");
    } finally {
      await gateway.close();
    }
  });

  it("a client without it is offered none", async () => {
    const s = await scenario();
    expect((await s.initialize()).authMethods).toEqual([]);
  });
});

describe("CLAUDE_AGENT_ACP_PROTOCOL", () => {
  it.each([
    ["unset", undefined, V2_INITIALIZE, 2],
    ["empty", "", V2_INITIALIZE, 2],
    ["auto", "auto", V2_INITIALIZE, 2],
    ["auto", "auto", V1_INITIALIZE, 1],
    ["v1 (negotiates a v2 client down)", "v1", V2_INITIALIZE, 1],
    ["v2", "v2", V2_INITIALIZE, 2],
  ])("%s: the answer's version", async (_name, value, params, version) => {
    const answer = (await rawInitialize(params, { CLAUDE_AGENT_ACP_PROTOCOL: value })) as {
      result: { protocolVersion: number; agentInfo?: unknown; info?: unknown };
    };
    expect(answer.result.protocolVersion).toBe(version);
    // Each version's own shape: v1 names agentInfo, v2 info.
    expect(answer.result).toHaveProperty(version === 1 ? "agentInfo" : "info");
    expect(answer.result).not.toHaveProperty(version === 1 ? "info" : "agentInfo");
  });

  it("v2 rejects a v1 client's initialize with unsupported protocol version", async () => {
    const answer = await rawInitialize(V1_INITIALIZE, { CLAUDE_AGENT_ACP_PROTOCOL: "v2" });
    expect(answer).toEqual({
      jsonrpc: "2.0",
      id: 1,
      error: {
        code: -32022,
        message: "Unsupported protocol version",
        data: { requested: 1, supported: [2] },
      },
    });
  });

  it("another value stops the adapter at start-up with a message on stderr", () => {
    const run = spawnSync(process.execPath, [ADAPTER_BIN], {
      input: "",
      env: { ...process.env, CLAUDE_AGENT_ACP_PROTOCOL: "v3" },
      encoding: "utf8",
      timeout: 10_000,
    });
    expect(run.status).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toBe(
      'claude-agent-acp: CLAUDE_AGENT_ACP_PROTOCOL must be "v1", "v2" or "auto", not "v3"\n',
    );
  });
});
