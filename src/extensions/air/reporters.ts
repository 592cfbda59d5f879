import type { ToolReporter } from "../../translation/tool-calls/reporter.js";
import { str } from "../../translation/tool-calls/reporter.js";
import {
  ASKING_TITLE,
  questionFacts,
  questionsOf,
} from "../../translation/tool-calls/reporters/ask-user-question.js";
import { todoPlan } from "../../translation/tool-calls/reporters/plans.js";

/**
 * AskUserQuestion for AIR (S000 "Claude tools and ACP fields"): always titled "Asking for
 * your input"; the questions are the form's, not the card's heading.
 */
export const airAskUserQuestionReporter: ToolReporter = {
  describe(input) {
    return questionFacts(ASKING_TITLE, questionsOf(input).listed);
  },
};

const VERBS: Readonly<Record<string, string>> = { insert: "Insert", delete: "Delete" };

/**
 * NotebookEdit for AIR (S000 table): an `edit` of the notebook, titled by what happens to
 * the cell, the cell source as the input the user reads (once in `content` without
 * `rawInputRendering`). AIR shows the cell source, so the result text is not content:
 * it goes to `rawOutput`, the only field left to carry it.
 */
export const airNotebookEditReporter: ToolReporter = {
  describe(input) {
    const path = str(input.notebook_path);
    const mode = str(input.edit_mode);
    const verb = mode && Object.prototype.hasOwnProperty.call(VERBS, mode) ? VERBS[mode]! : "Edit";
    const source = mode === "delete" ? undefined : str(input.new_source);
    return {
      kind: "edit",
      title: path ? `${verb} cell in ${path}` : "NotebookEdit",
      ...(path ? { locations: [{ path }] } : {}),
      ...(source ? { displayText: source } : {}),
    };
  },
  result: () => ({}),
};

/** TodoWrite for AIR: each entry by its `content`. */
export const airTodoWriteReporter: ToolReporter = {
  describe: (input) => ({ kind: "think", title: "Update plan", plan: todoPlan(input.todos) }),
};

/**
 * The tools an AIR client sees in a shape of their own ("Claude tools and ACP fields"):
 * the `reporters` of AIR's tool call contract, in place of the core's.
 */
export const AIR_REPORTERS: Readonly<Record<string, ToolReporter>> = {
  AskUserQuestion: airAskUserQuestionReporter,
  NotebookEdit: airNotebookEditReporter,
  TodoWrite: airTodoWriteReporter,
};
