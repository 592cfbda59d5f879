import { record, str, type ToolInput, type ToolReporter } from "../reporter.js";
import type { InputFacts } from "../facts.js";

const TITLE = "Asking for your input";

/** The questions of an AskUserQuestion input, one per line, and the single one if alone. */
function questionsOf(input: ToolInput): { single?: string; listed: string } {
  const questions = Array.isArray(input.questions) ? input.questions : [];
  const single = questions.length === 1 ? str(record(questions[0])?.question) : undefined;
  const listed = questions
    .map((q) => str(record(q)?.question))
    .filter((q): q is string => Boolean(q))
    .join("\n");
  return single === undefined ? { listed } : { single, listed };
}

function facts(title: string, listed: string): InputFacts {
  return { kind: "other", title, ...(listed ? { displayText: listed } : {}) };
}

/**
 * AskUserQuestion: `other`. For a client that is not AIR the title of a single question
 * is the question; the questions themselves go to form elicitation.
 */
export const askUserQuestionReporter: ToolReporter = {
  describe(input) {
    const { single, listed } = questionsOf(input);
    return facts(single ?? TITLE, listed);
  },
};

/**
 * AskUserQuestion for AIR (S000 "Claude tools and ACP fields"): always titled "Asking for
 * your input"; the questions are the form's, not the card's heading.
 */
export const airAskUserQuestionReporter: ToolReporter = {
  describe(input) {
    return facts(TITLE, questionsOf(input).listed);
  },
};
