import { describe, expect, it } from "vitest";
import { eventually, PROFILES, type Scenario } from "../support/acp-harness.js";
import { commandLine, parentPid, processesWithEnv } from "../support/processes.js";
import { useScenarios } from "../support/scenario-test.js";

const scenario = useScenarios();

/** The adapter's Claude Code processes (not its login probes). */
function claudeCodes(s: Scenario): number[] {
  return processesWithEnv("CLAUDE_CONFIG_DIR", s.configDir).filter(
    (pid) => parentPid(pid) === s.adapter.pid && !commandLine(pid).includes(" auth status"),
  );
}

/**
 * A stream that would run ~90 s, longer than any test's timeout (60 s): a cancel that
 * waited for its end, rather than interrupting it, would fail the test, however loaded
 * the machine.
 */
const slowTurn = {
  blocks: [{ type: "text" as const, text: "slow ".repeat(3000), deltas: 3000 }],
  delayMs: 30,
};

describe.each(Object.entries(PROFILES))("cancel and queueing (%s client)", (_name, profile) => {
  it("cancel interrupts the turn promptly, nothing follows the response, and the session goes on", async () => {
    // How many updates the client had when Claude Code asked the model for the next turn.
    let updatesAtNextRequest: number | undefined;
    let claudeCodeAtNextRequest: number[] | undefined;
    const s = await scenario({
      script: [
        slowTurn,
        () => {
          updatesAtNextRequest = s.updates(sessionId).length;
          claudeCodeAtNextRequest = claudeCodes(s);
          return { blocks: [{ type: "text", text: "next answer" }] };
        },
      ],
    });
    await s.initialize(profile);
    const sessionId = await s.newSession();
    const first = s.prompt(sessionId, "take your time");
    await eventually("the first chunk", () => s.agentText(sessionId).length > 0);
    const claudeCodeAtFirstChunk = claudeCodes(s);
    await s.cancel(sessionId);
    // The scripted stream outlasts the test's timeout: the answer did not wait for it.
    const response = await first;
    expect(response).toMatchObject({ stopReason: "cancelled", _meta: { quota: {} } });
    const updatesAtResponse = s.updates(sessionId).length;
    const textAtResponse = s.agentText(sessionId);
    expect(textAtResponse.length).toBeLessThan("slow ".repeat(3000).length);

    // The interrupted stream would have gone on for over a minute; nothing of it may
    // arrive: no update until Claude Code has moved on to the next turn, and up to that
    // turn's end, only its text follows the answer.
    const next = await s.prompt(sessionId, "again");
    expect(next.stopReason).toBe("end_turn");
    expect(updatesAtNextRequest).toBe(updatesAtResponse);
    // Interrupted, not waited out nor replaced: the same Claude Code took the next turn.
    expect(claudeCodeAtFirstChunk).toHaveLength(1);
    expect(claudeCodeAtNextRequest).toEqual(claudeCodeAtFirstChunk);
    expect(s.agentText(sessionId)).toBe(`${textAtResponse}next answer`);
    // Exactly what the session was sent after the cancelled answer: the next turn's alone.
    const sent = s.sentByAdapter();
    const responseAt = sent.findIndex(
      (m) => "result" in m && (m.result as { stopReason?: unknown }).stopReason === "cancelled",
    );
    expect(responseAt).toBeGreaterThan(-1);
    const after = sent
      .slice(responseAt + 1)
      .flatMap((m) =>
        "method" in m && m.method === "session/update"
          ? [(m.params as { update: Record<string, unknown> }).update]
          : [],
      );
    const model = { "_claude/model": expect.any(String) as string };
    expect(after).toEqual([
      {
        sessionUpdate: "agent_message_chunk",
        content: { type: "text", text: "next answer" },
        messageId: expect.any(String),
      },
      { sessionUpdate: "usage_update", used: 13, size: 1_000_000, _meta: model },
      {
        sessionUpdate: "usage_update",
        used: 13,
        size: 1_000_000,
        cost: expect.any(Object),
        _meta: { "_claude/origin": { kind: "human" }, ...model },
      },
      {
        sessionUpdate: "session_info_update",
        title: "take your time",
        updatedAt: expect.any(String),
      },
    ]);
    // The model server saw the interrupted request and then exactly one more.
    expect(s.model.mainRequests()).toHaveLength(2);
  });

  it("a prompt sent while one runs is queued and answered in order", async () => {
    const s = await scenario({
      script: [
        { blocks: [{ type: "text", text: "first;", deltas: 5 }], delayMs: 20 },
        { blocks: [{ type: "text", text: "second;" }] },
        { blocks: [{ type: "text", text: "third;" }] },
      ],
    });
    const init = await s.initialize(profile);
    expect(init.agentCapabilities?._meta).toMatchObject({ claudeCode: { promptQueueing: true } });
    const sessionId = await s.newSession();
    const order: string[] = [];
    const prompts = ["one", "two", "three"].map((text) =>
      s.prompt(sessionId, text).then((r) => {
        order.push(text);
        return r.stopReason;
      }),
    );
    expect(await Promise.all(prompts)).toEqual(["end_turn", "end_turn", "end_turn"]);
    expect(order).toEqual(["one", "two", "three"]);
    expect(s.agentText(sessionId)).toBe("first;second;third;");
    const userTexts = s.model.mainRequests().map((r) => JSON.stringify(r.body.messages.at(-1)));
    expect(userTexts[0]).toContain("one");
    expect(userTexts[1]).toContain("two");
    expect(userTexts[2]).toContain("three");
  });

  it("cancel also ends the prompts queued behind the running one", async () => {
    const s = await scenario({ script: [slowTurn, { blocks: [{ type: "text", text: "after" }] }] });
    await s.initialize(profile);
    const sessionId = await s.newSession();
    const running = s.prompt(sessionId, "slow");
    const queued = s.prompt(sessionId, "queued");
    await eventually("the first chunk", () => s.agentText(sessionId).length > 0);
    await s.cancel(sessionId);
    expect(await running).toMatchObject({ stopReason: "cancelled", _meta: { quota: {} } });
    expect(await queued).toMatchObject({ stopReason: "cancelled", _meta: { quota: {} } });
    expect((await s.prompt(sessionId, "go on")).stopReason).toBe("end_turn");
  });
});

