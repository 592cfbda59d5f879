import {
  agentReporter,
  monitorReporter,
  sendMessageReporter,
  taskStopReporter,
} from "./reporters/agent.js";
import { askUserQuestionReporter } from "./reporters/ask-user-question.js";
import { bashReporter } from "./reporters/bash.js";
import { editReporter, writeReporter } from "./reporters/edit.js";
import { genericReporter } from "./reporters/generic.js";
import { notebookEditReporter } from "./reporters/notebook-edit.js";
import { enterPlanModeReporter, exitPlanModeReporter } from "./reporters/plan-mode.js";
import { todoWriteReporter } from "./reporters/plans.js";
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

/**
 * The reporter of a Claude tool: the client's contract's own (`overrides`, AIR's "Claude
 * tools and ACP fields"), else the core's; MCP and unknown tools get the generic one.
 */
export function reporterFor(
  toolName: string,
  overrides?: Readonly<Record<string, ToolReporter>>,
): ToolReporter {
  if (overrides && Object.prototype.hasOwnProperty.call(overrides, toolName))
    return overrides[toolName]!;
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
