import type {
  CreateElicitationResponse,
  ElicitationPropertySchema,
  ElicitationSchema,
} from "@agentclientprotocol/sdk/unstable";
import { customAnswerMeta } from "../extensions/air/custom-answer.js";
import { record, str } from "./tool-calls/reporter.js";

interface Question {
  readonly question: string;
  readonly header?: string;
  readonly multiSelect: boolean;
  readonly options: ReadonlyArray<{ label: string; description?: string }>;
}

/** The questions of an AskUserQuestion input that can be asked; malformed ones are skipped. */
export function readQuestions(input: unknown): Question[] {
  const questions = record(input)?.questions;
  if (!Array.isArray(questions)) return [];
  return questions.flatMap((raw): Question[] => {
    const q = record(raw);
    const question = str(q?.question);
    if (!question || !Array.isArray(q?.options)) return [];
    const options = q.options.flatMap((o) => {
      const label = str(record(o)?.label);
      const description = str(record(o)?.description);
      return label ? [{ label, ...(description ? { description } : {}) }] : [];
    });
    const header = str(q.header);
    return [
      { question, ...(header ? { header } : {}), multiSelect: q.multiSelect === true, options },
    ];
  });
}

/**
 * The form that asks Claude's questions: per question a select field (`question_<n>`,
 * a titled `oneOf`, or an `anyOf` array for multi-select) and a free-text `Other` field
 * (`question_<n>_custom`). Nothing is required: the user may skip a question.
 * `airHints`: each `Other` field names its select field in `_meta` (AIR `customAnswer`,
 * S000 "Question custom answers"), for an AIR client only.
 */
export function questionForm(
  questions: readonly Question[],
  airHints = false,
): {
  message: string;
  requestedSchema: ElicitationSchema;
} {
  const properties: Record<string, ElicitationPropertySchema> = {};
  questions.forEach((q, n) => {
    const choices = q.options.map((o) => ({
      const: o.label,
      title: o.label,
      ...(o.description ? { description: o.description } : {}),
    }));
    const select = `question_${n}`;
    properties[select] = q.multiSelect
      ? { type: "array", title: q.question, items: { anyOf: choices } }
      : { type: "string", title: q.question, oneOf: choices };
    const other: ElicitationPropertySchema & { _meta?: Record<string, unknown> } = {
      type: "string",
      title: "Other",
      description: `Your own answer to: ${q.question}`,
    };
    if (airHints) other._meta = customAnswerMeta(select);
    properties[`${select}_custom`] = other;
  });
  const message =
    questions.length === 1 ? questions[0]!.question : "Claude has some questions for you";
  return { message, requestedSchema: { type: "object", properties, required: [] } };
}

export interface QuestionAnswers {
  answers: Record<string, string>;
  annotations: Record<string, { notes: string }>;
}

/**
 * The user's form answers → Claude's `answers` (and `annotations`): a single choice is
 * its label, several are comma-joined; free text joins a multi-select, and alongside a
 * single choice it becomes the note on that answer (on its own it is the answer).
 * `undefined` means the user cancelled: the tool use is aborted.
 */
export function toAnswers(
  questions: readonly Question[],
  response: CreateElicitationResponse,
): QuestionAnswers | undefined {
  if (response.action === "cancel") return undefined;
  const result: QuestionAnswers = { answers: {}, annotations: {} };
  if (response.action !== "accept") return result;
  const content = record((response as { content?: unknown }).content) ?? {};
  questions.forEach((q, n) => {
    const picked = content[`question_${n}`];
    const labels = (Array.isArray(picked) ? picked : [picked]).filter(
      (v): v is string => typeof v === "string" && q.options.some((o) => o.label === v),
    );
    const custom = str(content[`question_${n}_custom`])?.trim();
    if (q.multiSelect) {
      const all = custom ? [...labels, custom] : labels;
      if (all.length > 0) result.answers[q.question] = all.join(", ");
    } else if (labels[0]) {
      result.answers[q.question] = labels[0];
      if (custom) result.annotations[q.question] = { notes: custom };
    } else if (custom) {
      result.answers[q.question] = custom;
    }
  });
  return result;
}
