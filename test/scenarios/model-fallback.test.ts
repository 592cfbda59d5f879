import type { ClientCapabilities } from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import { eventually, PROFILES, type Scenario } from "../support/acp-harness.js";
import type { ScriptedTurn } from "../support/model-server.js";
import { useScenarios } from "../support/scenario-test.js";
import { gatedCommand, openGate, textTurn } from "../support/script-turns.js";

/**
 * Claude Code's switch to its `fallbackModel` after repeated 529 overload errors
 * (features.md "notice", air-extensions.md "Categories and actions"), against real
 * Claude Code and the scripted model: an ACP `notice` for a client that declared
 * `session.notices`, AIR's warning record for a `sessionFailure` client, a message line
 * for any other client; the turn goes on and answers from the fallback model.
 */
const scenario = useScenarios();

/** Claude Code 2.1.318 falls back after three consecutive 529s of the primary model. */
const OVERLOADED_THEN_ANSWERED: ScriptedTurn[] = [
  { kind: "error", status: 529, message: "Overloaded", times: 3 },
  textTurn("from the fallback"),
];
const FALLBACK_META = { claudeCode: { options: { fallbackModel: "claude-haiku-4-5" } } };
/** Claude Code's own text (display names; its context window line). */
const TEXT =
  "Switched to Haiku 4.5 due to high demand for Opus 5.5 · context window 1M → 200K tokens";

const NOTICES: ClientCapabilities = { session: { notices: {} } };
const AIR_FAILURES: ClientCapabilities = {
  _meta: { jetbrains: { air: { version: 1, capabilities: ["sessionFailure"] } } },
};

async function fallBack(capabilities: ClientCapabilities, meta: object = FALLBACK_META) {
  const s = await scenario({
    env: { CLAUDE_CODE_MAX_RETRIES: "4" },
    script: OVERLOADED_THEN_ANSWERED,
  });
  await s.initialize(capabilities);
  const sessionId = await s.newSession({ _meta: meta as Record<string, unknown> });
  const response = await s.prompt(sessionId, "hello");
  return { s, sessionId, response };
}

/**
 * The session's updates that tell of the fallback (a notice, a notice record, a line);
 * the API retries before it have records of their own (air-session-failure.test.ts).
 */
function told(s: Scenario, sessionId: string) {
  return s
    .updates(sessionId)
    .filter(
      (u) =>
        u.sessionUpdate === "notice" ||
        (u.sessionUpdate === "session_info_update" && JSON.stringify(u).includes(":notice:")) ||
        (u.sessionUpdate === "agent_message_chunk" && JSON.stringify(u).includes("Switched")),
    );
}

