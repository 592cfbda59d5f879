import { methods, type ClientCapabilities } from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import type { Scenario } from "../support/acp-harness.js";
import { useScenarios } from "../support/scenario-test.js";

const scenario = useScenarios();

const air = (...capabilities: string[]) =>
  ({ _meta: { jetbrains: { air: { version: 1, capabilities } } } }) satisfies ClientCapabilities;

const MARKER = {
  sessionUpdate: "session_info_update",
  _meta: { jetbrains: { air: { version: 1, loadReplayEnd: true } } },
};

/** One recorded turn, then a new adapter process that loads the session. */
async function loadAfterRestart(s: Scenario, capabilities: ClientCapabilities) {
  s.model.push({ id: "msg_one", blocks: [{ type: "text", text: "First answer." }] });
  await s.initialize(capabilities);
  const sessionId = await s.newSession();
  await s.prompt(sessionId, "First question");
  await s.restartAdapter();
  await s.initialize(capabilities);
  await s.agent.request(methods.agent.session.load, {
    sessionId,
    cwd: s.workspace,
    mcpServers: [],
  });
  return sessionId;
}

describe("AIR loadReplayEnd", () => {
  it("marks the end of a load's replay, after the history and before the answer", async () => {
    const s = await scenario();
    const sessionId = await loadAfterRestart(s, air("loadReplayEnd"));
    const updates = s.updates(sessionId);
    expect(updates.at(-1)).toEqual(MARKER);
    expect(updates.filter((u) => JSON.stringify(u).includes("loadReplayEnd"))).toHaveLength(1);
    expect(JSON.stringify(updates.slice(0, -1))).toContain("First answer.");
    // The marker is the last message for the session before the load's answer.
    const sent = s.sentByAdapter();
    const answer = sent.findIndex(
      (m) => "id" in m && "result" in m && "modes" in (m.result as object),
    );
    const marker = sent.findIndex((m) => JSON.stringify(m).includes('"loadReplayEnd":true'));
    expect(marker).toBeGreaterThan(-1);
    expect(marker).toBeLessThan(answer);
  });

  it.each([
    ["an AIR client that does not declare it", air()],
    ["a plain client", {}],
  ])("is absent for %s", async (_name, capabilities) => {
    const s = await scenario();
    const sessionId = await loadAfterRestart(s, capabilities);
    expect(JSON.stringify(s.updates(sessionId))).toContain("First answer.");
    expect(JSON.stringify(s.sentByAdapter())).not.toContain('"loadReplayEnd":true');
    expect(JSON.stringify(s.updates(sessionId))).not.toContain("loadReplayEnd");
  });
});
