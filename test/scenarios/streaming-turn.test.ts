import { describe, expect, it } from "vitest";
import { PROFILES } from "../support/acp-harness.js";
import { useScenarios } from "../support/scenario-test.js";

const scenario = useScenarios();

/** A claude.ai login: Claude Code reads a plan's rate-limit headers only for one. */
const CLAUDE_AI = { ANTHROPIC_API_KEY: "", CLAUDE_CODE_OAUTH_TOKEN: "sk-ant-oat01-scenario" };
/** A plan's window as the Anthropic API reports it: Claude Code tells it (`rate_limit_event`). */
const RESETS_AT = Math.floor(Date.now() / 1000) + 3600;
const PLAN_HEADERS = {
  "anthropic-ratelimit-unified-status": "allowed",
  "anthropic-ratelimit-unified-representative-claim": "five_hour",
  "anthropic-ratelimit-unified-5h-utilization": "0.25",
  "anthropic-ratelimit-unified-5h-reset": String(RESETS_AT),
};

describe.each(Object.entries(PROFILES))("a streamed chat turn (%s client)", (_name, profile) => {
  it("streams thinking and text once each, then ends the turn with usage", async () => {
    const s = await scenario({
      env: CLAUDE_AI,
      script: [
        {
          id: "msg_first",
          headers: PLAN_HEADERS,
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

    // Each call is reported as it starts and once it generated, against the window Claude
    // Code measured (no result told it yet; the name alone would say 200k), then the plan's
    // rate-limit news (a claude.ai login) with the turn's use, then the turn's report.
    const usage = updates.filter((u) => u.sessionUpdate === "usage_update");
    const model = s.model.mainRequests()[0]!.body.model;
    const report = (used: number, meta: object = {}) => ({
      sessionUpdate: "usage_update",
      used,
      size: 1_000_000,
      _meta: { ...meta, "_claude/model": model },
    });
    const rateLimit = { status: "allowed", rateLimitType: "five_hour", isUsingOverage: false };
    expect(usage).toEqual([
      report(131),
      report(160),
      report(160, { "_claude/rateLimit": expect.objectContaining(rateLimit) as object }),
      {
        ...report(160, { "_claude/origin": { kind: "human" } }),
        cost: { amount: expect.any(Number), currency: "USD" },
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
