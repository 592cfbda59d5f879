import {
  agentReporter,
  monitorReporter,
  sendMessageReporter,
  taskStopReporter,
} from "./reporters/agent.js";
import {
  airAskUserQuestionReporter,
  askUserQuestionReporter,
} from "./reporters/ask-user-question.js";
import { bashReporter } from "./reporters/bash.js";
import { editReporter, writeReporter } from "./reporters/edit.js";
import { genericReporter } from "./reporters/generic.js";
import { airNotebookEditReporter, notebookEditReporter } from "./reporters/notebook-edit.js";
import { enterPlanModeReporter, exitPlanModeReporter } from "./reporters/plan-mode.js";
import { airTodoWriteReporter, todoWriteReporter } from "./reporters/plans.js";
import { readReporter } from "./reporters/read.js";
import { reportFindingsReporter } from "./reporters/report-findings.js";
import { globReporter, grepReporter } from "./reporters/search.js";
import { skillReporter } from "./reporters/skill.js";
import { webFetchReporter, webSearchReporter } from "./reporters/web.js";
import type { ToolReporter } from "./reporter.js";

const REPORTERS: Readonly<Record<string, ToolReporter>> = {
  Bash: bashReporter,
  PowerShell: bashReporter,
  Read: readReporter,
  Write: writeReporter,
  Edit: editReporter,
  NotebookEdit: notebookEditReporter,
  Glob: globReporter,
  Grep: grepReporter,
  WebFetch: webFetchReporter,
  WebSearch: webSearchReporter,
  Agent: agentReporter,
  Task: agentReporter,
  SendMessage: sendMessageReporter,
  TaskStop: taskStopReporter,
  Monitor: monitorReporter,
  ExitPlanMode: exitPlanModeReporter,
  EnterPlanMode: enterPlanModeReporter,
  AskUserQuestion: askUserQuestionReporter,
  Skill: skillReporter,
  ReportFindings: reportFindingsReporter,
  TodoWrite: todoWriteReporter,
};

/** The tools an AIR client sees in a shape of their own ("Claude tools and ACP fields"). */
const AIR_REPORTERS: Readonly<Record<string, ToolReporter>> = {
  AskUserQuestion: airAskUserQuestionReporter,
  NotebookEdit: airNotebookEditReporter,
  TodoWrite: airTodoWriteReporter,
};

/**
 * The reporter of a Claude tool, for an AIR client (`air`) or any other; MCP and unknown
 * tools get the generic one.
 */
export function reporterFor(toolName: string, air = false): ToolReporter {
  if (air && Object.prototype.hasOwnProperty.call(AIR_REPORTERS, toolName))
    return AIR_REPORTERS[toolName]!;
  return Object.prototype.hasOwnProperty.call(REPORTERS, toolName)
    ? REPORTERS[toolName]!
    : genericReporter;
}

/** Runs a reporter step; a reporter that throws on odd input yields the generic facts. */
export function safely<T>(step: () => T, fallback: () => T): T {
  try {
    return step();
  } catch {
    return fallback();
  }
}
