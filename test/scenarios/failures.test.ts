import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { RequestError } from "@agentclientprotocol/sdk/unstable";
import { eventually, PROFILES, type Scenario } from "../support/acp-harness.js";
import { commandLine, processesWithEnv } from "../support/processes.js";
import { useScenarios } from "../support/scenario-test.js";
import {
  BYPASS,
  bashTurn,
  claudeProcess,
  HANGING_COMMAND,
  scenarioProcesses,
  shellRunning,
  textTurn,
} from "../support/script-turns.js";

const scenario = useScenarios();

/** An upstream error body full of what must never reach the user. */
const LEAKY_MESSAGE =
  "quota exceeded for key sk-ant-api03-LEAKEDKEY123456 via https://admin:hunter22@gateway.example.com/v1 " +
  "(upstream http://10.20.30.40:8443/internal/messages) config /root/.claude/credentials.json " +
  "Authorization: Bearer eyJhbGciOiJIUzI1NiJ9.leaked.token\n    at Gateway.forward (/srv/gateway/lib/proxy.js:88:13)";
const LEAKS = [
  "sk-ant-api03-LEAKEDKEY123456",
  "hunter22",
  "10.20.30.40",
  "/root/.claude",
  "eyJhbGciOiJIUzI1NiJ9",
  "/srv/gateway",
  "127.0.0.1",
  "sk-ant-test-key",
];

/** The uuid Claude Code stored the prompt `text` under, in the scenario's transcripts. */
function storedPromptId(s: Scenario, text: string): string {
  const projects = join(s.configDir, "projects");
  for (const dir of readdirSync(projects)) {
    for (const file of readdirSync(join(projects, dir)).filter((f) => f.endsWith(".jsonl"))) {
      for (const line of readFileSync(join(projects, dir, file), "utf8").split("\n")) {
        const entry = line ? (JSON.parse(line) as Record<string, unknown>) : {};
        if (entry.type === "user" && JSON.stringify(entry.message).includes(text))
          return entry.uuid as string;
      }
    }
  }
  throw new Error(`no stored prompt ${text}`);
}

async function promptError(promise: Promise<unknown>): Promise<RequestError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof RequestError) return error;
    throw error;
  }
  throw new Error("the prompt did not fail");
}

/** Claude Code 0.3.318 with CLAUDE_CODE_MAX_RETRIES=1 tries 429/5xx/401 twice and a 400 three times. */
const API_ERRORS = [
  // The last column: Claude Code's tag of the failure, upstream's `data.errorKind`.
  [429, 2, "rate_limit_error", /Request rejected \(429\)/, "rate_limit"],
  [529, 2, "overloaded_error", /529/, "server_error"],
  [500, 2, "api_error", /500/, "server_error"],
  [400, 3, "invalid_request_error", /400/, "unknown"],
] as const;

describe.each(Object.entries(PROFILES))("model API errors (%s client)", (_name, profile) => {
  // One session meets each error in turn (a Claude Code start for all four): after each,
  // the session must be usable for the next prompt anyway.
  it("a 429, a 529, a 500 and a 400 each end the turn with Claude's text, redacted, and the session stays usable", async () => {
    const s = await scenario({
      script: API_ERRORS.flatMap(([status, times, errorType]) => [
        { kind: "error" as const, status, errorType, message: LEAKY_MESSAGE, times },
        { blocks: [{ type: "text" as const, text: `recovered from ${status}` }] },
      ]),
    });
    await s.initialize(profile);
    const sessionId = await s.newSession();
    for (const [status, , , text, errorKind] of API_ERRORS) {
      const before = s.agentText(sessionId);
      const error = await promptError(s.prompt(sessionId, `hello ${status}`));
      expect(error.code, `${status}`).toBe(-32603);
      expect(error.data, `${status}`).toEqual({ errorKind });
      expect(error.message).toMatch(text);
      expect(error.message).toContain("quota exceeded for key");
      for (const leak of LEAKS) expect(error.message).not.toContain(leak);
      expect(JSON.stringify(s.sentByAdapter())).not.toContain("LEAKEDKEY");
      // Like upstream, the transcript shows Claude Code's text of the failure, redacted.
      expect(s.agentText(sessionId).startsWith(before), `${status}`).toBe(true);
      const shown = s.agentText(sessionId).slice(before.length);
      expect(shown).toMatch(text);
      expect(shown).toContain("quota exceeded for key");
      for (const leak of LEAKS) expect(shown).not.toContain(leak);

      expect((await s.prompt(sessionId, `again after ${status}`)).stopReason).toBe("end_turn");
      expect(s.agentText(sessionId)).toBe(`${before}${shown}recovered from ${status}`);
    }
  }, 120_000);
});

