import { describe, expect, it } from "vitest";
import { eventually, PROFILES } from "../support/acp-harness.js";
import { useScenarios } from "../support/scenario-test.js";

const scenario = useScenarios();

const slowTurn = {
  blocks: [{ type: "text" as const, text: "slow ".repeat(200), deltas: 200 }],
  delayMs: 30,
};

describe.each(Object.entries(PROFILES))("cancel and queueing (%s client)", (_name, profile) => {
  it("cancel interrupts the turn promptly, nothing follows the response, and the session goes on", async () => {
    const s = await scenario({
      script: [slowTurn, { blocks: [{ type: "text", text: "next answer" }] }],
    });
    await s.initialize(profile);
    const sessionId = await s.newSession();
    const first = s.prompt(sessionId, "take your time");
    await eventually("the first chunk", () => s.agentText(sessionId).length > 0);
    const cancelledAt = Date.now();
    await s.cancel(sessionId);
    const response = await first;
    expect(response).toMatchObject({ stopReason: "cancelled", _meta: { quota: {} } });
    // Not a timing test: the scripted stream runs 6 s; the answer must not wait for it.
    expect(Date.now() - cancelledAt).toBeLessThan(4000);
    // The interrupted stream would have gone on for seconds; nothing of it may arrive.
    // Sync point: the next prompt. Its turn starts only once the interrupted one drained
    // (Claude Code's result for it ends the drain, after all it streamed), so by its
    // answer all of the interrupted stream has reached the adapter: what the session was
    // sent after the cancelled answer must be the next turn's alone.
    const next = await s.prompt(sessionId, "again");
    expect(next.stopReason).toBe("end_turn");
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
