import type { QuestionFormPart } from "../../translation/ask-user-question.js";
import { airMeta } from "./air-meta.js";
import { CUSTOM_ANSWER } from "./keys.js";

/**
 * `_meta` of a question's companion `Other` field for an AIR client (air-extensions.md
 * "Question custom answers"): `{jetbrains: {air: {version: 1, customAnswer: {questionId,
 * isCustomAnswer: true}}}}`, `questionId` naming the select field of the same question,
 * so the client can render the field as that question's free-text choice.
 */
export function customAnswerMeta(selectFieldKey: string): Record<string, unknown> {
  return airMeta({ [CUSTOM_ANSWER]: { questionId: selectFieldKey, isCustomAnswer: true } });
}

/**
 * AIR's part in Claude's question form (the `questionFormParts` hook): each `Other` field
 * names its select field (`customAnswerMeta`), and an option's preview gets no upstream
 * `_claude/*` key, which is not AIR's (spec "Compatibility rule").
 */
export const AIR_QUESTION_FORM: QuestionFormPart = {
  optionPreview: () => undefined,
  otherMeta: (_meta, select) => customAnswerMeta(select),
};