describe("credentials", () => {
  it("a prompt without credentials answers authRequired", async () => {
    const s = await scenario({ env: { ANTHROPIC_API_KEY: undefined } });
    await s.initialize();
    const sessionId = await s.newSession();
    const error = await promptError(s.prompt(sessionId, "hello"));
    expect(error.code).toBe(-32000);
    expect(s.model.mainRequests()).toHaveLength(0);
  });

  it("a rejected key (401) answers authRequired", async () => {
    const s = await scenario({ script: [{ kind: "error", status: 401, times: 2 }] });
    await s.initialize();
    const sessionId = await s.newSession();
    const error = await promptError(s.prompt(sessionId, "hello"));
    expect(error.code).toBe(-32000);
  });
});

describe("Claude Code refuses to start", () => {
  it("session/new fails with Claude Code's reason, not an exit code", async () => {
    const s = await scenario({ env: { HTTPS_PROXY: "htp://bad proxy" } });
    await s.initialize();
    const error = await promptError(s.newSession());
    expect(error.code).toBe(-32603);
    expect(error.message).toMatch(
      /^Internal error: Claude Code could not start: Invalid proxy URL in HTTPS_PROXY: .*\nFix or unset HTTPS_PROXY and restart Claude Code\.$/s,
    );
    expect(error.message).not.toContain("exited with code");
    expect(error.data).toEqual({ startupFailureReason: "proxy_invalid" });
  });
});

describe("Claude Code dies during a turn", () => {
  it("ends the turn with an error, sweeps its shells, and the next prompt works", async () => {
    const s = await scenario({
      ...BYPASS,
      script: [bashTurn(HANGING_COMMAND), textTurn("back again")],
    });
    await s.initialize();
    const sessionId = await s.newSession();
    const running = promptError(s.prompt(sessionId, "run it"));
    await shellRunning(s);
    process.kill(claudeProcess(s)!, "SIGKILL");

    const error = await running;
    expect(error.code).toBe(-32603);
    expect(error.message).toMatch(/^Internal error: Claude Code exited unexpectedly/);
    // The error names the prompt's message as Claude Code stored it (a rewind or an edit
    // may name it), like every prompt's answer.
    expect(error.data).toEqual({ messageId: storedPromptId(s, "run it") });
    await eventually(
      "the orphaned shell to be swept",
      () => !scenarioProcesses(s).some((pid) => commandLine(pid).startsWith("tail")),
    );

    expect((await s.prompt(sessionId, "continue")).stopReason).toBe("end_turn");
    expect(s.agentText(sessionId)).toBe("back again");
    // The replacement query resumed the same conversation.
    const last = s.model.mainRequests().at(-1)!;
    expect(JSON.stringify(last.body.messages)).toContain("run it");
  });
});

