import { describe, expect, it } from "vitest";
import { toolCallUpdates } from "../support/acp-harness.js";
import { useScenarios } from "../support/scenario-test.js";

const scenario = useScenarios();

const question = {
  questions: [
    {
      question: "Which database?",
      header: "DB",
      multiSelect: false,
      options: [
        { label: "Postgres", description: "Relational" },
        { label: "Redis", description: "Key-value" },
      ],
    },
  ],
};

const script = [
  {
    blocks: [
      { type: "tool_use" as const, id: "toolu_ask", name: "AskUserQuestion", input: question },
    ],
  },
  { blocks: [{ type: "text" as const, text: "Noted." }] },
];

describe("AskUserQuestion", () => {
  it("asks the questions as a form elicitation and gives Claude the answers", async () => {
    const s = await scenario({
      settings: { permissions: { defaultMode: "default" } },
      script,
      onElicitation: () => ({
        action: "accept",
        content: { question_0: "Redis", question_0_custom: "with AOF" },
      }),
    });
    await s.initialize({ elicitation: { form: {} } });
    const sessionId = await s.newSession();
    expect((await s.prompt(sessionId, "ask me")).stopReason).toBe("end_turn");

    expect(s.elicitations).toHaveLength(1);
    expect(s.elicitations[0]).toMatchObject({
      mode: "form",
      sessionId,
      toolCallId: "toolu_ask",
      message: "Which database?",
      requestedSchema: {
        properties: {
          question_0: { type: "string", oneOf: expect.any(Array) },
          question_0_custom: { title: "Other" },
        },
      },
    });
    // The tool call went out before the form, titled with the single question.
    const ask = toolCallUpdates(s, sessionId, "toolu_ask");
    expect(ask[0]).toMatchObject({ sessionUpdate: "tool_call", kind: "other" });
    expect(ask.flatMap((u) => (u.title ? [u.title] : [])).at(-1)).toBe("Which database?");
    const toolResult = JSON.stringify(s.model.mainRequests()[1]!.body.messages.at(-1));
    expect(toolResult).toContain("Redis");
    expect(toolResult).toContain("with AOF");
    expect(s.permissionRequests).toEqual([]);
  });

  it("is not offered to a client without form elicitation", async () => {
    const s = await scenario({ script: [{ blocks: [{ type: "text", text: "hi" }] }] });
    await s.initialize({});
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "hello");
    const tools = (s.model.mainRequests()[0]!.body.tools as Array<{ name: string }>).map(
      (t) => t.name,
    );
    expect(tools).not.toContain("AskUserQuestion");
    expect(tools).toContain("Bash");
  });

  it("a declined form answers nothing and tells Claude Code the question was dismissed", async () => {
    const s = await scenario({ script, onElicitation: () => ({ action: "decline" }) });
    await s.initialize({ elicitation: { form: {} } });
    const sessionId = await s.newSession();
    expect((await s.prompt(sessionId, "ask me")).stopReason).toBe("end_turn");
    // Claude Code (ask_user_question_unanswered_v1) echoes the marker in its tool result.
    const updates = toolCallUpdates(s, sessionId, "toolu_ask");
    const response = updates.flatMap((u) => {
      const meta = u._meta as { claudeCode?: { toolResponse?: unknown } } | undefined;
      const r = meta?.claudeCode?.toolResponse;
      return r ? [r] : [];
    });
    expect(response.at(-1)).toMatchObject({
      answers: {},
      annotations: { "Which database?": { unanswered: "dismissed" } },
    });
    expect(updates.at(-1)).toMatchObject({ status: "completed" });
  });

  it("a cancelled form aborts the tool use", async () => {
    const s = await scenario({ script, onElicitation: () => ({ action: "cancel" }) });
    await s.initialize({ elicitation: { form: {} } });
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "ask me");
    expect(toolCallUpdates(s, sessionId, "toolu_ask").at(-1)).toMatchObject({ status: "failed" });
  });
});

