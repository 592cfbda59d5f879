import { describe, expect, it } from "vitest";
import { parseClientProfile } from "../extensions/compose.js";
import {
  NO_HINTS,
  questionForm,
  questionHintsFor,
  readQuestions,
  toAnswers,
} from "./ask-user-question.js";

/** The hints of an AIR client and of a Lody one with answer notes, as the composition gives them. */
const AIR = questionHintsFor(
  parseClientProfile({ _meta: { jetbrains: { air: { version: 1, capabilities: [] } } } }),
);
const LODY_NOTES = questionHintsFor(
  parseClientProfile({
    elicitation: { form: {} },
    _meta: { lody: { elicitation: { version: 1, answerNotes: true } } },
  }),
);

const input = {
  questions: [
    {
      question: "Which database?",
      header: "DB",
      multiSelect: false,
      options: [
        { label: "Postgres", description: "SQL" },
        { label: "Redis", description: "KV" },
      ],
    },
    {
      question: "Which features?",
      header: "F",
      multiSelect: true,
      options: [
        { label: "Auth", description: "" },
        { label: "Billing", description: "" },
      ],
    },
  ],
};
const questions = readQuestions(input);

describe("AskUserQuestion as a form", () => {
  it("builds a select and an Other field per question, nothing required", () => {
    const form = questionForm(questions);
    expect(form.message).toBe("Claude has some questions for you");
    expect(form.requestedSchema).toStrictEqual({
      type: "object",
      required: [],
      properties: {
        question_0: {
          type: "string",
          title: "Which database?",
          oneOf: [
            { const: "Postgres", title: "Postgres", description: "SQL" },
            { const: "Redis", title: "Redis", description: "KV" },
          ],
        },
        question_0_custom: {
          type: "string",
          title: "Other",
          description: "Your own answer to: Which database?",
        },
        question_1: {
          type: "array",
          title: "Which features?",
          items: {
            anyOf: [
              { const: "Auth", title: "Auth" },
              { const: "Billing", title: "Billing" },
            ],
          },
        },
        question_1_custom: {
          type: "string",
          title: "Other",
          description: "Your own answer to: Which features?",
        },
      },
    });
  });

  it("names the select field of each question in its Other field, for AIR only", () => {
    const properties = questionForm(questions, AIR).requestedSchema.properties ?? {};
    const plain = questionForm(questions).requestedSchema.properties ?? {};
    const customAnswer = (questionId: string) => ({
      jetbrains: { air: { version: 1, customAnswer: { questionId, isCustomAnswer: true } } },
    });
    expect(properties.question_0_custom).toStrictEqual({
      type: "string",
      title: "Other",
      description: "Your own answer to: Which database?",
      _meta: customAnswer("question_0"),
    });
    expect(properties.question_1_custom).toStrictEqual({
      type: "string",
      title: "Other",
      description: "Your own answer to: Which features?",
      _meta: customAnswer("question_1"),
    });
    // The select fields stay as they are.
    expect(properties.question_0).toStrictEqual(plain.question_0);
    expect(properties.question_1).toStrictEqual(plain.question_1);
  });

  it("maps accepted answers: labels, comma-joined multi-select, notes", () => {
    expect(
      toAnswers(questions, {
        action: "accept",
        content: {
          question_0: "Redis",
          question_0_custom: "with persistence",
          question_1: ["Auth", "Billing"],
          question_1_custom: "SSO",
        },
      }),
    ).toEqual({
      answers: { "Which database?": "Redis", "Which features?": "Auth, Billing, SSO" },
      annotations: { "Which database?": { notes: "with persistence" } },
    });
  });

  it("takes free text alone as the answer and ignores labels that were not offered", () => {
    expect(
      toAnswers(questions, {
        action: "accept",
        content: { question_0: "MySQL", question_0_custom: "SQLite" },
      }),
    ).toEqual({
      answers: { "Which database?": "SQLite" },
      annotations: {},
    });
  });

  it("declined means no answers, cancelled aborts", () => {
    expect(toAnswers(questions, { action: "decline" })).toEqual({ answers: {}, annotations: {} });
    expect(toAnswers(questions, { action: "cancel" })).toBeUndefined();
  });

  it("skips malformed questions", () => {
    expect(
      readQuestions({ questions: [{ question: 3 }, "x", { question: "Ok?", options: [] }] }),
    ).toEqual([{ question: "Ok?", multiSelect: false, options: [] }]);
  });
});

