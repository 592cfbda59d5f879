import { methods, RequestError } from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import { PROFILES, type Scenario } from "../support/acp-harness.js";
import { useScenarios } from "../support/scenario-test.js";

const scenario = useScenarios();

/** Upstream text with a secret in it: the replay must redact it as the live error was. */
const LEAKY = "quota exceeded for key sk-ant-api03-LEAKEDKEYabcdefghijklmnopqrstuvwxyz0123";

function loadSession(s: Scenario, sessionId: string) {
  return s.agent.request(methods.agent.session.load, {
    sessionId,
    cwd: s.workspace,
    mcpServers: [],
  });
}

const history = (s: Scenario, sessionId: string) =>
  s
    .updates(sessionId)
    .filter(
      (u) => u.sessionUpdate === "user_message_chunk" || u.sessionUpdate === "agent_message_chunk",
    );

describe.each([
  ["plain", PROFILES.plain],
  ["zed", PROFILES.zed],
])("a stored API error on session/load (%s client)", (_name, profile) => {
  it("is replayed as the agent's text where it happened, redacted", async () => {
    const s = await scenario({
      script: [
        { kind: "error", status: 500, errorType: "api_error", message: LEAKY, times: 2 },
        { blocks: [{ type: "text", text: "recovered" }] },
      ],
    });
    await s.initialize(profile);
    const sessionId = await s.newSession();
    const failed = await s.prompt(sessionId, "hello").catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(RequestError);
    expect((await s.prompt(sessionId, "again")).stopReason).toBe("end_turn");

    await s.restartAdapter();
    await s.initialize(profile);
    await loadSession(s, sessionId);
    const replay = history(s, sessionId);
    expect(replay.map((u) => u.sessionUpdate)).toEqual([
      "user_message_chunk",
      "agent_message_chunk",
      "user_message_chunk",
      "agent_message_chunk",
    ]);
    const error = replay[1] as { content: { text: string }; messageId?: string };
    expect(error.content.text).toMatch(/^API Error: 500 .*quota exceeded for key/);
    expect(error.content.text).not.toContain("LEAKEDKEY");
    expect(error.messageId).toEqual(expect.any(String));
    expect(JSON.stringify(s.sentByAdapter())).not.toContain("LEAKEDKEY");
    expect((replay[3] as { content: { text: string } }).content.text).toBe("recovered");
  }, 90_000);
});