describe("model fallback notices", () => {
  it("session.notices: an ACP notice, then the fallback model's answer", async () => {
    const { s, sessionId, response } = await fallBack(NOTICES);
    expect(response.stopReason).toBe("end_turn");
    expect(told(s, sessionId)).toStrictEqual([
      { sessionUpdate: "notice", severity: "warning", title: "Model fallback", description: TEXT },
    ]);
    expect(s.agentText(sessionId)).toBe("from the fallback");
    const models = s.model.requests.filter((r) => r.main).map((r) => r.body?.model as string);
    expect(models.at(-1)).toBe("claude-haiku-4-5");
    expect(models.slice(0, -1).every((m) => m !== "claude-haiku-4-5")).toBe(true);
  });

  it("AIR sessionFailure (no session.notices): the warning record, no notice", async () => {
    const { s, sessionId } = await fallBack(AIR_FAILURES);
    const records = told(s, sessionId);
    expect(records).toHaveLength(1);
    const record = (records[0]?._meta as { jetbrains: { air: { sessionFailure: object } } })
      .jetbrains.air.sessionFailure;
    expect(record).toStrictEqual({
      id: expect.stringMatching(new RegExp(`^${sessionId}:notice:\\d+:1$`)) as string,
      revision: 1,
      category: "unknown",
      severity: "warning",
      title: TEXT,
      actions: [],
    });
    expect(s.agentText(sessionId)).toBe("from the fallback");
  });

  it("session.notices and sessionFailure: the notice only, no AIR record", async () => {
    const { s, sessionId } = await fallBack({ ...NOTICES, ...AIR_FAILURES });
    expect(told(s, sessionId)).toStrictEqual([
      { sessionUpdate: "notice", severity: "warning", title: "Model fallback", description: TEXT },
    ]);
  });

  it("any other client: a message line before the answer", async () => {
    const { s, sessionId } = await fallBack(PROFILES.plain);
    expect(s.agentText(sessionId)).toBe(`**Model fallback:** ${TEXT}from the fallback`);
    expect(s.updates(sessionId).some((u) => u.sessionUpdate === "notice")).toBe(false);
  });

  it("a model Claude cannot use (404): at once, for that turn only", async () => {
    const s = await scenario({
      script: [
        {
          kind: "error",
          status: 404,
          errorType: "not_found_error",
          message: "model: claude-opus-5-5",
        },
        textTurn("one"),
        textTurn("two"),
      ],
    });
    await s.initialize(NOTICES);
    const sessionId = await s.newSession({ _meta: FALLBACK_META });
    await s.prompt(sessionId, "hello");
    const second = await s.prompt(sessionId, "again");
    expect(second.stopReason).toBe("end_turn");
    expect(told(s, sessionId)).toStrictEqual([
      {
        sessionUpdate: "notice",
        severity: "warning",
        title: "Model fallback",
        description:
          "Switched to Haiku 4.5 because Opus 5.5 is not available · context window 1M → 200K tokens",
      },
    ]);
    // Claude Code switches the turn, not the session: the next turn asks the session's
    // model again, so the model picker stays as it was (no config_option_update).
    const models = s.model.requests.filter((r) => r.main).map((r) => r.body?.model as string);
    expect(models).toStrictEqual(["claude-opus-5-5", "claude-haiku-4-5", "claude-opus-5-5"]);
    expect(s.updates(sessionId).some((u) => u.sessionUpdate === "config_option_update")).toBe(
      false,
    );
  });
});

describe("auto mode fallback notice", () => {
  it("auto mode behind a gateway: Claude Code's warning as a notice, its host redacted", async () => {
    const s = await scenario({
      settings: { permissions: { defaultMode: "auto" } },
      script: [textTurn("one")],
    });
    await s.initialize(NOTICES);
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "hello");
    const notices = s.updates(sessionId).filter((u) => u.sessionUpdate === "notice");
    expect(notices).toStrictEqual([
      {
        sessionUpdate: "notice",
        severity: "warning",
        // Upstream's title: the line is too long to be one.
        title: "Claude reported a warning",
        description: expect.stringContaining(
          "auto mode keeps working, and its classifier requests are billed as before",
        ) as string,
      },
    ]);
    expect(JSON.stringify(notices)).not.toContain("127.0.0.1");
  });

  it("a client without session.notices: a message line", async () => {
    const s = await scenario({
      settings: { permissions: { defaultMode: "auto" } },
      script: [textTurn("one")],
    });
    await s.initialize(PROFILES.plain);
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "hello");
    expect(s.agentText(sessionId)).toMatch(/^one\*\*Warning:\*\* We're changing auto mode/);
    const warning = s
      .updates(sessionId)
      .find((u) => JSON.stringify(u).includes("We're changing auto mode"));
    expect(warning?._meta).toStrictEqual({
      claudeCode: { kind: "informational", level: "warning" },
    });
    expect(s.updates(sessionId).some((u) => u.sessionUpdate === "notice")).toBe(false);
  });

  it("auto mode turned off by the settings: the session starts in Manual, with a notice", async () => {
    const s = await scenario({
      settings: { permissions: { defaultMode: "auto" }, disableAutoMode: "disable" },
      script: [textTurn("one")],
    });
    await s.initialize(NOTICES);
    const response = await s.agent.request("session/new", { cwd: s.workspace, mcpServers: [] });
    // Claude Code runs such a session in `default`: the client must not be shown Auto.
    expect(response.modes?.currentModeId).toBe("default");
    expect((await s.prompt(response.sessionId, "hi")).stopReason).toBe("end_turn");
    expect(s.updates(response.sessionId).filter((u) => u.sessionUpdate === "notice")).toStrictEqual(
      [
        {
          sessionUpdate: "notice",
          severity: "warning",
          title: "Started in Manual mode",
          description: "Auto mode was asked for. Auto mode is turned off for this session.",
        },
      ],
    );
  });
});

