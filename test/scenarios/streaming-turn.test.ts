import { describe, expect, it } from "vitest";
import { PROFILES } from "../support/acp-harness.js";
import { useScenarios } from "../support/scenario-test.js";

const scenario = useScenarios();

describe.each(Object.entries(PROFILES))("a streamed chat turn (%s client)", (_name, profile) => {
  it("streams thinking and text once each, then ends the turn with usage", async () => {
    const s = await scenario({
      script: [
        {
          id: "msg_first",
          blocks: [
            { type: "thinking", thinking: "Considering the question.", deltas: 2 },
            { type: "text", text: "The answer is forty-two.", deltas: 3 },
          ],
          usage: {
            input_tokens: 120,
            output_tokens: 30,
            cache_read_input_tokens: 7,
            cache_creation_input_tokens: 3,
          },
        },
      ],
    });
    await s.initialize(profile);
    const sessionId = await s.newSession();
    const response = await s.prompt(sessionId, "What is the answer?");

    const updates = s.updates(sessionId);
    const chunks = updates.filter(
      (u) => u.sessionUpdate === "agent_message_chunk" || u.sessionUpdate === "agent_thought_chunk",
    );
    expect(chunks).toEqual([
      {
        sessionUpdate: "agent_thought_chunk",
        content: { type: "text", text: expect.any(String) },
        messageId: "msg_first",
      },
      {
        sessionUpdate: "agent_thought_chunk",
        content: { type: "text", text: expect.any(String) },
        messageId: "msg_first",
      },
      {
        sessionUpdate: "agent_message_chunk",
        content: { type: "text", text: expect.any(String) },
        messageId: "msg_first",
      },
      {
        sessionUpdate: "agent_message_chunk",
        content: { type: "text", text: expect.any(String) },
        messageId: "msg_first",
      },
      {
        sessionUpdate: "agent_message_chunk",
        content: { type: "text", text: expect.any(String) },
        messageId: "msg_first",
      },
    ]);
    expect(s.agentText(sessionId)).toBe("The answer is forty-two.");
    const thought = chunks
      .filter((u) => u.sessionUpdate === "agent_thought_chunk")
      .map((u) =>
        u.sessionUpdate === "agent_thought_chunk" && u.content.type === "text"
          ? u.content.text
          : "",
      )
      .join("");
    expect(thought).toBe("Considering the question.");

    expect(response.stopReason).toBe("end_turn");
    expect(response.usage).toEqual({
      inputTokens: 120,
      outputTokens: 30,
      cachedReadTokens: 7,
      cachedWriteTokens: 3,
      totalTokens: 160,
    });
    const quota = (
      response._meta as { quota: { token_count: unknown; model_usage: Array<{ model: string }> } }
    ).quota;
    expect(quota.token_count).toEqual({
      totalTokens: 160,
      inputTokens: 120,
      cachedInputTokens: 7,
      cachedWriteTokens: 3,
      outputTokens: 30,
      reasoningOutputTokens: 0,
    });
    expect(quota.model_usage).toHaveLength(1);
    expect(quota.model_usage[0]!.model).toBe(s.model.mainRequests()[0]!.body.model);

    // The first turn's calls are not reported: Claude Code tells the window at its end.
    const usage = updates.filter((u) => u.sessionUpdate === "usage_update");
    expect(usage).toEqual([
      {
        sessionUpdate: "usage_update",
        used: 160,
        size: expect.any(Number),
        cost: { amount: expect.any(Number), currency: "USD" },
        _meta: {
          "_claude/origin": { kind: "human" },
          "_claude/model": s.model.mainRequests()[0]!.body.model,
        },
      },
    ]);
    // The usage update goes out before the response, nothing of this turn after it.
    const sent = s.sentByAdapter();
    const responseIndex = sent.findIndex(
      (m) => "result" in m && (m.result as { stopReason?: string })?.stopReason === "end_turn",
    );
    const lastUpdateIndex = sent.findLastIndex(
      (m) => "method" in m && m.method === "session/update",
    );
    expect(lastUpdateIndex).toBeLessThan(responseIndex);
  });

  it("keeps streaming when the pass-through options try to turn it off", async () => {
    const s = await scenario({
      script: [{ blocks: [{ type: "text", text: "Streamed in three parts.", deltas: 3 }] }],
    });
    await s.initialize(profile);
    const sessionId = await s.newSession({
      _meta: { claudeCode: { options: { includePartialMessages: false } } },
    });
    await s.prompt(sessionId, "hello");
    // The adapter's own fields win over `_meta.claudeCode.options`; the complete
    // message does not repeat what was streamed.
    const chunks = s.updates(sessionId).filter((u) => u.sessionUpdate === "agent_message_chunk");
    expect(chunks).toHaveLength(3);
    expect(s.agentText(sessionId)).toBe("Streamed in three parts.");
  });
});

describe("stop reasons", () => {
  // Claude Code 0.3.318 continues after a max_tokens answer up to 3 times and retries a
  // refusal once before it gives up, so the script repeats those answers.
  it.each([
    ["max_tokens", 4, "max_tokens"],
    ["refusal", 2, "refusal"],
    ["end_turn", 1, "end_turn"],
  ] as const)("Claude's %s (x%d) ends the prompt with %s", async (claudeStop, times, acpStop) => {
    const s = await scenario({
      script: [{ blocks: [{ type: "text", text: "partial" }], stopReason: claudeStop, times }],
    });
    await s.initialize();
    const sessionId = await s.newSession();
    const response = await s.prompt(sessionId, "go");
    expect(response.stopReason).toBe(acpStop);
  });

  it("the turn limit ends the prompt with max_turn_requests", async () => {
    const s = await scenario({
      script: [
        { blocks: [{ type: "tool_use", name: "Read", input: { file_path: "/etc/hostname" } }] },
        { blocks: [{ type: "text", text: "never reached" }] },
      ],
    });
    await s.initialize();
    const sessionId = await s.newSession({ _meta: { claudeCode: { options: { maxTurns: 1 } } } });
    const response = await s.prompt(sessionId, "read it");
    expect(response.stopReason).toBe("max_turn_requests");
  });
});
