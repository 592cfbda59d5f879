import type { ClientCapabilities } from "@agentclientprotocol/sdk";
import { describe, expect, it } from "vitest";
import { REPO_ROOT, type Scenario } from "../support/acp-harness.js";
import { LODY, LODY_FULL } from "../support/lody.js";
import type { MessageTurn, RecordedRequest, ScriptedTurn } from "../support/model-server.js";
import { useScenarios } from "../support/scenario-test.js";

/**
 * Lody's answer notes on AskUserQuestion (lody-contract.md §7.4) and compaction activity
 * (§7.5) against real Claude Code and the scripted model: the form's `_meta.lody`
 * hints, a note reaching Claude next to the pick, a custom answer replacing it, no note
 * field without `answerNotes`, a plain client unchanged; a typed /compact as an activity
 * for a Lody client without ACP `session.compaction`, and none for one with it.
 */
const scenario = useScenarios();

const PREVIEW = "CREATE TABLE kv (k text primary key, v text);";
const question = {
  questions: [
    {
      question: "Which database?",
      header: "DB",
      multiSelect: false,
      options: [
        { label: "Postgres", description: "Relational", preview: PREVIEW },
        { label: "Redis", description: "Key-value" },
      ],
    },
    {
      question: "Which features?",
      header: "Features",
      multiSelect: true,
      options: [
        { label: "Auth", description: "Sign-in" },
        { label: "Billing", description: "Payments" },
      ],
    },
  ],
};
const askScript: ScriptedTurn[] = [
  { blocks: [{ type: "tool_use", id: "toolu_ask", name: "AskUserQuestion", input: question }] },
  { blocks: [{ type: "text", text: "Noted." }] },
];
const FORM = { elicitation: { form: {} } } satisfies ClientCapabilities;
const LODY_NO_NOTES = { ...FORM, _meta: { lody: {} } } satisfies ClientCapabilities;

interface WireForm {
  _meta?: unknown;
  requestedSchema: { properties: Record<string, unknown>; required?: unknown };
}
/** The elicitation request as it went over the wire (before the client's SDK read it). */
function formOnWire(s: Scenario): WireForm {
  const request = s
    .sentByAdapter()
    .find((m) => "method" in m && m.method === "elicitation/create") as
    { params: WireForm } | undefined;
  return request!.params;
}

/**
 * What Claude Code told the model the user answered: the tool result's first sentence.
 * Claude Code 0.3.318 writes an annotation's note after its answer as `notes: <text>`.
 */
function toolResult(s: Scenario): string {
  const answer = s.model.mainRequests()[1]!.body.messages.at(-1).content[0];
  expect(answer).toMatchObject({ type: "tool_result", tool_use_id: "toolu_ask" });
  const text = typeof answer.content === "string" ? answer.content : JSON.stringify(answer.content);
  return text.split(". Read the answers")[0]!;
}

async function ask(caps: ClientCapabilities, content: Record<string, unknown>): Promise<Scenario> {
  const s = await scenario({
    script: askScript,
    onElicitation: () => ({ action: "accept", content }),
  });
  await s.initialize(caps);
  const sessionId = await s.newSession();
  expect((await s.prompt(sessionId, "ask me")).stopReason).toBe("end_turn");
  return s;
}

const elicitation = (fields: Record<string, unknown>) => ({
  lody: { elicitation: { version: 1, ...fields } },
});

