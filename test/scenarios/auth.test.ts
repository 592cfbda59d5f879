import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { ADAPTER_BIN, eventually, PROFILES, scenarioEnv } from "../support/acp-harness.js";
import { commandLine, niceValue, processesWithEnv } from "../support/processes.js";
import { useScenarios } from "../support/scenario-test.js";

const scenario = useScenarios();

describe("auth methods", () => {
  it("a client that cannot run a terminal login gets none", async () => {
    const s = await scenario();
    expect((await s.initialize(PROFILES.plain)).authMethods).toEqual([]);
  });

  it("a Zed terminal-auth client gets the login commands in _meta", async () => {
    const s = await scenario();
    const init = await s.initialize(PROFILES.zed);
    expect(init.authMethods?.map((m) => m.id)).toEqual(["claude-ai-login", "console-login"]);
    expect(init.authMethods?.[0]).toMatchObject({
      name: "Claude Subscription",
      _meta: {
        "terminal-auth": {
          command: process.execPath,
          args: [ADAPTER_BIN, "--cli", "auth", "login", "--claudeai"],
          label: "Claude Subscription",
        },
      },
    });
    expect(init.authMethods?.[0]).not.toHaveProperty("type");
  });

  it("an ACP auth.terminal client gets terminal methods", async () => {
    const s = await scenario();
    const init = await s.initialize({ auth: { terminal: true } });
    expect(init.authMethods?.[1]).toEqual({
      id: "console-login",
      name: "Anthropic Console",
      description: "Log in with an Anthropic Console account (usage billing)",
      type: "terminal",
      args: ["--cli", "auth", "login", "--console"],
    });
  });

  it("authenticate takes only the offered methods", async () => {
    const s = await scenario();
    await s.initialize(PROFILES.zed);
    await expect(s.agent.request("authenticate", { methodId: "claude-ai-login" })).resolves.toEqual(
      {},
    );
    await expect(s.agent.request("authenticate", { methodId: "gateway" })).rejects.toMatchObject({
      code: -32602,
    });
  });

  it("the adapter's --cli runs Claude Code (what the terminal login executes)", async () => {
    const s = await scenario();
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [ADAPTER_BIN, "--cli", "auth", "status", "--json"],
      {
        env: scenarioEnv(s.model.url, s.configDir, s.root),
      },
    );
    expect(JSON.parse(stdout)).toMatchObject({ loggedIn: true, authMethod: "api_key" });
  });
});

describe("auth status", () => {
  it("advertises authStatus and pushes the login state after initialize", async () => {
    const s = await scenario();
    const init = await s.initialize();
    expect(init.agentCapabilities?._meta).toMatchObject({ authStatus: {} });
    await eventually("the auth status", () =>
      s.extNotifications.some((n) => n.method === "_auth/status_update"),
    );
    expect(s.extNotifications.find((n) => n.method === "_auth/status_update")?.params).toEqual({
      authStatus: { kind: "api_key", label: "API key", detail: "ANTHROPIC_API_KEY" },
    });
  });

  it("probes after a first session has started, not beside its Claude Code start", async () => {
    const s = await scenario();
    await s.initialize();
    const sessionId = await s.newSession();
    await eventually("the auth status", () =>
      s.extNotifications.some((n) => n.method === "_auth/status_update"),
    );
    const sent = s.sentByAdapter();
    const answered = sent.findIndex(
      (m) => "result" in m && (m.result as { sessionId?: unknown } | null)?.sessionId === sessionId,
    );
    const status = sent.findIndex((m) => "method" in m && m.method === "_auth/status_update");
    expect(answered).toBeGreaterThan(-1);
    expect(status).toBeGreaterThan(answered);
  });

  it("runs the probe's Claude Code at the lowest priority", async () => {
    const s = await scenario();
    await s.initialize();
    // The probe's priority is set just after it starts: the last reading counts.
    const readings: number[] = [];
    await eventually("the auth status probe to run and end", () => {
      const probe = processesWithEnv("CLAUDE_CONFIG_DIR", s.configDir).find((pid) =>
        commandLine(pid).includes(" auth status --json"),
      );
      const nice = probe === undefined ? undefined : niceValue(probe);
      if (nice !== undefined) readings.push(nice);
      return readings.length > 0 && probe === undefined;
    });
    expect(readings.at(-1)).toBe(19);
  });

  it("says nobody is logged in without credentials, and only once", async () => {
    const s = await scenario({ env: { ANTHROPIC_API_KEY: undefined } });
    await s.initialize();
    await eventually("the auth status", () =>
      s.extNotifications.some((n) => n.method === "_auth/status_update"),
    );
    const sessionId = await s.newSession();
    await expect(s.prompt(sessionId, "hi")).rejects.toMatchObject({ code: -32000 });
    await new Promise((r) => setTimeout(r, 1500));
    expect(s.extNotifications.filter((n) => n.method === "_auth/status_update")).toEqual([
      {
        method: "_auth/status_update",
        params: { authStatus: { kind: "none", label: "Not logged in" } },
      },
    ]);
  });
});
