import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  ADAPTER_BIN,
  eventually,
  PROFILES,
  scenarioEnv,
  type Scenario,
  type ScenarioOptions,
} from "../support/acp-harness.js";
import { commandLine, niceValue, processesWithEnv } from "../support/processes.js";
import { useScenarios } from "../support/scenario-test.js";
import { claudeExecutable } from "../../src/sdk/claude-binary.js";

const scenario = useScenarios();

describe("auth methods", () => {
  it("a client that cannot run a terminal login gets none", async () => {
    const s = await scenario();
    expect((await s.initialize(PROFILES.plain)).authMethods).toEqual([]);
  });

  it("a Zed terminal-auth client gets terminal methods with the login commands in _meta", async () => {
    const s = await scenario();
    const init = await s.initialize(PROFILES.zed);
    expect(init.authMethods?.map((m) => m.id)).toEqual(["claude-ai-login", "console-login"]);
    expect(init.authMethods?.[0]).toEqual({
      id: "claude-ai-login",
      name: "Claude Subscription",
      description: "Use Claude subscription ",
      type: "terminal",
      args: ["--cli", "auth", "login", "--claudeai"],
      _meta: {
        "terminal-auth": {
          command: process.execPath,
          args: [ADAPTER_BIN, "--cli", "auth", "login", "--claudeai"],
          label: "Claude Login",
        },
      },
    });
  });

  it("an ACP auth.terminal client gets terminal methods", async () => {
    const s = await scenario();
    const init = await s.initialize({ auth: { terminal: true } });
    expect(init.authMethods?.[1]).toEqual({
      id: "console-login",
      name: "Anthropic Console",
      description: "Use Anthropic Console (API usage billing)",
      type: "terminal",
      args: ["--cli", "auth", "login", "--console"],
    });
  });

  it("authenticate takes only the gateway methods: a terminal login id is invalid params", async () => {
    const s = await scenario();
    await s.initialize(PROFILES.zed);
    // A terminal login runs in the client's terminal (ACP: the client never passes it to
    // authenticate); the gateway methods need the gateway capability.
    for (const methodId of ["claude-ai-login", "console-login", "claude-login"]) {
      await expect(s.agent.request("authenticate", { methodId })).rejects.toMatchObject({
        code: -32602,
        message: `Invalid params: auth method "${methodId}" is a terminal login: the client runs it in a terminal, not through authenticate`,
      });
    }
    await expect(s.agent.request("authenticate", { methodId: "gateway" })).rejects.toMatchObject({
      code: -32602,
      message: 'Invalid params: unknown auth method "gateway"',
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

/** Waits until the scenario's `claude auth status` probe has started and ended. */
async function probeRan(s: Scenario): Promise<void> {
  let seen = false;
  await eventually(
    "the auth status probe to run and end",
    () => {
      const running = processesWithEnv("CLAUDE_CONFIG_DIR", s.configDir).some((pid) =>
        commandLine(pid).includes(" auth status --json"),
      );
      seen ||= running;
      return seen && !running;
    },
    40_000,
  );
}

/**
 * Sync point: every probe asked for so far has ended and pushed what it would. A
 * `logout` with no route set (nothing to end) probes once more;
 * probes run one at a time (`AuthTracker.refresh`: a new one follows the one running),
 * each pushes before it ends, and the answer waits for its own probe. A probe that a
 * failed prompt asks for is asked for before the prompt's error answer.
 */
async function probesEnded(s: Scenario): Promise<void> {
  await s.agent.request("logout", {});
}

/** A key the scripted model takes (it checks none). */
const KEY = "sk-ant-test-key-111111";

const apiKeyUpdate = (detail: string) => ({
  method: "_auth/status_update",
  params: { authStatus: { kind: "api_key", label: "Anthropic API key", detail } },
});

describe("auth status", () => {
  const statusUpdates = (s: Scenario) =>
    s.extNotifications.filter((n) => n.method === "_auth/status_update");

  it("advertises authStatus; the first probe after initialize pushes the state it read, once; each prompt reads it again and pushes only a change", async () => {
    // The key comes from a helper in the user settings (Claude Code's `apiKeySource`).
    const s = await scenario({
      env: { ANTHROPIC_API_KEY: undefined },
      settings: { apiKeyHelper: `echo ${KEY}` },
      script: [
        { blocks: [{ type: "text", text: "answer" }] },
        { blocks: [{ type: "text", text: "second" }] },
        { blocks: [{ type: "text", text: "third" }] },
      ],
    });
    const init = await s.initialize();
    expect(init.agentCapabilities?._meta).toMatchObject({ authStatus: {} });
    const probed = probeRan(s); // watched from before the session starts: it may be quick
    const sessionId = await s.newSession();
    await probed;
    expect((await s.prompt(sessionId, "hi")).stopReason).toBe("end_turn");
    await eventually("the first auth status push", () => statusUpdates(s).length > 0);
    // The prompt's own probe read the same state.
    await probesEnded(s);
    const helper = apiKeyUpdate("apiKeyHelper");
    expect(statusUpdates(s)).toEqual([helper]);
    // Signed in another way in a terminal (here: the key in the settings' environment):
    // the next prompt's probe finds it, with no authenticate.
    writeFileSync(
      join(s.configDir, "settings.json"),
      JSON.stringify({ permissions: { defaultMode: "default" }, env: { ANTHROPIC_API_KEY: KEY } }),
    );
    expect((await s.prompt(sessionId, "again")).stopReason).toBe("end_turn");
    await eventually("the changed state's push", () => statusUpdates(s).length > 1, 30_000);
    const environment = apiKeyUpdate("ANTHROPIC_API_KEY");
    expect(statusUpdates(s)).toEqual([helper, environment]);
    // Nothing changed: the third prompt's probe pushes nothing.
    expect((await s.prompt(sessionId, "once more")).stopReason).toBe("end_turn");
    await probesEnded(s);
    expect(statusUpdates(s)).toEqual([helper, environment]);
  });

  it("pushes the state when a sign-in changed it, and only then", async () => {
    const s = await scenario({ env: { ANTHROPIC_API_KEY: undefined } });
    await s.initialize(PROFILES.zed);
    const probed = probeRan(s);
    const sessionId = await s.newSession();
    await probed;
    // No credentials: the prompt fails and the state is probed again, unchanged.
    await expect(s.prompt(sessionId, "hi")).rejects.toMatchObject({ code: -32000 });
    await probesEnded(s);
    const signedOut = {
      method: "_auth/status_update",
      params: { authStatus: { kind: "none", label: "Not logged in" } },
    };
    expect(statusUpdates(s)).toEqual([signedOut]);
    // An authenticate with a terminal login id is refused (it changes nothing).
    await expect(
      s.agent.request("authenticate", { methodId: "console-login" }),
    ).rejects.toMatchObject({ code: -32602 });
    // The user signs in in a terminal (here: a key helper in the user settings), and the
    // client reconnects (ACP "Terminal authentication"): the new adapter's probe pushes it.
    writeFileSync(
      join(s.configDir, "settings.json"),
      JSON.stringify({ apiKeyHelper: "echo sk-ant-test-key-000000" }),
    );
    await s.restartAdapter();
    await s.initialize(PROFILES.zed);
    const probedAgain = probeRan(s);
    const again = await s.newSession();
    await probedAgain;
    // Signed in: the prompt runs (and probes again, if the first probe could not tell).
    s.model.push({ blocks: [{ type: "text", text: "signed in" }] });
    expect((await s.prompt(again, "hi")).stopReason).toBe("end_turn");
    // (The harness keeps only the new connection's traffic.)
    await eventually("the new state", () => statusUpdates(s).length === 1, 30_000);
    expect(statusUpdates(s)).toEqual([
      {
        method: "_auth/status_update",
        params: {
          authStatus: { kind: "api_key", label: "Anthropic API key", detail: "apiKeyHelper" },
        },
      },
    ]);
  });

  /**
   * Opens a session right behind initialize, with every Claude Code launch logged: the
   * scenario, the launches in order (the probe's is `claude auth status`), and the indexes
   * in the adapter's traffic of the session's answer and of the first push, once pushed.
   */
  async function sessionBehindInitialize(dir: string, options: ScenarioOptions) {
    const launches = join(dir, "launches");
    const logged = join(dir, "claude");
    writeFileSync(
      logged,
      `#!/bin/sh\necho "$1" >> ${launches}\nexec "${claudeExecutable()}" "$@"\n`,
      { mode: 0o755 },
    );
    const s = await scenario({
      ...options,
      env: { ...options.env, CLAUDE_CODE_EXECUTABLE: logged },
    });
    // An editor sends session/new right after initialize. Both go in one write: the
    // adapter reads them together and marks the session's start as its request arrives,
    // in the same turn of its event loop as initialize, so before the first probe's
    // wait for a first session can end, however late the machine lets it run.
    const request = (id: number, method: string, params: unknown) =>
      JSON.stringify({ jsonrpc: "2.0", id, method, params });
    s.writeRaw(
      `${request(1001, "initialize", { protocolVersion: 1, clientCapabilities: PROFILES.plain })}\n` +
        `${request(1002, "session/new", { cwd: s.workspace, mcpServers: [] })}\n`,
    );
    await eventually("the first auth status push", () => statusUpdates(s).length > 0, 30_000);
    const sent = s.sentByAdapter();
    const answer = sent.findIndex((m) => "id" in m && m.id === 1002 && "result" in m);
    const push = sent.findIndex(
      (m) => "method" in m && m.method === "_auth/status_update" && !("id" in m),
    );
    const order = () => readFileSync(launches, "utf8").trim().split("\n");
    const answered = sent[answer] as { result?: { sessionId?: string } } | undefined;
    return { s, answer, push, order, sessionId: answered?.result?.sessionId ?? "" };
  }

  it("a key from the environment: the session's start tells the state, and no probe runs", async () => {
    const dir = mkdtempSync(join(tmpdir(), "acp-launches-"));
    try {
      const { s, answer, push, order, sessionId } = await sessionBehindInitialize(dir, {
        script: [{ blocks: [{ type: "text", text: "answer" }] }],
      });
      expect(answer).toBeGreaterThanOrEqual(0);
      expect(push).toBeGreaterThanOrEqual(0);
      expect(statusUpdates(s)).toEqual([apiKeyUpdate("ANTHROPIC_API_KEY")]);
      // Sync point: a prompt's answer. The first probe was due 200 ms after initialize at
      // the latest, and a prompt probes (when it does) as it starts.
      expect((await s.prompt(sessionId, "hi")).stopReason).toBe("end_turn");
      expect(order()).not.toContain("auth");
      expect(statusUpdates(s)).toHaveLength(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("probes after a first session has started, not beside its Claude Code start", async () => {
    const dir = mkdtempSync(join(tmpdir(), "acp-launches-"));
    try {
      // A key from a helper: the session's start does not tell that login; the probe does.
      const {
        answer,
        push,
        order: launched,
      } = await sessionBehindInitialize(dir, {
        env: { ANTHROPIC_API_KEY: undefined },
        settings: { apiKeyHelper: `echo ${KEY}` },
      });
      // The push ends the probe (it pushes what it read). The session's Claude Code was up
      // (its answer) before the probe's push, and it launched first: the probe's Claude
      // Code launched last.
      expect(answer).toBeGreaterThanOrEqual(0);
      expect(push).toBeGreaterThan(answer);
      const order = launched();
      expect(order.indexOf("auth")).toBe(order.length - 1);
      expect(order.length).toBeGreaterThan(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("a prompt never waits for its probe: it answers while the probe still runs", async () => {
    // A Claude Code whose `auth status` waits, once armed, until the test releases it; it
    // ignores the probe's timeout (SIGTERM), so the probe lasts exactly until the release
    // (or until the folder is gone: a failed run leaves no process behind).
    const dir = mkdtempSync(join(tmpdir(), "acp-held-probe-"));
    try {
      const held = join(dir, "claude");
      const armed = join(dir, "armed");
      const started = join(dir, "started");
      const release = join(dir, "release");
      writeFileSync(
        held,
        [
          "#!/bin/sh",
          `if [ "$1" = auth ] && [ -f ${armed} ]; then`,
          `  trap '' TERM; touch ${started}`,
          `  while [ -f ${armed} ] && [ ! -f ${release} ]; do sleep 0.05; done`,
          "fi",
          `exec "${claudeExecutable()}" "$@"`,
          "",
        ].join("\n"),
        { mode: 0o755 },
      );
      const s = await scenario({
        env: { CLAUDE_CODE_EXECUTABLE: held },
        script: [{ blocks: [{ type: "text", text: "answered" }] }],
      });
      await s.initialize();
      const sessionId = await s.newSession();
      // The first probe (not held) has ended once it pushed what it read.
      await eventually("the first push", () => statusUpdates(s).length > 0, 40_000);
      writeFileSync(armed, "");
      // A login in a terminal changed the user settings (their size): the prompt probes.
      // (Unchanged login files since the first probe would leave the prompt without one.)
      const settings = join(s.configDir, "settings.json");
      writeFileSync(settings, `${readFileSync(settings, "utf8")}\n`);
      // The prompt starts a probe that cannot end before the release: the answer comes.
      expect((await s.prompt(sessionId, "hi")).stopReason).toBe("end_turn");
      expect(s.agentText(sessionId)).toBe("answered");
      await eventually("the prompt's probe to start", () => existsSync(started), 40_000);
      expect(existsSync(release)).toBe(false);
      writeFileSync(release, "");
      await probesEnded(s);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
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
});

/**
 * A stored Claude account login, as `claude /login` leaves it (the token is never used):
 * Claude Code then reports a Claude subscription. Returns the file.
 */
function writeSubscriptionLogin(configDir: string): string {
  const file = join(configDir, ".credentials.json");
  writeFileSync(
    file,
    JSON.stringify({
      claudeAiOauth: {
        accessToken: "sk-ant-oat01-test",
        refreshToken: "sk-ant-ort01-test",
        expiresAt: Date.now() + 3_600_000,
        scopes: ["user:inference"],
        subscriptionType: "pro",
      },
    }),
  );
  return file;
}

describe("logout", () => {
  it("advertises auth.logout; logout keeps Claude Code's own login (the machine's), and probes again", async () => {
    const s = await scenario({ env: { ANTHROPIC_API_KEY: undefined } });
    const credentials = writeSubscriptionLogin(s.configDir);
    const stored = readFileSync(credentials, "utf8");
    const init = await s.initialize();
    expect(init.agentCapabilities?.auth).toEqual({ logout: {}, status: {} });
    const probed = probeRan(s);
    await s.newSession();
    await probed;
    const probedAgain = probeRan(s);
    await expect(s.agent.request("logout", {})).resolves.toEqual({});
    // The answer comes after the new probe: the state it read was unchanged, so no push.
    await probedAgain;
    // No `claude auth logout`: the stored login every terminal's Claude Code uses is intact.
    expect(readFileSync(credentials, "utf8")).toBe(stored);
    const updates = s.extNotifications.filter((n) => n.method === "_auth/status_update");
    expect(
      updates.map((n) => (n.params as { authStatus: { kind: string } }).authStatus.kind),
    ).toEqual(["account"]);
  });
});

describe("the auth probe and the adapter's end", () => {
  it("a probe still running when the client goes away ends with the adapter", async () => {
    // A Claude Code whose `auth status` never answers (a probe on a very busy machine).
    const dir = mkdtempSync(join(tmpdir(), "acp-slow-claude-"));
    try {
      const slow = join(dir, "claude");
      writeFileSync(
        slow,
        `#!/bin/sh\nif [ "$1" = auth ]; then exec sleep 60; fi\nexec "${claudeExecutable()}" "$@"\n`,
        { mode: 0o755 },
      );
      const s = await scenario({ env: { CLAUDE_CODE_EXECUTABLE: slow } });
      await s.initialize();
      await eventually("the probe to run", () =>
        processesWithEnv("CLAUDE_CONFIG_DIR", s.configDir).some((pid) =>
          commandLine(pid).startsWith("sleep 60"),
        ),
      );
      // close() fails when a process of the scenario is still running afterwards.
      await s.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("--hide-claude-auth and a Claude subscription login", () => {
  it("a prompt billed to the subscription is authRequired with the reason", async () => {
    const s = await scenario({
      args: ["--hide-claude-auth"],
      env: { ANTHROPIC_API_KEY: undefined },
    });
    const login = writeSubscriptionLogin(s.configDir);
    await s.initialize();
    const sessionId = await s.newSession();
    const error = await s.prompt(sessionId, "hi").catch((e: unknown) => e);
    expect(error).toMatchObject({
      code: -32000,
      data: { reason: "claude_subscription_not_supported" },
    });
    expect(s.model.mainRequests()).toHaveLength(0);

    // The user swaps the login for an API key in a terminal and sends the prompt again:
    // the prompt's own probe sees it (no authenticate), and the session's Claude Code,
    // started on the subscription login, is replaced before the turn.
    const claudeCodes = () =>
      processesWithEnv("CLAUDE_CONFIG_DIR", s.configDir).filter((pid) =>
        / --output-format stream-json /.test(commandLine(pid)),
      );
    const started = claudeCodes();
    expect(started.length).toBeGreaterThan(0);
    rmSync(login);
    writeFileSync(
      join(s.configDir, "settings.json"),
      JSON.stringify({ permissions: { defaultMode: "default" }, apiKeyHelper: `echo ${KEY}` }),
    );
    s.model.push({ blocks: [{ type: "text", text: "on the key" }] });
    expect((await s.prompt(sessionId, "hi again")).stopReason).toBe("end_turn");
    expect(s.agentText(sessionId)).toBe("on the key");
    const now = claudeCodes();
    expect(now.filter((pid) => started.includes(pid))).toEqual([]);
    expect(now.length).toBeGreaterThan(0);
  });

  it("an API key is served as usual", async () => {
    const s = await scenario({
      args: ["--hide-claude-auth"],
      script: [{ blocks: [{ type: "text", text: "ok" }] }],
    });
    await s.initialize();
    const sessionId = await s.newSession();
    expect((await s.prompt(sessionId, "hi")).stopReason).toBe("end_turn");
  });
});
