import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PROFILES } from "../support/acp-harness.js";
import { useScenarios } from "../support/scenario-test.js";
import { BYPASS, bashTurn, textTurn } from "../support/script-turns.js";

const scenario = useScenarios();

describe.each(Object.entries(PROFILES))(
  "initialize and session/new (%s client)",
  (_name, profile) => {
    // One adapter for both: the session comes after the initialize it checks.
    it("initialize is honest about what exists; the session id is Claude Code's own: its transcript is stored under it", async () => {
      const s = await scenario({ script: [{ blocks: [{ type: "text", text: "stored" }] }] });
      const init = await s.initialize(profile);
      expect(init).toEqual({
        protocolVersion: 1,
        agentInfo: {
          name: "claude-agent-acp",
          title: "Claude Agent",
          version: expect.stringMatching(/^\d+\.\d+\.\d+/),
        },
        agentCapabilities: {
          loadSession: true,
          promptCapabilities: { image: true, embeddedContext: true },
          mcpCapabilities: { http: true, sse: true },
          providers: {},
          // The quotas RFD and the session-rewind RFD (issue 33).
          quota: {},
          rewindSession: { supported: true, supportsEditPrompt: true },
          sessionCapabilities: {
            additionalDirectories: {},
            list: {},
            resume: {},
            fork: { atMessageId: true },
            close: {},
            delete: {},
            // The standard unstable session methods (issue 33).
            status: {},
            title: {},
            archive: {},
            systemPrompt: { mode: { override: {} } },
            subagents: {},
          },
          auth: { logout: {}, status: {} },
          _meta: { claudeCode: { promptQueueing: true }, authStatus: {} },
        },
        // Terminal logins only for a client that can run them (auth.test.ts has the shapes).
        authMethods: profile === PROFILES.zed ? expect.any(Array) : [],
        // A JetBrains shared key: every client gets it (steering-and-goal.test.ts).
        _meta: { steering: { supported: true } },
      });
      expect(JSON.stringify(init)).not.toContain("jetbrains");

      const sessionId = await s.newSession();
      await s.prompt(sessionId, "remember me");
      const projects = readdirSync(join(s.configDir, "projects"));
      const files = projects.flatMap((p) => readdirSync(join(s.configDir, "projects", p)));
      expect(files).toContain(`${sessionId}.jsonl`);
    });
  },
);

