import { record, str, type ToolReporter } from "../reporter.js";

/**
 * AskUserQuestion: `other`. For a client that is not AIR the title of a single question
 * is the question; the questions themselves go to form elicitation.
 */
export const askUserQuestionReporter: ToolReporter = {
  describe(input) {
    const questions = Array.isArray(input.questions) ? input.questions : [];
    const single = questions.length === 1 ? str(record(questions[0])?.question) : undefined;
    const listed = questions
      .map((q) => str(record(q)?.question))
      .filter((q): q is string => Boolean(q))
      .join("\n");
    return {
      kind: "other",
      title: single ?? "Asking for your input",
      ...(listed ? { displayText: listed } : {}),
    };
  },
};
