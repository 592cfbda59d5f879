import { describe, expect, it } from "vitest";
import { parseClientProfile } from "../compose.js";
import {
  questionForm,
  questionHintsFor,
  readQuestions,
  toAnswers,
  type QuestionHints,
} from "../../translation/ask-user-question.js";

/**
 * Lody's AskUserQuestion form and answers (lody-contract.md §7.4, acceptance checks
 * 20–22): `customAnswerFor` on every `Other` field, `noteFor` fields only with answer
 * notes, previews on the options, no `required`; custom beats pick, notes annotate.
 */
const questions = readQuestions({
  questions: [
    {
      question: "Which database?",
      header: "DB",
      multiSelect: false,
      options: [
        { label: "Postgres", description: "SQL", preview: "CREATE TABLE t ();" },
        { label: "Redis", description: "KV" },
      ],
    },
    {
      question: "Which features?",
      header: "F",
      multiSelect: true,
      options: [{ label: "Auth" }, { label: "Billing" }],
    },
  ],
});

const FORM = { elicitation: { form: {} } };
const hintsOf = (caps: Record<string, unknown>): QuestionHints =>
  questionHintsFor(parseClientProfile(caps));
const LODY = hintsOf({ ...FORM, _meta: { lody: {} } });
const NOTES = hintsOf({
  ...FORM,
  _meta: { lody: { elicitation: { version: 1, answerNotes: true } } },
});
const AIR_AND_LODY = hintsOf({
  ...FORM,
  _meta: { lody: {}, jetbrains: { air: { version: 1, capabilities: [] } } },
});

/** Which hints a form shows: AIR's custom answers, Lody's `_meta`, Lody's note fields. */
function shown(hints: QuestionHints): { air: boolean; lody: boolean; notes: boolean } {
  const form = questionForm(questions, hints);
  return {
    air: JSON.stringify(form).includes('"isCustomAnswer"'),
    lody: form._meta !== undefined,
    notes: form.requestedSchema.properties?.question_0_note !== undefined,
  };
}
const elicitation = (fields: Record<string, unknown>) => ({
  lody: { elicitation: { version: 1, ...fields } },
});

describe("which clients get which hints", () => {
  const form = { elicitation: { form: {} } };
  it.each([
    ["a plain client", form, { air: false, lody: false, notes: false }],
    ["a Lody client", { ...form, _meta: { lody: {} } }, { air: false, lody: true, notes: false }],
    [
      "a Lody client with answer notes",
      { ...form, _meta: { lody: { elicitation: { version: 1, answerNotes: true } } } },
      { air: false, lody: true, notes: true },
    ],
    [
      "answer notes without form elicitation",
      { _meta: { lody: { elicitation: { version: 1, answerNotes: true } } } },
      { air: false, lody: true, notes: false },
    ],
    [
      "answer notes of version 2",
      { ...form, _meta: { lody: { elicitation: { version: 2, answerNotes: true } } } },
      { air: false, lody: true, notes: false },
    ],
    [
      "answer notes without _meta.lody",
      { ...form, _meta: { elicitation: { version: 1, answerNotes: true } } },
      { air: false, lody: false, notes: false },
    ],
    [
      "AIR and Lody",
      { ...form, _meta: { lody: {}, jetbrains: { air: { version: 1, capabilities: [] } } } },
      { air: true, lody: true, notes: false },
    ],
  ])("%s", (_name, caps, expected) => {
    expect(shown(hintsOf(caps))).toStrictEqual(expected);
  });
});

