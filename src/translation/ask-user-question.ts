import type {
  CreateElicitationResponse,
  ElicitationPropertySchema,
  ElicitationSchema,
} from "@agentclientprotocol/sdk/unstable";
import { customAnswerMeta } from "../extensions/air/custom-answer.js";
import {
  customAnswerForMeta,
  NOTE_TITLE,
  noteForMeta,
  previewMeta,
  questionsMeta,
} from "../extensions/lody/elicitation.js";
import type { ClientProfile } from "../profile/client-profile.js";
import { record, str } from "./tool-calls/reporter.js";

interface Question {
  readonly question: string;
  readonly header?: string;
  readonly multiSelect: boolean;
  readonly options: ReadonlyArray<{ label: string; description?: string; preview?: string }>;
}

/**
 * What a client's form carries beyond the standard fields. `air`: each `Other` field
 * names its select field (AIR `customAnswer`). `lody`: Lody's `_meta.lody.elicitation`
 * (lody-contract.md §7.4) and its answer rules; `notes`: a separate note field per
 * question (Lody `answerNotes`, only with `lody`).
 */
export interface QuestionHints {
  readonly air: boolean;
  readonly lody: boolean;
  readonly notes: boolean;
}

export const NO_HINTS: QuestionHints = { air: false, lody: false, notes: false };

export function questionHintsFor(profile: ClientProfile): QuestionHints {
  return {
    air: profile.air.client,
    lody: profile.lody.client,
    notes: profile.lody.client && profile.lody.answerNotes,
  };
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
      const preview = str(record(o)?.preview);
      return label
        ? [{ label, ...(description ? { description } : {}), ...(preview ? { preview } : {}) }]
        : [];
    });
    const header = str(q.header);
    return [
      { question, ...(header ? { header } : {}), multiSelect: q.multiSelect === true, options },
    ];
  });
}

type Property = ElicitationPropertySchema & { _meta?: Record<string, unknown> };

/**
 * The form that asks Claude's questions: per question a select field (`question_<n>`,
 * a titled `oneOf`, or an `anyOf` array for multi-select) and a free-text `Other` field
 * (`question_<n>_custom`). Nothing is required: the user may skip a question.
 * `hints.air`: each `Other` field names its select field in `_meta` (AIR `customAnswer`,
 * S000 "Question custom answers"), for an AIR client only. `hints.lody`: the request,
 * the `Other` fields and the options with a preview carry `_meta.lody.elicitation`, and
 * with `hints.notes` each question has a note field (`question_<n>_note`, `noteFor`);
 * a Lody form has no `required` list at all (contract §7.4, acceptance check 21), and
 * its select fields are titled with the question's header.
 */
export function questionForm(
  questions: readonly Question[],
  hints: QuestionHints = NO_HINTS,
): {
  message: string;
  requestedSchema: ElicitationSchema;
  _meta?: Record<string, unknown>;
} {
  const properties: Record<string, ElicitationPropertySchema> = {};
  const notes = hints.lody && hints.notes;
  questions.forEach((q, n) => {
    const choices = q.options.map((o) => ({
      const: o.label,
      title: o.label,
      ...(o.description ? { description: o.description } : {}),
      ...(o.preview ? optionPreview(o.preview, hints) : {}),
    }));
    const select = `question_${n}`;
    // Lody's parser (acp-extension-core) reads a field's title as the question's header
    // and, with several questions, its description as the question.
    const words = hints.lody ? lodyWords(q, questions.length > 1) : { title: q.question };
    properties[select] = q.multiSelect
      ? { type: "array", ...words, items: { anyOf: choices } }
      : { type: "string", ...words, oneOf: choices };
    const other: Property = {
      type: "string",
      title: "Other",
      description: `Your own answer to: ${q.question}`,
    };
    if (hints.air) other._meta = customAnswerMeta(select);
    if (hints.lody) other._meta = customAnswerForMeta(other._meta, select);
    properties[`${select}_custom`] = other;
    if (notes) {
      const note: Property = {
        type: "string",
        title: NOTE_TITLE,
        description: `A note to go with your answer to: ${q.question}`,
        _meta: noteForMeta(select),
      };
      properties[`${select}_note`] = note;
    }
  });
  const message =
    questions.length === 1 ? questions[0]!.question : "Claude has some questions for you";
  if (!hints.lody)
    return { message, requestedSchema: { type: "object", properties, required: [] } };
  const listed = questions.map((q, n) => ({
    id: `question_${n}`,
    question: q.question,
    header: q.header ?? "",
    options: q.options,
    multiSelect: q.multiSelect,
    ...(notes ? { noteFieldId: `question_${n}_note` } : {}),
  }));
  return {
    message,
    requestedSchema: { type: "object", properties },
    _meta: questionsMeta(listed),
  };
}

/** Upstream's `_meta` key of an option's `preview`, which ACP's enum option has no field for. */
export const CLAUDE_OPTION_KEY = "_claude/askUserQuestionOption";

