import { str, type ToolReporter } from "../reporter.js";

/**
 * NotebookEdit for a client that is not AIR: the upstream shape, `other` titled with the
 * tool name and no content before the result (S000 table).
 */
export const notebookEditReporter: ToolReporter = {
  describe: () => ({ kind: "other", title: "NotebookEdit" }),
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
