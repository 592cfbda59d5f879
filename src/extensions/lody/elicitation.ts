import { CUSTOM_ANSWER_FOR, ELICITATION, LODY_VERSION, NOTE_FOR } from "./keys.js";
import { withLodyMeta } from "./lody-meta.js";

/**
 * Lody's `_meta.lody.elicitation` on Claude's AskUserQuestion form (lody-contract.md
 * §7.4): the request names the questions, each free-text field names the question it
 * answers instead (`customAnswerFor`) or annotates (`noteFor`), and an option's preview
 * rides on the option. Every payload is `{version: 1, ...}`.
 */

/** One question of the form as the request's `_meta` lists it. */
export interface LodyQuestion {
  /** The select field of the question (`question_<n>`). */
  readonly id: string;
  readonly question: string;
  readonly header: string;
  readonly options: ReadonlyArray<{ label: string; description?: string; preview?: string }>;
  readonly multiSelect: boolean;
  /** The question's note field (`question_<n>_note`), when the client takes notes. */
  readonly noteFieldId?: string;
}

/** `meta` with `lody.elicitation {version: 1, ...fields}` merged in. */
function withElicitation(
  meta: Record<string, unknown> | undefined,
  fields: Record<string, unknown>,
): Record<string, unknown> {
  return withLodyMeta(meta, { [ELICITATION]: { version: LODY_VERSION, ...fields } });
}

/** The request's `_meta`: the questions, each with its custom answer and its note field. */
export function questionsMeta(questions: readonly LodyQuestion[]): Record<string, unknown> {
  return withElicitation(undefined, {
    questions: questions.map((q) => ({
      id: q.id,
      question: q.question,
      header: q.header,
      options: q.options.map((o) => ({ ...o })),
      multiSelect: q.multiSelect,
      allowCustomAnswer: true,
      ...(q.noteFieldId ? { note: { fieldId: q.noteFieldId, title: NOTE_TITLE } } : {}),
    })),
  });
}

/** The `Other` field's `_meta`: its text replaces the answer of `questionId`. */
export function customAnswerForMeta(
  meta: Record<string, unknown> | undefined,
  questionId: string,
): Record<string, unknown> {
  return withElicitation(meta, { [CUSTOM_ANSWER_FOR]: questionId });
}

/** The note field's `_meta`: its text goes with the answer of `questionId`, never instead. */
export function noteForMeta(questionId: string): Record<string, unknown> {
  return withElicitation(undefined, { [NOTE_FOR]: questionId });
}

/** An enum option's `_meta`: the preview Claude wrote for the option. */
export function previewMeta(preview: string): Record<string, unknown> {
  return withElicitation(undefined, { preview });
}

/** The title of a question's note field. */
export const NOTE_TITLE = "Note";