describe("AskUserQuestion: edges", () => {
  it("reads options without description or label, and a question without header", () => {
    expect(
      readQuestions({
        questions: [
          {
            question: "Pick?",
            multiSelect: "yes",
            options: [
              { label: "A", description: "" },
              { description: "no label" },
              "B",
              { label: "C", description: "c" },
            ],
          },
          { question: "No options?" },
        ],
      }),
    ).toStrictEqual([
      {
        question: "Pick?",
        multiSelect: false,
        options: [{ label: "A" }, { label: "C", description: "c" }],
      },
    ]);
    expect(readQuestions({ questions: "x" })).toEqual([]);
    expect(readQuestions(null)).toEqual([]);
  });

  it("asks a single question by its own words", () => {
    expect(questionForm(readQuestions({ questions: [{ question: "Why?", options: [] }] }))).toEqual(
      {
        message: "Why?",
        requestedSchema: {
          type: "object",
          required: [],
          properties: {
            question_0: { type: "string", title: "Why?", oneOf: [] },
            question_0_custom: {
              type: "string",
              title: "Other",
              description: "Your own answer to: Why?",
            },
          },
        },
      },
    );
  });

  it("skips a question with no usable answer, and keeps picks of offered labels only", () => {
    expect(
      toAnswers(questions, {
        action: "accept",
        content: {
          question_0: ["Redis"],
          question_0_custom: "   ",
          question_1: ["Nope", 3, "Auth"],
        },
      }),
    ).toEqual({
      answers: { "Which database?": "Redis", "Which features?": "Auth" },
      annotations: {},
    });
    expect(
      toAnswers(questions, {
        action: "accept",
        content: { question_1: [], question_1_custom: " SSO " },
      }),
    ).toEqual({ answers: { "Which features?": "SSO" }, annotations: {} });
    expect(toAnswers(questions, { action: "accept", content: { question_1: "x" } })).toEqual({
      answers: {},
      annotations: {},
    });
    expect(toAnswers(questions, { action: "accept" } as never)).toEqual({
      answers: {},
      annotations: {},
    });
  });
});

describe("AskUserQuestion: unanswered questions (ask_user_question_unanswered_v1)", () => {
  const LODY = LODY_NOTES;
  it.each([
    [
      "declined: every question dismissed",
      NO_HINTS,
      { action: "decline" } as const,
      {
        answers: {},
        annotations: {
          "Which database?": { unanswered: "dismissed" },
          "Which features?": { unanswered: "dismissed" },
        },
      },
    ],
    [
      "accepted with a blank question: that one skipped",
      NO_HINTS,
      { action: "accept", content: { question_0: "Redis", question_0_custom: "AOF" } } as const,
      {
        answers: { "Which database?": "Redis" },
        annotations: {
          "Which database?": { notes: "AOF" },
          "Which features?": { unanswered: "skipped" },
        },
      },
    ],
    [
      "Lody declined",
      LODY,
      { action: "decline" } as const,
      {
        answers: {},
        annotations: {
          "Which database?": { unanswered: "dismissed" },
          "Which features?": { unanswered: "dismissed" },
        },
      },
    ],
    [
      "Lody: a note on a blank question stays beside the marker",
      LODY,
      { action: "accept", content: { question_0: "Redis", question_1_note: "later" } } as const,
      {
        answers: { "Which database?": "Redis" },
        annotations: { "Which features?": { notes: "later", unanswered: "skipped" } },
      },
    ],
  ])("%s", (_name, hints, response, expected) => {
    expect(toAnswers(questions, response, hints, true)).toStrictEqual(expected);
  });

  it("is absent when Claude Code did not declare it, and a cancel still aborts", () => {
    expect(toAnswers(questions, { action: "decline" }, NO_HINTS, false)).toStrictEqual({
      answers: {},
      annotations: {},
    });
    expect(toAnswers(questions, { action: "decline" }, LODY)).toStrictEqual({ answers: {} });
    expect(toAnswers(questions, { action: "cancel" }, NO_HINTS, true)).toBeUndefined();
    expect(toAnswers(questions, { action: "cancel" }, LODY, true)).toBeUndefined();
  });
});

describe("AskUserQuestion: option previews (_claude/askUserQuestionOption)", () => {
  const previewed = readQuestions({
    questions: [
      {
        question: "Which layout?",
        options: [
          { label: "Grid", description: "Cards", preview: "[ ][ ]" },
          { label: "List", preview: "" },
        ],
      },
      {
        question: "Which parts?",
        multiSelect: true,
        options: [{ label: "Nav", preview: "<nav/>" }, { label: "Footer" }],
      },
    ],
  });
  const choices = (hints: typeof NO_HINTS) => {
    const p = questionForm(previewed, hints).requestedSchema.properties ?? {};
    return [
      (p.question_0 as { oneOf: unknown[] }).oneOf,
      (p.question_1 as { items: { anyOf: unknown[] } }).items.anyOf,
    ];
  };

  it("carries each option's preview under upstream's key for a client neither AIR nor Lody", () => {
    expect(choices(NO_HINTS)).toStrictEqual([
      [
        {
          const: "Grid",
          title: "Grid",
          description: "Cards",
          _meta: { "_claude/askUserQuestionOption": { preview: "[ ][ ]" } },
        },
        { const: "List", title: "List" },
      ],
      [
        {
          const: "Nav",
          title: "Nav",
          _meta: { "_claude/askUserQuestionOption": { preview: "<nav/>" } },
        },
        { const: "Footer", title: "Footer" },
      ],
    ]);
  });

  it("is absent for AIR", () => {
    expect(choices(AIR)).toStrictEqual([
      [
        { const: "Grid", title: "Grid", description: "Cards" },
        { const: "List", title: "List" },
      ],
      [
        { const: "Nav", title: "Nav" },
        { const: "Footer", title: "Footer" },
      ],
    ]);
  });
});
