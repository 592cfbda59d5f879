import type {
  CreateElicitationResponse,
  ElicitationPropertySchema,
  ElicitationSchema,
} from "@agentclientprotocol/sdk/unstable";
import type { ClientProfile } from "../profile/client-profile.js";
import { record, str } from "./tool-calls/reporter.js";

export interface Question {
  readonly question: string;
  readonly header?: string;
  readonly multiSelect: boolean;
  readonly options: ReadonlyArray<{ label: string; description?: string; preview?: string }>;
}

/** A field of the form, with the `_meta` an extension may give it. */
export type Property = ElicitationPropertySchema & { _meta?: Record<string, unknown> };

/** The form that asks Claude's questions, as `session/elicitation` sends it. */
export interface QuestionFormRequest {
  message: string;
  requestedSchema: ElicitationSchema;
  _meta?: Record<string, unknown>;
}

/**
 * An extension's part in Claude's question form and its answers (AIR's custom answers,
 * Lody's `_meta.lody.elicitation` and answer rules): each step is optional, and the
 * negotiated extensions' parts run in the composition's order, each on what the parts
 * before it made.
 */
export interface QuestionFormPart {
  /** A select field's title and description (the question by default). */
  selectWords?(q: Question, several: boolean): { title: string; description?: string };
  /** An option's `_meta` for its `preview`, given the one so far (upstream's key). */
  optionPreview?(
    preview: string,
    meta: Record<string, unknown> | undefined,
  ): Record<string, unknown> | undefined;
  /** The `Other` field's `_meta` (`select`: its question's select field), given the one so far. */
  otherMeta?(meta: Record<string, unknown> | undefined, select: string): Record<string, unknown>;
  /** The question's fields after its `Other` field (Lody's note field), by key. */
  moreFields?(q: Question, select: string): Readonly<Record<string, Property>>;
  /** The finished form (Lody: no `required` list, the questions in its `_meta`). */
  finish?(form: QuestionFormRequest, questions: readonly Question[]): QuestionFormRequest;
  /** The answer rules of the extension's form, in place of upstream's (the first part's). */
  answers?(
    questions: readonly Question[],
    response: CreateElicitationResponse,
  ): QuestionAnswers | undefined;
}

declare module "../profile/hooks.js" {
  interface ExtensionHooks {
    /** The negotiated extensions' parts in Claude's question form, in order. */
    readonly questionFormParts?: readonly QuestionFormPart[];
  }
}

/** What a client's form carries beyond the standard fields: its extensions' parts. */
export type QuestionHints = readonly QuestionFormPart[];

export const NO_HINTS: QuestionHints = [];