describe("a cancel right after the prompt", () => {
  it.each([
    ["in the same write", 0],
    ["a moment later", 20],
  ])("%s ends the prompt cancelled, never end_turn", async (_when, delayMs) => {
    const s = await scenario({
      script: [
        { blocks: [{ type: "text", text: "a quick answer" }] },
        { blocks: [{ type: "text", text: "next answer" }] },
      ],
    });
    await s.initialize();
    const sessionId = await s.newSession();
    const first = s.prompt(sessionId, "hi");
    if (delayMs > 0) await new Promise((r) => setTimeout(r, delayMs));
    await s.cancel(sessionId);
    expect(await first).toMatchObject({ stopReason: "cancelled", _meta: { quota: {} } });
    // The session goes on.
    expect((await s.prompt(sessionId, "again")).stopReason).toBe("end_turn");
  });

  it("also while the session's Claude Code is still starting (answered from the cache)", async () => {
    const s = await scenario({
      script: [
        { blocks: [{ type: "text", text: "first" }] },
        { blocks: [{ type: "text", text: "a quick answer" }] },
        { blocks: [{ type: "text", text: "next answer" }] },
      ],
    });
    await s.initialize();
    await s.prompt(await s.newSession(), "fill the model list cache");
    await s.restartAdapter();
    await s.initialize();
    const sessionId = await s.newSession();
    const first = s.prompt(sessionId, "hi");
    await s.cancel(sessionId);
    expect(await first).toMatchObject({ stopReason: "cancelled", _meta: { quota: {} } });
    expect((await s.prompt(sessionId, "again")).stopReason).toBe("end_turn");
  });
});

describe("cancel of an unknown session", () => {
  it("is ignored and touches no other session", async () => {
    // Streams for ~2 s (not slowTurn's 6 s, all of which this test would wait out): the
    // cancels, sent at its first chunk, reach the adapter while it runs.
    const s = await scenario({
      script: [{ blocks: [{ type: "text", text: "slow ".repeat(60), deltas: 60 }], delayMs: 30 }],
    });
    await s.initialize();
    const sessionId = await s.newSession();
    const running = s.prompt(sessionId, "slow");
    await eventually("the first chunk", () => s.agentText(sessionId).length > 0);
    for (const bad of ["", "__proto__", "not-a-session"]) await s.cancel(bad);
    await eventually("the whole answer", () => s.agentText(sessionId).length === 300, 20_000);
    expect((await running).stopReason).toBe("end_turn");
  });
});

describe("$/cancel_request", () => {
  it("aborting the session/prompt request cancels the turn", async () => {
    const s = await scenario({ script: [slowTurn, { blocks: [{ type: "text", text: "next" }] }] });
    await s.initialize();
    const sessionId = await s.newSession();
    const controller = new AbortController();
    const prompt = s.agent.request(
      "session/prompt",
      { sessionId, prompt: [{ type: "text", text: "slow" }] },
      { cancellationSignal: controller.signal },
    );
    await eventually("the first chunk", () => s.agentText(sessionId).length > 0);
    controller.abort();
    expect(await prompt).toMatchObject({ stopReason: "cancelled", _meta: { quota: {} } });
    expect((await s.prompt(sessionId, "again")).stopReason).toBe("end_turn");
  });
});
