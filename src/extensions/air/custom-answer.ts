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
