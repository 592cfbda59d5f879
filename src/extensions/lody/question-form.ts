import type { CreateElicitationResponse } from "@agentclientprotocol/sdk/unstable";
import {
  pickedLabels,
  type Property,
  type Question,
  type QuestionAnswers,
  type QuestionFormPart,
} from "../../translation/ask-user-question.js";
import { record, str } from "../../translation/tool-calls/reporter.js";
import {
  customAnswerForMeta,
  NOTE_TITLE,
  noteForMeta,
  previewMeta,
  questionsMeta,
} from "./elicitation.js";

/**
 * Lody's part in Claude's AskUserQuestion form (lody-contract.md §7.4, the
 * `questionFormParts` hook): the request, the `Other` fields and the options with a preview
 * carry `_meta.lody.elicitation`; with `notes` (Lody `answerNotes`) each question has a
 * note field (`question_<n>_note`, `noteFor`); the form has no `required` list at all
 * (acceptance check 21), and its select fields are titled with the question's header.
 */
export function lodyQuestionForm(notes: boolean): QuestionFormPart {
  return {
    // Lody's parser (acp-extension-core) reads a field's title as the question's header
    // and, with several questions, its description as the question.
    selectWords: (q, several) => {
      const title = q.header ?? q.question;
      return several ? { title, description: q.question } : { title };
    },
    optionPreview: (preview) => previewMeta(preview),
    otherMeta: (meta, select) => customAnswerForMeta(meta, select),
    ...(notes ? { moreFields: noteField } : {}),
    finish: (form, questions) => ({
      message: form.message,
      requestedSchema: { type: "object", properties: form.requestedSchema.properties },
      _meta: questionsMeta(
        questions.map((q, n) => ({
          id: `question_${n}`,
          question: q.question,
          header: q.header ?? "",
          options: q.options,
          multiSelect: q.multiSelect,
          ...(notes ? { noteFieldId: `question_${n}_note` } : {}),
        })),
      ),
    }),
    answers: (questions, response) => lodyAnswers(questions, response, notes),
  };
}

/** A question's note field: its text goes with the answer, never instead. */
function noteField(q: Question, select: string): Record<string, Property> {
  return {
    [`${select}_note`]: {
      type: "string",
      title: NOTE_TITLE,
      description: `A note to go with your answer to: ${q.question}`,
      _meta: noteForMeta(select),
    },
  };
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