/** The question form parts of the extensions `profile` negotiated (picked once per session). */
export function questionHintsFor(profile: ClientProfile): QuestionHints {
  return profile.hooks.questionFormParts ?? NO_HINTS;
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

/**
 * The form that asks Claude's questions: per question a select field (`question_<n>`,
 * a titled `oneOf`, or an `anyOf` array for multi-select) and a free-text `Other` field
 * (`question_<n>_custom`). Nothing is required: the user may skip a question. An
 * option's `preview` goes in upstream's `_claude/askUserQuestionOption`; the client's
 * extensions (`hints`) change the form in their steps (`QuestionFormPart`).
 */
export function questionForm(
  questions: readonly Question[],
  hints: QuestionHints = NO_HINTS,
): QuestionFormRequest {
  const properties: Record<string, ElicitationPropertySchema> = {};
  const several = questions.length > 1;
  questions.forEach((q, n) => {
    const choices = q.options.map((o) => ({
      const: o.label,
      title: o.label,
      ...(o.description ? { description: o.description } : {}),
      ...(o.preview ? optionPreview(o.preview, hints) : {}),
    }));
    const select = `question_${n}`;
    const words = selectWords(q, several, hints);
    properties[select] = q.multiSelect
      ? { type: "array", ...words, items: { anyOf: choices } }
      : { type: "string", ...words, oneOf: choices };
    const other: Property = {
      type: "string",
      title: "Other",
      description: `Your own answer to: ${q.question}`,
    };
    for (const part of hints) if (part.otherMeta) other._meta = part.otherMeta(other._meta, select);
    properties[`${select}_custom`] = other;
    for (const part of hints)
      if (part.moreFields) Object.assign(properties, part.moreFields(q, select));
  });
  const message =
    questions.length === 1 ? questions[0]!.question : "Claude has some questions for you";
  let form: QuestionFormRequest = {
    message,
    requestedSchema: { type: "object", properties, required: [] },
  };
  for (const part of hints) if (part.finish) form = part.finish(form, questions);
  return form;
}

/** Upstream's `_meta` key of an option's `preview`, which ACP's enum option has no field for. */
export const CLAUDE_OPTION_KEY = "_claude/askUserQuestionOption";

/**
 * An option's `preview` (a mockup or snippet shown on focus): in upstream's
 * `_claude/askUserQuestionOption`, unless the client's extensions put it elsewhere (Lody's
 * key) or leave it out (AIR: the `_claude/*` keys are not its, spec Compatibility rule).
 */
function optionPreview(preview: string, hints: QuestionHints): { _meta?: Record<string, unknown> } {
  let meta: Record<string, unknown> | undefined = { [CLAUDE_OPTION_KEY]: { preview } };
  for (const part of hints) if (part.optionPreview) meta = part.optionPreview(preview, meta);
  return meta ? { _meta: meta } : {};
}

/** A select field's words: the question, unless an extension titles it otherwise. */
function selectWords(
  q: Question,
  several: boolean,
  hints: QuestionHints,
): { title: string; description?: string } {
  let words: { title: string; description?: string } = { title: q.question };
  for (const part of hints) if (part.selectWords) words = part.selectWords(q, several);
  return words;
}

/**
 * Claude Code's capability (`system/init` `capabilities`) to take
 * `annotations[question].unanswered`; a Claude Code without it may refuse the answer.
 */
export const UNANSWERED_CAPABILITY = "ask_user_question_unanswered_v1";

/** How a question went unanswered, in Claude Code's words: the form declined or left blank. */
type Unanswered = "dismissed" | "skipped";

export interface Annotation {
  notes?: string;
  unanswered?: Unanswered;
}

export interface QuestionAnswers {
  answers: Record<string, string>;
  /** Always present for a client that is not Lody; for Lody only with something in it. */
  annotations?: Record<string, Annotation>;
}

/** The labels of `q`'s options the user picked (anything else is ignored). */
export function pickedLabels(q: Question, picked: unknown): string[] {
  return (Array.isArray(picked) ? picked : [picked]).filter(
    (v): v is string => typeof v === "string" && q.options.some((o) => o.label === v),
  );
}

/**
 * The user's form answers → Claude's `answers` (and `annotations`): a single choice is
 * its label, several are comma-joined; free text joins a multi-select, and alongside a
 * single choice it becomes the note on that answer (on its own it is the answer).
 * `undefined` means the user cancelled: the tool use is aborted. A client whose
 * extension has answer rules of its own (Lody's) gets those. `reportUnanswered` (Claude Code declared
 * `UNANSWERED_CAPABILITY`): each question left without an answer says how, so Claude
 * Code's tool result tells a declined form (`dismissed`) from a blank field (`skipped`).
 */
export function toAnswers(
  questions: readonly Question[],
  response: CreateElicitationResponse,
  hints: QuestionHints = NO_HINTS,
  reportUnanswered = false,
): QuestionAnswers | undefined {
  const rules = hints.find((part) => part.answers !== undefined);
  const result = rules ? rules.answers!(questions, response) : plainAnswers(questions, response);
  if (!result || !reportUnanswered) return result;
  const how: Unanswered = response.action === "accept" ? "skipped" : "dismissed";
  const annotations = { ...result.annotations };
  for (const q of questions)
    if (result.answers[q.question] === undefined)
      annotations[q.question] = { ...annotations[q.question], unanswered: how };
  return Object.keys(annotations).length > 0 ? { ...result, annotations } : result;
}

/** Upstream's answer rules, for a client whose extensions have none of their own (`toAnswers`). */
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
