import { str, textContent, type ToolReporter } from "../reporter.js";

/** ExitPlanMode: `switch_mode`, "Approve Plan" → "Exited Plan Mode" once approved. */
export const exitPlanModeReporter: ToolReporter = {
  describe(input) {
    const plan = str(input.plan);
    return { kind: "switch_mode", title: "Approve Plan", ...(plan ? { displayText: plan } : {}) };
  },
  result(result) {
    if (result.isError) {
      // The rejection reason has no display form of its own; upstream clients show it.
      return result.text
        ? { content: [textContent(result.text)], rawOnly: true }
        : { rawOnly: true };
    }
    return { title: "Exited Plan Mode" };
  },
};

/** EnterPlanMode: `switch_mode`, titled with the tool name. */
export const enterPlanModeReporter: ToolReporter = {
  describe: () => ({ kind: "switch_mode", title: "EnterPlanMode" }),
};