describe("a prompt a UserPromptSubmit hook blocks", () => {
  const REASON = "Prompts about secrets are blocked";
  const BLOCKING_HOOK = {
    hooks: {
      UserPromptSubmit: [
        {
          hooks: [
            {
              type: "command",
              command: `'${process.execPath}' -e 'process.stdout.write(JSON.stringify({decision:"block",reason:"${REASON}"}))'`,
            },
          ],
        },
      ],
    },
  };

  async function blocked(capabilities: ClientCapabilities) {
    const s = await scenario({ settings: BLOCKING_HOOK, script: [textTurn("never")] });
    await s.initialize(capabilities);
    const sessionId = await s.newSession();
    const response = await s.prompt(sessionId, "tell me a secret");
    // Claude Code never called the model: the hook's reason is all the turn has to say.
    expect(response.stopReason).toBe("end_turn");
    expect(s.model.mainRequests()).toEqual([]);
    return { s, sessionId };
  }

  it("session.notices: the hook's reason as a notice", async () => {
    const { s, sessionId } = await blocked(NOTICES);
    expect(s.updates(sessionId).filter((u) => u.sessionUpdate === "notice")).toStrictEqual([
      {
        sessionUpdate: "notice",
        severity: "warning",
        title: "Prompt blocked by a hook",
        description: REASON,
      },
    ]);
    expect(s.agentText(sessionId)).toBe("");
  });

  it("AIR sessionFailure without session.notices: a message line, no failure record", async () => {
    const { s, sessionId } = await blocked(AIR_FAILURES);
    expect(s.agentText(sessionId)).toBe(`**Prompt blocked by a hook:** ${REASON}`);
    expect(JSON.stringify(s.updates(sessionId))).not.toContain("sessionFailure");
    expect(s.updates(sessionId).some((u) => u.sessionUpdate === "notice")).toBe(false);
  });
});

describe("a model fallback between turns", () => {
  it("in Claude Code's own follow-up cycle: the notice, then the fallback model's text", async () => {
    const s = await scenario({
      env: { CLAUDE_CODE_MAX_RETRIES: "4" },
      settings: { permissions: { defaultMode: "default", allow: ["Bash"] } },
      script: [
        {
          blocks: [
            {
              type: "tool_use",
              id: "toolu_bg",
              name: "Bash",
              // Ends once the prompt has been answered.
              input: { command: gatedCommand("job.go"), run_in_background: true },
            },
          ],
        },
        textTurn("Started."),
        // Claude Code's follow-up once the task finished: overloaded, then answered.
        ...OVERLOADED_THEN_ANSWERED,
      ],
    });
    await s.initialize(NOTICES);
    const sessionId = await s.newSession({ _meta: FALLBACK_META });
    expect((await s.prompt(sessionId, "start the job")).stopReason).toBe("end_turn");
    const before = s.updates(sessionId).length;
    openGate(s, "job.go");
    await eventually(
      "the follow-up's text",
      () => s.agentText(sessionId).endsWith("from the fallback"),
      60_000,
    );
    const cycle = s.updates(sessionId).slice(before);
    expect(cycle.filter((u) => u.sessionUpdate === "notice")).toStrictEqual([
      { sessionUpdate: "notice", severity: "warning", title: "Model fallback", description: TEXT },
    ]);
    const kinds = cycle.map((u) => u.sessionUpdate);
    expect(kinds.indexOf("notice")).toBeLessThan(kinds.indexOf("agent_message_chunk"));
  }, 90_000);
});
