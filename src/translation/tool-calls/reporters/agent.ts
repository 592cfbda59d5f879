import { record, resultText, str, textContent, type ToolReporter } from "../reporter.js";
import type { ToolResult } from "../facts.js";

/** Claude Code appends `agentId: …` and a `<usage>` block for the model (0.3.318). */
const MODEL_TRAILER = /\n*(?:agentId: [^\n]*\n?)?(?:<usage>[\s\S]*<\/usage>\s*)?$/;

/** Notes Claude Code puts in a report for the parent model, not for the user (0.3.318). */
const HARNESS_NOTES = /<tools-used-before-summary>[\s\S]*?<\/tools-used-before-summary>\s*/g;

/** The subagent's report without the model-directed trailer and notes. */
export function subagentReport(result: ToolResult): string {
  return rawReport(result).replace(HARNESS_NOTES, "").trim();
}

function rawReport(result: ToolResult): string {
  return resultText(record(result.structured)?.content) || result.text.replace(MODEL_TRAILER, "");
}

/** Agent and Task (a subagent launch): `think`, titled with the description. */
export const agentReporter: ToolReporter = {
  requires: ["prompt"],
  describe(input, toolName) {
    const description = str(input.description);
    const prompt = str(input.prompt);
    return {
      kind: "think",
      title: description ?? toolName,
      ...(prompt ? { displayText: prompt } : {}),
    };
  },
  result(result) {
    const report = subagentReport(result);
    return report ? { content: [textContent(report)] } : {};
  },
};

/** SendMessage: a message to a running subagent. */
export const sendMessageReporter: ToolReporter = {
  describe(input) {
    const to = str(input.to);
    const message = str(input.message) ?? str(input.content);
    return {
      kind: "other",
      title: to ? `Message ${to}` : "SendMessage",
      ...(message ? { displayText: message } : {}),
    };
  },
};

/** TaskStop: stops a background task or shell. */
export const taskStopReporter: ToolReporter = {
  describe(input) {
    const id = str(input.task_id) ?? str(input.shell_id);
    return { kind: "other", title: id ? `Stop task ${id}` : "TaskStop" };
  },
};

/** Monitor: watches a command or a socket in the background. */
export const monitorReporter: ToolReporter = {
  describe(input) {
    const description = str(input.description);
    return { kind: "other", title: description ? `Monitor: ${description}` : "Monitor" };
  },
};
