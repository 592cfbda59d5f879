import { createHash } from "node:crypto";
import { methods, type ClientCapabilities } from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import { PROFILES, type Scenario } from "../support/acp-harness.js";
import { useScenarios } from "../support/scenario-test.js";

const scenario = useScenarios();

const AIR = {
  _meta: { jetbrains: { air: { version: 1, capabilities: [] } } },
} satisfies ClientCapabilities;

/** Two turns; then a fork with the given fork point; then one prompt on the fork. */
async function forkAt(s: Scenario, capabilities: ClientCapabilities, fork: unknown) {
  s.model.push(
    { id: "msg_one", blocks: [{ type: "text", text: "First answer." }] },
    { id: "msg_two", blocks: [{ type: "text", text: "Second answer." }] },
  );
  await s.initialize(capabilities);
  const source = await s.newSession();
  await s.prompt(source, "First question");
  await s.prompt(source, "Second question");
  const { sessionId } = await s.agent.request(methods.agent.session.fork, {
    sessionId: source,
    cwd: s.workspace,
    _meta: { jetbrains: { air: { fork } } },
  });
  s.model.push({ blocks: [{ type: "text", text: "On the fork." }] });
  expect((await s.prompt(sessionId, "After the fork")).stopReason).toBe("end_turn");
  return JSON.stringify(s.model.mainRequests().at(-1)!.body.messages);
}

const sha256 = (text: string) => `sha256:${createHash("sha256").update(text).digest("hex")}`;

describe("AIR fork point (session/fork _meta.jetbrains.air.fork)", () => {
  it.each([
    ["the message id", { version: 1, messageId: "msg_one" }],
    ["an id with a segment suffix", { version: 1, messageId: "msg_one:segment:2" }],
    [
      "the fingerprint when no message has the id",
      {
        version: 1,
        messageId: "air-local-7",
        messageFingerprint: sha256("First answer."),
        messageOccurrence: 1,
      },
    ],
  ])("keeps the history up to the message named by %s", async (_name, fork) => {
    const s = await scenario();
    const history = await forkAt(s, AIR, fork);
    expect(history).toContain("First question");
    expect(history).toContain("First answer.");
    expect(history).not.toContain("Second question");
    expect(history).not.toContain("Second answer.");
    expect(history).toContain("After the fork");
  });

  it("is invalidParams when no message matches", async () => {
    const s = await scenario();
    await expect(
      forkAt(s, AIR, {
        version: 1,
        messageId: "nothing",
        messageFingerprint: sha256("never said"),
      }),
    ).rejects.toMatchObject({ code: -32602 });
  });

  it.each([
    ["for an AIR client, another version", AIR, { version: 2, messageId: "msg_one" }],
    ["for a client that is not AIR", PROFILES.plain, { version: 1, messageId: "msg_one" }],
  ])("is ignored %s: the whole session is forked", async (_name, capabilities, fork) => {
    const s = await scenario();
    const history = await forkAt(s, capabilities, fork);
    expect(history).toContain("Second answer.");
  });
});