/**
 * Claude Code's refusal fallback dialog (features 1p): with `switchModelsOnFlag: false`
 * ("Ask each time") Claude Code 2.1.318 asks before it retries a refused message on its
 * fallback model. Its same-model retry comes first unless CLAUDE_CODE_DISABLE_REFUSAL_RETRY
 * is set, and only a refusal with a category (`stop_details`) has a fallback.
 */
const REFUSAL = {
  settings: { model: "claude-fable-5", switchModelsOnFlag: false },
  env: { CLAUDE_CODE_DISABLE_REFUSAL_RETRY: "1" },
};
const refused = {
  blocks: [{ type: "text" as const, text: "I can't help with that." }],
  stopReason: "refusal" as const,
  stopDetails: { type: "refusal", category: "cyber" },
};

describe("refusal fallback dialog", () => {
  it("asks the dialog as a form: a retry answers from the fallback model, a decline or an edit keeps the refusal", async () => {
    const answers = [
      { action: "accept" as const, content: { choice: "retry_fallback" } },
      { action: "decline" as const },
      { action: "accept" as const, content: { choice: "edit_prompt" } },
    ];
    const s = await scenario({
      ...REFUSAL,
      script: [
        refused,
        { blocks: [{ type: "text", text: "From the fallback." }] },
        refused,
        refused,
      ],
      onElicitation: () => answers.shift()!,
    });
    await s.initialize({ elicitation: { form: {} } });
    const retried = await s.newSession();
    expect((await s.prompt(retried, "scan my ports")).stopReason).toBe("end_turn");
    expect(s.elicitations).toStrictEqual([
      {
        mode: "form",
        sessionId: retried,
        message:
          "claude-fable-5's safeguards flagged this message (cyber). Retry it with claude-opus-4-8, or edit your prompt?",
        requestedSchema: {
          type: "object",
          properties: {
            choice: {
              type: "string",
              title: "What next?",
              oneOf: [
                {
                  const: "retry_fallback",
                  title: "Retry with claude-opus-4-8",
                  description: "The session goes on with claude-opus-4-8.",
                },
                {
                  const: "edit_prompt",
                  title: "Edit the prompt",
                  description: "The turn ends; the session stays on claude-fable-5.",
                },
              ],
            },
          },
          required: ["choice"],
        },
      },
    ]);
    expect(s.agentText(retried)).toContain("From the fallback.");
    // Claude Code's own words on the switch, as a notice (here a message line).
    expect(s.agentText(retried)).toContain(
      "**Model fallback:** Fable 5's safeguards flagged this message.",
    );
    // The picker offers no row for the fallback model: it claims no switch (an automatic
    // switch names no requested model, which is not a switch to the default).
    expect(s.updates(retried).filter((u) => u.sessionUpdate === "config_option_update")).toEqual(
      [],
    );
    const models = () => s.model.mainRequests().map((r) => r.body.model as string);
    expect(models()).toStrictEqual(["claude-fable-5", "claude-opus-4-8"]);

    const declined = await s.newSession();
    expect((await s.prompt(declined, "scan my ports")).stopReason).toBe("refusal");
    // "Edit the prompt": Claude Code stops the turn as if interrupted; no error for the user.
    const edited = await s.newSession();
    expect((await s.prompt(edited, "scan my ports")).stopReason).toBe("refusal");
    const asked = s.elicitations.map((e) => (e as { sessionId?: string }).sessionId);
    expect(asked).toStrictEqual([retried, declined, edited]);
    expect(models()).toStrictEqual([
      "claude-fable-5",
      "claude-opus-4-8",
      "claude-fable-5",
      "claude-fable-5",
    ]);
  });

  it("a client without form elicitation is asked nothing: the refusal ends the turn", async () => {
    const s = await scenario({ ...REFUSAL, script: [refused] });
    await s.initialize({});
    const sessionId = await s.newSession();
    expect((await s.prompt(sessionId, "scan my ports")).stopReason).toBe("refusal");
    expect(s.elicitations).toStrictEqual([]);
    expect(s.model.mainRequests().map((r) => r.body.model)).toStrictEqual(["claude-fable-5"]);
  });
});