describe("Lody answer notes on AskUserQuestion", () => {
  it("with answerNotes: the note fields and hints, and the note reaches Claude with the pick", async () => {
    const s = await ask(LODY_FULL, {
      question_0: "Redis",
      question_0_note: "  with AOF persistence  ",
      question_1: ["Auth", "Billing"],
    });
    const form = formOnWire(s);
    const { properties } = form.requestedSchema;
    expect(Object.keys(properties)).toEqual([
      "question_0",
      "question_0_custom",
      "question_0_note",
      "question_1",
      "question_1_custom",
      "question_1_note",
    ]);
    expect(form.requestedSchema).not.toHaveProperty("required");
    expect(properties.question_0_note).toStrictEqual({
      type: "string",
      title: "Note",
      description: "A note to go with your answer to: Which database?",
      _meta: elicitation({ noteFor: "question_0" }),
    });
    expect(properties.question_1_custom).toStrictEqual({
      type: "string",
      title: "Other",
      description: "Your own answer to: Which features?",
      _meta: elicitation({ customAnswerFor: "question_1" }),
    });
    // Titled with the header, the question in the description (as Lody's parser reads it).
    expect(properties.question_1).toMatchObject({
      type: "array",
      title: "Features",
      description: "Which features?",
    });
    expect((properties.question_0 as { oneOf: unknown[] }).oneOf[0]).toStrictEqual({
      const: "Postgres",
      title: "Postgres",
      description: "Relational",
      _meta: elicitation({ preview: PREVIEW }),
    });
    expect(form._meta).toMatchObject(
      elicitation({
        questions: [
          {
            id: "question_0",
            question: "Which database?",
            header: "DB",
            multiSelect: false,
            allowCustomAnswer: true,
            note: { fieldId: "question_0_note", title: "Note" },
          },
          {
            id: "question_1",
            question: "Which features?",
            header: "Features",
            multiSelect: true,
            allowCustomAnswer: true,
            note: { fieldId: "question_1_note", title: "Note" },
          },
        ],
      }),
    );
    // The pick stays the answer; the note (trimmed) goes with it.
    expect(toolResult(s)).toBe(
      'The user answered: "Which database?"="Redis" notes: with AOF persistence, "Which features?"="Auth, Billing"',
    );
  });

  it("a custom answer beats the pick and a note, for single and multi-select", async () => {
    const s = await ask(LODY_FULL, {
      question_0: "Redis",
      question_0_custom: "SQLite",
      question_0_note: "small footprint",
      question_1: ["Auth"],
      question_1_custom: "Audit log",
    });
    expect(toolResult(s)).toBe(
      'The user answered: "Which database?"="SQLite" notes: small footprint, "Which features?"="Audit log"',
    );
  });

  it("a Lody client without answerNotes gets no note field, and a note sent anyway is ignored", async () => {
    const s = await ask(LODY_NO_NOTES, {
      question_0: "Redis",
      question_0_note: "with AOF persistence",
      question_1_custom: "Audit log",
    });
    const form = formOnWire(s);
    expect(Object.keys(form.requestedSchema.properties)).toEqual([
      "question_0",
      "question_0_custom",
      "question_1",
      "question_1_custom",
    ]);
    expect(JSON.stringify(form)).not.toContain("_note");
    expect(JSON.stringify(form)).not.toContain("noteFor");
    expect(form.requestedSchema.properties.question_0_custom).toMatchObject({
      _meta: elicitation({ customAnswerFor: "question_0" }),
    });
    expect(toolResult(s)).toBe(
      'The user answered: "Which database?"="Redis", "Which features?"="Audit log"',
    );
  });

  it("a plain client is unchanged: no lody key, Other beside a single pick is its note", async () => {
    const s = await ask(FORM, {
      question_0: "Redis",
      question_0_custom: "with AOF",
      question_1: ["Auth"],
      question_1_custom: "Audit log",
    });
    const form = formOnWire(s);
    expect(form.requestedSchema.required).toEqual([]);
    expect(form).not.toHaveProperty("_meta");
    expect(Object.keys(form.requestedSchema.properties)).toEqual([
      "question_0",
      "question_0_custom",
      "question_1",
      "question_1_custom",
    ]);
    // The bin's path may name a worktree "...lody...": only the traffic's own words count.
    expect(JSON.stringify(s.sentByAdapter()).replaceAll(REPO_ROOT, "")).not.toContain("lody");
    // The option's preview travels only under upstream's key (features 1k `_claude/*`).
    const options = JSON.stringify(form.requestedSchema.properties);
    expect(options.split(PREVIEW).length - 1).toBe(1);
    expect(options).toContain(
      JSON.stringify({ "_claude/askUserQuestionOption": { preview: PREVIEW } }),
    );
    expect(toolResult(s)).toBe(
      'The user answered: "Which database?"="Redis" notes: with AOF, "Which features?"="Auth, Audit log"',
    );
  });
});

const SUMMARY_PROMPT = "Your task is to create a detailed summary of";
const summarize = (req: RecordedRequest): MessageTurn | undefined =>
  JSON.stringify(req.body?.messages?.at(-1) ?? "").includes(SUMMARY_PROMPT)
    ? { blocks: [{ type: "text", text: "<summary>We said hello.</summary>" }] }
    : undefined;

type Update = ReturnType<Scenario["updates"]>[number];
function compactionUpdates(s: Scenario, sessionId: string): Update[] {
  return s
    .updates(sessionId)
    .filter(
      (u) =>
        u.sessionUpdate === "compaction_update" ||
        u.sessionUpdate === "compaction_summary_chunk" ||
        ((u.sessionUpdate === "tool_call" || u.sessionUpdate === "tool_call_update") &&
          u.toolCallId.startsWith("compact-")),
    );
}

const activity = (record: Record<string, unknown>) => ({
  lody: { activity: { version: 1, kind: "context_compaction", ...record } },
});