/**
 * An option's `preview` (a mockup or snippet shown on focus): in Lody's own key for Lody,
 * in upstream's `_claude/askUserQuestionOption` for a client that is neither AIR (spec
 * Compatibility rule: the `_claude/*` keys are not AIR's) nor Lody.
 */
function optionPreview(preview: string, hints: QuestionHints): { _meta?: Record<string, unknown> } {
  if (hints.lody) return { _meta: previewMeta(preview) };
  if (hints.air) return {};
  return { _meta: { [CLAUDE_OPTION_KEY]: { preview } } };
}

/** A Lody select field's title (the header) and, with several questions, description. */
function lodyWords(q: Question, several: boolean): { title: string; description?: string } {
  const title = q.header ?? q.question;
  return several ? { title, description: q.question } : { title };
}

/**
 * Claude Code's capability (`system/init` `capabilities`) to take
 * `annotations[question].unanswered`; a Claude Code without it may refuse the answer.
 */
export const UNANSWERED_CAPABILITY = "ask_user_question_unanswered_v1";

/** How a question went unanswered, in Claude Code's words: the form declined or left blank. */
type Unanswered = "dismissed" | "skipped";

interface Annotation {
  notes?: string;
  unanswered?: Unanswered;
}

export interface QuestionAnswers {
  answers: Record<string, string>;
  /** Always present for a client that is not Lody; for Lody only with something in it. */
  annotations?: Record<string, Annotation>;
}

/** The labels of `q`'s options the user picked (anything else is ignored). */
function pickedLabels(q: Question, picked: unknown): string[] {
  return (Array.isArray(picked) ? picked : [picked]).filter(
    (v): v is string => typeof v === "string" && q.options.some((o) => o.label === v),
  );
}

/**
 * The user's form answers → Claude's `answers` (and `annotations`): a single choice is
 * its label, several are comma-joined; free text joins a multi-select, and alongside a
 * single choice it becomes the note on that answer (on its own it is the answer).
 * `undefined` means the user cancelled: the tool use is aborted. A Lody client's
 * answers follow Lody's rules (`lodyAnswers`). `reportUnanswered` (Claude Code declared
 * `UNANSWERED_CAPABILITY`): each question left without an answer says how, so Claude
 * Code's tool result tells a declined form (`dismissed`) from a blank field (`skipped`).
 */
export function toAnswers(
  questions: readonly Question[],
  response: CreateElicitationResponse,
  hints: QuestionHints = NO_HINTS,
  reportUnanswered = false,
): QuestionAnswers | undefined {
  const result = hints.lody
    ? lodyAnswers(questions, response, hints.notes)
    : plainAnswers(questions, response);
  if (!result || !reportUnanswered) return result;
  const how: Unanswered = response.action === "accept" ? "skipped" : "dismissed";
  const annotations = { ...result.annotations };
  for (const q of questions)
    if (result.answers[q.question] === undefined)
      annotations[q.question] = { ...annotations[q.question], unanswered: how };
  return Object.keys(annotations).length > 0 ? { ...result, annotations } : result;
}

/** The answer rules of a client that is not Lody (`toAnswers`). */
function plainAnswers(
  questions: readonly Question[],
  response: CreateElicitationResponse,
): QuestionAnswers | undefined {
  if (response.action === "cancel") return undefined;
  const result = {
    answers: {} as Record<string, string>,
    annotations: {} as Record<string, Annotation>,
  };
  if (response.action !== "accept") return result;
  const content = record((response as { content?: unknown }).content) ?? {};
  questions.forEach((q, n) => {
    const labels = pickedLabels(q, content[`question_${n}`]);
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

/**
 * Lody's answer rules (lody-contract.md §7.4, acceptance check 22): a non-blank `Other`
 * text replaces the pick, of a single or a multi-select question alike; a non-blank note
 * (only when `notes` was negotiated) becomes the SDK annotation Claude reads with the
 * answer (`annotations[question].notes`), never the answer. Decline: no answers; cancel
 * and any action the adapter does not know: `undefined`, the tool use is aborted.
 */
function lodyAnswers(
  questions: readonly Question[],
  response: CreateElicitationResponse,
  notes: boolean,
): QuestionAnswers | undefined {
  if (response.action === "decline") return { answers: {} };
  if (response.action !== "accept") return undefined;
  const content = record((response as { content?: unknown }).content) ?? {};
  const answers: Record<string, string> = {};
  const annotations: Record<string, { notes: string }> = {};
  questions.forEach((q, n) => {
    const custom = str(content[`question_${n}_custom`])?.trim();
    const labels = pickedLabels(q, content[`question_${n}`]);
    const answer = custom || (q.multiSelect ? labels.join(", ") : labels[0]);
    if (answer) answers[q.question] = answer;
    const note = notes ? str(content[`question_${n}_note`])?.trim() : undefined;
    if (note) annotations[q.question] = { notes: note };
  });
  return Object.keys(annotations).length > 0 ? { answers, annotations } : { answers };
}