describe("the Lody form", () => {
  const choices0 = [
    {
      const: "Postgres",
      title: "Postgres",
      description: "SQL",
      _meta: elicitation({ preview: "CREATE TABLE t ();" }),
    },
    { const: "Redis", title: "Redis", description: "KV" },
  ];
  const choices1 = [
    { const: "Auth", title: "Auth" },
    { const: "Billing", title: "Billing" },
  ];
  // Titled with the header, the question in the description (several questions).
  const select0 = { type: "string", title: "DB", description: "Which database?", oneOf: choices0 };
  const select1 = {
    type: "array",
    title: "F",
    description: "Which features?",
    items: { anyOf: choices1 },
  };
  const other = (n: number, q: string) => ({
    type: "string",
    title: "Other",
    description: `Your own answer to: ${q}`,
    _meta: elicitation({ customAnswerFor: `question_${n}` }),
  });
  const note = (n: number, q: string) => ({
    type: "string",
    title: "Note",
    description: `A note to go with your answer to: ${q}`,
    _meta: elicitation({ noteFor: `question_${n}` }),
  });
  const listed = (withNotes: boolean) =>
    elicitation({
      questions: [
        {
          id: "question_0",
          question: "Which database?",
          header: "DB",
          options: [
            { label: "Postgres", description: "SQL", preview: "CREATE TABLE t ();" },
            { label: "Redis", description: "KV" },
          ],
          multiSelect: false,
          allowCustomAnswer: true,
          ...(withNotes ? { note: { fieldId: "question_0_note", title: "Note" } } : {}),
        },
        {
          id: "question_1",
          question: "Which features?",
          header: "F",
          options: [{ label: "Auth" }, { label: "Billing" }],
          multiSelect: true,
          allowCustomAnswer: true,
          ...(withNotes ? { note: { fieldId: "question_1_note", title: "Note" } } : {}),
        },
      ],
    });

  it("without answer notes: customAnswerFor on each Other field, no _note field, no required", () => {
    expect(questionForm(questions, LODY)).toStrictEqual({
      message: "Claude has some questions for you",
      requestedSchema: {
        type: "object",
        properties: {
          question_0: select0,
          question_0_custom: other(0, "Which database?"),
          question_1: select1,
          question_1_custom: other(1, "Which features?"),
        },
      },
      _meta: listed(false),
    });
  });

  it("with answer notes: a noteFor field per question", () => {
    expect(questionForm(questions, NOTES)).toStrictEqual({
      message: "Claude has some questions for you",
      requestedSchema: {
        type: "object",
        properties: {
          question_0: select0,
          question_0_custom: other(0, "Which database?"),
          question_0_note: note(0, "Which database?"),
          question_1: select1,
          question_1_custom: other(1, "Which features?"),
          question_1_note: note(1, "Which features?"),
        },
      },
      _meta: listed(true),
    });
  });

  it("a plain form has no lody key, its preview is upstream's", () => {
    const plain = questionForm(questions, hintsOf(FORM));
    expect(plain).toStrictEqual(questionForm(questions));
    expect(JSON.stringify(plain)).not.toContain("lody");
    expect(JSON.stringify(questionForm(questions, LODY))).not.toContain("_claude/");
  });

  it("a single question: titled with its header, the question is the message", () => {
    const one = readQuestions({
      questions: [{ question: "Which?", header: "H", options: [{ label: "A" }] }],
    });
    const headless = readQuestions({ questions: [{ question: "Which?", options: [] }] });
    expect(questionForm(one, LODY).requestedSchema.properties?.question_0).toStrictEqual({
      type: "string",
      title: "H",
      oneOf: [{ const: "A", title: "A" }],
    });
    expect(questionForm(one, LODY).message).toBe("Which?");
    expect(questionForm(headless, LODY).requestedSchema.properties?.question_0).toStrictEqual({
      type: "string",
      title: "Which?",
      oneOf: [],
    });
    // The contract's question has a header: an empty one when Claude gave none.
    expect(questionForm(headless, LODY)._meta).toStrictEqual(
      elicitation({
        questions: [
          {
            id: "question_0",
            question: "Which?",
            header: "",
            options: [],
            multiSelect: false,
            allowCustomAnswer: true,
          },
        ],
      }),
    );
  });

  it("AIR and Lody side by side: the Other field carries both", () => {
    const form = questionForm(questions, AIR_AND_LODY);
    expect(form.requestedSchema.properties?.question_0_custom).toStrictEqual({
      ...other(0, "Which database?"),
      _meta: {
        jetbrains: {
          air: { version: 1, customAnswer: { questionId: "question_0", isCustomAnswer: true } },
        },
        ...elicitation({ customAnswerFor: "question_0" }),
      },
    });
  });
});

describe("Lody answers", () => {
  const accept = (content: Record<string, unknown>) => ({ action: "accept" as const, content });

  it.each([
    [
      "a pick and its note: the note is the annotation",
      NOTES,
      { question_0: "Redis", question_0_note: "  with AOF  " },
      {
        answers: { "Which database?": "Redis" },
        annotations: { "Which database?": { notes: "with AOF" } },
      },
    ],
    [
      "custom beats pick and note (single)",
      NOTES,
      { question_0: "Redis", question_0_custom: " SQLite ", question_0_note: "small" },
      {
        answers: { "Which database?": "SQLite" },
        annotations: { "Which database?": { notes: "small" } },
      },
    ],
    [
      "custom beats the picks (multi)",
      LODY,
      { question_1: ["Auth", "Billing"], question_1_custom: "SSO" },
      { answers: { "Which features?": "SSO" } },
    ],
    [
      "a blank custom keeps the pick",
      LODY,
      {
        question_0: "Postgres",
        question_0_custom: "   ",
        question_1: ["Auth"],
        question_1_custom: " ",
      },
      { answers: { "Which database?": "Postgres", "Which features?": "Auth" } },
    ],
    [
      "custom replaces a single pick without notes negotiated (no annotation)",
      LODY,
      { question_0: "Redis", question_0_custom: "SQLite" },
      { answers: { "Which database?": "SQLite" } },
    ],
    [
      "un-negotiated notes are ignored",
      LODY,
      { question_0: "Redis", question_0_note: "with AOF" },
      { answers: { "Which database?": "Redis" } },
    ],
    [
      "a blank note is no annotation",
      NOTES,
      { question_1: ["Auth", "Billing"], question_1_note: "  " },
      { answers: { "Which features?": "Auth, Billing" } },
    ],
    [
      "a note on a multi-select",
      NOTES,
      { question_1: ["Billing", "Nope"], question_1_note: "later" },
      {
        answers: { "Which features?": "Billing" },
        annotations: { "Which features?": { notes: "later" } },
      },
    ],
    ["nothing answered", NOTES, {}, { answers: {} }],
  ])("%s", (_name, hints, content, expected) => {
    expect(toAnswers(questions, accept(content), hints)).toStrictEqual(expected);
  });

  it("decline: empty answers; cancel and an unknown action: the tool use is aborted", () => {
    expect(toAnswers(questions, { action: "decline" }, NOTES)).toStrictEqual({ answers: {} });
    expect(toAnswers(questions, { action: "cancel" }, NOTES)).toBeUndefined();
    expect(toAnswers(questions, { action: "_x/snooze" } as never, LODY)).toBeUndefined();
    expect(toAnswers(questions, { action: "accept" } as never, LODY)).toStrictEqual({
      answers: {},
    });
  });

  it("a client that is not Lody keeps its rules: custom joins, a single pick's custom is its note", () => {
    expect(
      toAnswers(
        questions,
        accept({ question_0: "Redis", question_0_custom: "AOF", question_0_note: "x" }),
      ),
    ).toStrictEqual({
      answers: { "Which database?": "Redis" },
      annotations: { "Which database?": { notes: "AOF" } },
    });
    expect(toAnswers(questions, { action: "_x/snooze" } as never)).toStrictEqual({
      answers: {},
      annotations: {},
    });
  });
});
