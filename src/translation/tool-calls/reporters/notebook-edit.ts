import type { ToolReporter } from "../reporter.js";

/**
 * NotebookEdit for a client that is not AIR: the upstream shape, `other` titled with the
 * tool name and no content before the result (S000 table).
 */
export const notebookEditReporter: ToolReporter = {
  describe: () => ({ kind: "other", title: "NotebookEdit" }),
};
