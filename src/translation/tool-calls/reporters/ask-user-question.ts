import { record, str, type ToolInput, type ToolReporter } from "../reporter.js";
import type { InputFacts } from "../facts.js";

/** The card's title when it is not the question itself. */
export const ASKING_TITLE = "Asking for your input";

/** The questions of an AskUserQuestion input, one per line, and the single one if alone. */
export function questionsOf(input: ToolInput): { single?: string; listed: string } {
  const questions = Array.isArray(input.questions) ? input.questions : [];
  const single = questions.length === 1 ? str(record(questions[0])?.question) : undefined;
  const listed = questions
    .map((q) => str(record(q)?.question))
    .filter((q): q is string => Boolean(q))
    .join("\n");
  return single === undefined ? { listed } : { single, listed };
}

/** The facts of an AskUserQuestion card titled `title` that lists the questions. */
export function questionFacts(title: string, listed: string): InputFacts {
  return { kind: "other", title, ...(listed ? { displayText: listed } : {}) };
}

/**
 * AskUserQuestion: `other`. For a client that is not AIR the title of a single question
 * is the question; the questions themselves go to form elicitation.
 */
export const askUserQuestionReporter: ToolReporter = {
  describe(input) {
    const { single, listed } = questionsOf(input);
    return questionFacts(single ?? ASKING_TITLE, listed);
  },
};