describe("Lody compaction activity", () => {
  it("a typed /compact is an activity for a Lody client without session.compaction", async () => {
    const s = await scenario({
      script: [{ blocks: [{ type: "text", text: "Hello!" }] }],
      sideTurn: summarize,
    });
    await s.initialize(LODY);
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "hi");
    expect((await s.prompt(sessionId, "/compact")).stopReason).toBe("end_turn");

    const updates = compactionUpdates(s, sessionId);
    expect(updates).toHaveLength(2);
    const [start, end] = updates as [Update & { toolCallId: string }, Update];
    expect(start).toStrictEqual({
      sessionUpdate: "tool_call",
      toolCallId: start.toolCallId,
      title: "Compact conversation",
      kind: "think",
      status: "in_progress",
      _meta: { claudeCode: { toolName: "compact" }, ...activity({ automatic: false }) },
    });
    expect(end).toMatchObject({
      sessionUpdate: "tool_call_update",
      toolCallId: start.toolCallId,
      status: "completed",
      _meta: {
        claudeCode: { toolName: "compact" },
        ...activity({
          automatic: false,
          usedTokensBefore: expect.any(Number),
          usedTokensAfter: expect.any(Number),
        }),
      },
    });
    const record = (end._meta as ReturnType<typeof activity>).lody.activity;
    expect(Object.keys(record).sort()).toEqual([
      "automatic",
      "kind",
      "usedTokensAfter",
      "usedTokensBefore",
      "version",
    ]);
  });

  it("a Lody client with session.compaction gets the ACP updates and no activity", async () => {
    const s = await scenario({
      script: [{ blocks: [{ type: "text", text: "Hello!" }] }],
      sideTurn: summarize,
    });
    await s.initialize({ session: { compaction: {} }, _meta: { lody: {} } } as ClientCapabilities);
    const sessionId = await s.newSession();
    await s.prompt(sessionId, "hi");
    await s.prompt(sessionId, "/compact");

    const updates = compactionUpdates(s, sessionId);
    expect(updates.map((u) => u.sessionUpdate)).toEqual([
      "compaction_update",
      "compaction_summary_chunk",
      "compaction_update",
    ]);
    const traffic = JSON.stringify(s.updates(sessionId));
    expect(traffic).not.toContain('"activity"');
    expect(traffic).not.toContain("context_compaction");
  });

  it("an automatic compaction is an activity with automatic true", async () => {
    const s = await scenario({
      env: { CLAUDE_CODE_AUTO_COMPACT_WINDOW: "100000" },
      script: [
        { blocks: [{ type: "text", text: "One." }] },
        { blocks: [{ type: "text", text: "Two." }] },
        {
          blocks: [{ type: "text", text: "Three." }],
          usage: { input_tokens: 190_000, output_tokens: 10 },
        },
        { blocks: [{ type: "text", text: "Four." }] },
      ],
      sideTurn: summarize,
    });
    await s.initialize(LODY);
    const sessionId = await s.newSession();
    for (const prompt of ["one", "two", "three"]) await s.prompt(sessionId, prompt);
    expect((await s.prompt(sessionId, "four")).stopReason).toBe("end_turn");
    const updates = compactionUpdates(s, sessionId);
    expect(updates.map((u) => u._meta)).toEqual([
      { claudeCode: { toolName: "compact" }, ...activity({ automatic: true }) },
      {
        claudeCode: { toolName: "compact" },
        ...activity({
          automatic: true,
          usedTokensBefore: expect.any(Number),
          usedTokensAfter: expect.any(Number),
        }),
      },
    ]);
    const end = (updates[1]!._meta as { lody: { activity: { usedTokensBefore: number } } }).lody
      .activity;
    expect(end.usedTokensBefore).toBeGreaterThanOrEqual(190_000);
  });
});

describe("Lody retry activity", () => {
  it("Claude Code's retries are one activity per turn: completed at the answer, failed with the turn", async () => {
    // CLAUDE_CODE_MAX_RETRIES=1: two attempts, with an `api_retry` between them.
    const s = await scenario({
      env: { CLAUDE_CODE_MAX_RETRIES: "1" },
      script: [
        { kind: "error", status: 529, message: "Overloaded" },
        { blocks: [{ type: "text", text: "Fine." }] },
        { kind: "error", status: 529, message: "Overloaded" },
        { kind: "error", status: 529, message: "Overloaded" },
      ],
    });
    await s.initialize(LODY);
    const sessionId = await s.newSession();
    expect((await s.prompt(sessionId, "hi")).stopReason).toBe("end_turn");
    await expect(s.prompt(sessionId, "again")).rejects.toThrow();
    const retries = s
      .updates(sessionId)
      .filter((u) => JSON.stringify(u).includes('"kind":"retry"')) as Update[];
    const [first, second] = retries.filter((u) => u.sessionUpdate === "tool_call") as Array<
      Update & { toolCallId: string }
    >;
    const retryMeta = (failureReason?: string) =>
      activity({ kind: "retry", automatic: true, ...(failureReason ? { failureReason } : {}) });
    expect(retries).toEqual([
      {
        sessionUpdate: "tool_call",
        toolCallId: first!.toolCallId,
        title: "Retrying Claude, attempt 1 of 1.",
        kind: "think",
        status: "in_progress",
        _meta: retryMeta(),
      },
      {
        sessionUpdate: "tool_call_update",
        toolCallId: first!.toolCallId,
        status: "completed",
        _meta: retryMeta(),
      },
      { ...retries[0], toolCallId: second!.toolCallId },
      {
        sessionUpdate: "tool_call_update",
        toolCallId: second!.toolCallId,
        status: "failed",
        _meta: retryMeta(expect.stringContaining("529")),
      },
    ]);
    expect(first!.toolCallId).toMatch(/^retry:/);
    expect(second!.toolCallId).not.toBe(first!.toolCallId);
    // The activity went out before the answer's text.
    const kinds = s.updates(sessionId).map((u) => (u as Update).sessionUpdate);
    expect(kinds.indexOf("tool_call")).toBeLessThan(kinds.indexOf("agent_message_chunk"));
  });
});