describe("bad input", () => {
  it("a malformed JSON line gets a parse error and the adapter keeps serving", async () => {
    const s = await scenario({ script: [{ blocks: [{ type: "text", text: "still here" }] }] });
    await s.initialize();
    s.writeRaw("{this is not json\n");
    await eventually("the parse error", () =>
      s.sentByAdapter().some((m) => "error" in m && m.error?.code === -32700 && m.id === null),
    );
    const sessionId = await s.newSession();
    expect((await s.prompt(sessionId, "hi")).stopReason).toBe("end_turn");
  });

  // One session stands for "any other session": each bad id in turn must leave it alone.
  it('session ids "", "__proto__", "constructor" and an unknown uuid are invalidParams and touch no other session', async () => {
    const s = await scenario({ script: [{ blocks: [{ type: "text", text: "untouched" }] }] });
    await s.initialize();
    const sessionId = await s.newSession();
    for (const badId of ["", "__proto__", "constructor", "00000000-0000-0000-0000-000000000000"]) {
      const error = await promptError(s.prompt(badId, "hi"));
      expect(error.code, JSON.stringify(badId)).toBe(-32602);
      // Only the new session's own command list went out.
      expect(s.notifications.map((n) => [n.sessionId, n.update.sessionUpdate])).toEqual([
        [sessionId, "available_commands_update"],
      ]);
      expect(s.model.mainRequests()).toHaveLength(0);
    }
    expect((await s.prompt(sessionId, "hi")).stopReason).toBe("end_turn");
    expect(s.agentText(sessionId)).toBe("untouched");
  });

  it.each([
    ["a relative cwd", { cwd: "relative/dir" }],
    ["a missing cwd", { cwd: "/does/not/exist" }],
  ])("session/new with %s is invalidParams", async (_name, params) => {
    const s = await scenario();
    await s.initialize();
    const error = await promptError(s.newSession(params));
    expect(error.code).toBe(-32602);
    // No Claude Code session was started for it.
    const sessions = processesWithEnv("CLAUDE_CONFIG_DIR", s.configDir).filter((p) =>
      / --output-format stream-json /.test(commandLine(p)),
    );
    expect(sessions).toEqual([]);
  });

  it.each([
    ["clientCapabilities", "yes", "clientCapabilities must be an object"],
    ["clientCapabilities", null, "clientCapabilities must be an object"],
    ["fs", { fs: true }, "clientCapabilities.fs must be an object"],
    ["terminal", { terminal: "yes" }, "clientCapabilities.terminal must be a boolean"],
  ])("initialize with a malformed %s value (%j) is invalidParams", async (_what, caps, why) => {
    const s = await scenario();
    const error = await promptError(
      s.agent.request("initialize", { protocolVersion: 1, clientCapabilities: caps }),
    );
    expect({ code: error.code, message: error.message }).toEqual({
      code: -32602,
      message: `Invalid params: ${why}`,
    });
    // The client can try again with a well-formed one.
    expect((await s.initialize(PROFILES.zed)).protocolVersion).toBe(1);
  });

  it("a _meta.claudeCode.options value of the wrong type is invalidParams, and starts nothing", async () => {
    const s = await scenario();
    await s.initialize();
    const error = await promptError(
      s.newSession({ _meta: { claudeCode: { options: { allowedTools: "Bash" } } } }),
    );
    expect(error.code).toBe(-32602);
    expect(error.message).toMatch(/^Invalid params: _meta\.claudeCode\.options\.allowedTools: /);
    expect(claudeProcess(s)).toBeUndefined();
  });

  it("audio in a prompt is invalidParams (not advertised)", async () => {
    const s = await scenario();
    const init = await s.initialize();
    expect(init.agentCapabilities?.promptCapabilities?.audio).toBeUndefined(); // false by default
    const sessionId = await s.newSession();
    const error = await promptError(
      s.agent.request("session/prompt", {
        sessionId,
        prompt: [{ type: "audio", mimeType: "audio/wav", data: "AAAA" }],
      }),
    );
    expect(error.code).toBe(-32602);
  });

  it("__proto__ and constructor keys in client _meta enable nothing", async () => {
    const s = await scenario();
    const caps = JSON.parse(
      '{"_meta": {"__proto__": {"terminal_output": true}, "constructor": {"prototype": {"terminal_output": true}}}}',
    );
    const init = await s.initialize(caps);
    expect(JSON.stringify(init)).not.toContain("jetbrains");
    const sessionId = await s.newSession({
      _meta: JSON.parse('{"claudeCode": {"options": {"__proto__": {"model": "evil"}}}}'),
    });
    expect(sessionId).toMatch(/^[0-9a-f-]{36}$/);
  });
});
