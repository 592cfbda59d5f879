import { createHash } from "node:crypto";
import { methods, type ClientCapabilities } from "@agentclientprotocol/sdk/unstable";
import { describe, expect, it } from "vitest";
import { PROFILES, type Scenario } from "../support/acp-harness.js";
import { useScenarios } from "../support/scenario-test.js";

const scenario = useScenarios();

const AIR = {
  _meta: { jetbrains: { air: { version: 1, capabilities: [] } } },
} satisfies ClientCapabilities;

/** A session with two turns: the source of the forks. */
async function twoTurns(s: Scenario, capabilities: ClientCapabilities): Promise<string> {
  s.model.push(
    { id: "msg_one", blocks: [{ type: "text", text: "First answer." }] },
    { id: "msg_two", blocks: [{ type: "text", text: "Second answer." }] },
  );
  await s.initialize(capabilities);
  const source = await s.newSession();
  await s.prompt(source, "First question");
  await s.prompt(source, "Second question");
  return source;
}

/** A fork of `source` with the given fork point, then one prompt on it: the history it sent. */
async function forkAt(s: Scenario, source: string, fork: unknown): Promise<string> {
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

const FORK_POINTS: Array<[string, unknown]> = [
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
];

describe("AIR fork point (session/fork _meta.jetbrains.air.fork)", () => {
  // One source session for every fork of an AIR client (each fork is a session of its own).
  it("keeps the history up to the message named by the message id, an id with a segment suffix, or the fingerprint when no message has the id; is invalidParams when no message matches; is ignored for another version: the whole session is forked", async () => {
    const s = await scenario();
    const source = await twoTurns(s, AIR);
    for (const [name, fork] of FORK_POINTS) {
      const history = await forkAt(s, source, fork);
      expect(history, name).toContain("First question");
      expect(history, name).toContain("First answer.");
      expect(history, name).not.toContain("Second question");
      expect(history, name).not.toContain("Second answer.");
      expect(history, name).toContain("After the fork");
    }
    await expect(
      forkAt(s, source, {
        version: 1,
        messageId: "nothing",
        messageFingerprint: sha256("never said"),
      }),
    ).rejects.toMatchObject({ code: -32602 });
    expect(await forkAt(s, source, { version: 2, messageId: "msg_one" })).toContain(
      "Second answer.",
    );
  }, 120_000);

  it("is ignored for a client that is not AIR: the whole session is forked", async () => {
    const s = await scenario();
    const source = await twoTurns(s, PROFILES.plain);
    const history = await forkAt(s, source, { version: 1, messageId: "msg_one" });
    expect(history).toContain("Second answer.");
  });
});