describe("session/new options", () => {
  it("passes _meta.claudeCode.options through to Claude Code (model, env)", async () => {
    const s = await scenario({
      ...BYPASS,
      script: [bashTurn('echo "marker=$ACP_TEST_MARKER"'), textTurn("done")],
    });
    await s.initialize();
    const sessionId = await s.newSession({
      _meta: {
        claudeCode: {
          options: { model: "haiku", env: { ACP_TEST_MARKER: "from-meta" } },
        },
      },
    });
    await s.prompt(sessionId, "go");
    const [first, second] = s.model.mainRequests();
    expect(first!.body.model).toMatch(/^claude-haiku-/);
    expect(JSON.stringify(second!.body.messages)).toContain("marker=from-meta");
  });

  it("the adapter's cwd wins over a pass-through cwd", async () => {
    const s = await scenario({
      settings: { permissions: { defaultMode: "bypassPermissions" } },
      env: { IS_SANDBOX: "1" },
      script: [
        {
          blocks: [
            { type: "tool_use", name: "Bash", input: { command: "pwd", description: "where" } },
          ],
        },
        { blocks: [{ type: "text", text: "done" }] },
      ],
    });
    await s.initialize();
    const sessionId = await s.newSession({ _meta: { claudeCode: { options: { cwd: "/" } } } });
    await s.prompt(sessionId, "where am I");
    expect(JSON.stringify(s.model.mainRequests()[1]!.body.messages)).toContain(s.workspace);
  });

  it("additionalDirectories reach Claude Code", async () => {
    const s = await scenario({ script: [{ blocks: [{ type: "text", text: "ok" }] }] });
    const extra = join(s.root, "extra-dir");
    mkdirSync(extra);
    await s.initialize();
    const response = await s.agent.request("session/new", {
      cwd: s.workspace,
      mcpServers: [],
      additionalDirectories: [extra],
    });
    await s.prompt(response.sessionId, "hi");
    expect(JSON.stringify(s.model.mainRequests()[0]!.body)).toContain(extra);
  });

  it("the legacy _meta.additionalRoots reach Claude Code; the ACP field wins over them; relative additionalDirectories are invalidParams", async () => {
    const s = await scenario({ script: [{ blocks: [{ type: "text", text: "ok" }] }] });
    const legacy = join(s.root, "legacy-root");
    const field = join(s.root, "field-dir");
    mkdirSync(legacy);
    mkdirSync(field);
    await s.initialize();
    const first = await s.agent.request("session/new", {
      cwd: s.workspace,
      mcpServers: [],
      _meta: { additionalRoots: [legacy] },
    });
    await s.prompt(first.sessionId, "hi");
    expect(JSON.stringify(s.model.mainRequests()[0]!.body)).toContain(legacy);
    s.model.push({ blocks: [{ type: "text", text: "ok" }] });
    const second = await s.agent.request("session/new", {
      cwd: s.workspace,
      mcpServers: [],
      additionalDirectories: [field],
      _meta: { additionalRoots: [legacy] },
    });
    await s.prompt(second.sessionId, "hi");
    const body = JSON.stringify(s.model.mainRequests()[1]!.body);
    expect([body.includes(field), body.includes(legacy)]).toEqual([true, false]);
    await expect(
      s.agent.request("session/new", {
        cwd: s.workspace,
        mcpServers: [],
        _meta: { additionalRoots: "not-a-list" },
      }),
    ).rejects.toMatchObject({ code: -32602 });
    await expect(
      s.agent.request("session/new", {
        cwd: s.workspace,
        mcpServers: [],
        additionalDirectories: ["rel"],
      }),
    ).rejects.toMatchObject({ code: -32602 });
  });

  it("the legacy _meta.disableBuiltInTools offers Claude no built-in tool", async () => {
    // Without tools the prompt's request looks like a side request to the model server,
    // which answers it without the script: find it by its text.
    const s = await scenario();
    await s.initialize();
    const sessionId = await s.newSession({ _meta: { disableBuiltInTools: true } });
    await s.prompt(sessionId, "a prompt for no tools");
    const request = s.model.requests.find((r) =>
      JSON.stringify(r.body.messages ?? []).includes("a prompt for no tools"),
    );
    expect(request?.body.tools ?? []).toEqual([]);
  });

  it("_meta.claudeCode.emitRawSDKMessages taps every SDK message as _claude/sdkMessage", async () => {
    const s = await scenario({
      script: [
        { blocks: [{ type: "text", text: "tapped" }] },
        { blocks: [{ type: "text", text: "quiet" }] },
      ],
    });
    await s.initialize();
    const tapped = await s.newSession({ _meta: { claudeCode: { emitRawSDKMessages: true } } });
    await s.prompt(tapped, "hi");
    const raw = s.extNotifications
      .filter((n) => n.method === "_claude/sdkMessage")
      .map((n) => n.params as { sessionId: string; message: { type: string } });
    expect(raw.every((n) => n.sessionId === tapped)).toBe(true);
    expect(raw.map((n) => n.message.type)).toEqual(
      expect.arrayContaining(["system", "assistant", "result"]),
    );
    const quiet = await s.newSession();
    await s.prompt(quiet, "hi");
    const sessions = s.extNotifications
      .filter((n) => n.method === "_claude/sdkMessage")
      .map((n) => (n.params as { sessionId: string }).sessionId);
    expect(new Set(sessions)).toEqual(new Set([tapped]));
  });

  it("the session starts in the permission mode the user's settings name", async () => {
    // acceptEdits: Claude Code writes the file without asking the client.
    const s = await scenario({ settings: { permissions: { defaultMode: "acceptEdits" } } });
    const target = join(s.workspace, "note.txt");
    s.model.push(
      {
        blocks: [
          { type: "tool_use", name: "Write", input: { file_path: target, content: "written\n" } },
        ],
      },
      { blocks: [{ type: "text", text: "done" }] },
    );
    await s.initialize();
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "write it");
    expect(s.permissionRequests).toEqual([]);
    expect(readFileSync(target, "utf8")).toBe("written\n");
  });
});

describe("session titles", () => {
  it("session_info_update tells the first title and a /rename, before the answer, once each", async () => {
    const s = await scenario({
      script: [
        { blocks: [{ type: "text", text: "Hello!" }] },
        { blocks: [{ type: "text", text: "Again." }] },
      ],
    });
    await s.initialize();
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "Fix the greeting in hello.txt");
    await s.prompt(sessionId, "and now?");
    await s.prompt(sessionId, "/rename Greeting fixes");
    const titles = s
      .updates(sessionId)
      .filter((u) => u.sessionUpdate === "session_info_update")
      .map((u) => (u.sessionUpdate === "session_info_update" ? [u.title, typeof u.updatedAt] : []));
    expect(titles).toEqual([
      ["Fix the greeting in hello.txt", "string"],
      ["Greeting fixes", "string"],
    ]);
    // Each title went out before the answer of its turn.
    const sent = s.sentByAdapter();
    const renameAnswer = sent.findLastIndex(
      (m) => "result" in m && (m.result as { stopReason?: string })?.stopReason === "end_turn",
    );
    const renameTitle = sent.findIndex((m) =>
      JSON.stringify(m).includes('"title":"Greeting fixes"'),
    );
    expect(renameTitle).toBeLessThan(renameAnswer);
  });
});
