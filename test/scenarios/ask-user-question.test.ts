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
