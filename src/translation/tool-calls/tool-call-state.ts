import type { ToolCallStatus } from "@agentclientprotocol/sdk/unstable";
import type { FileBeforeApproval, ResultFacts, ToolResult } from "./facts.js";
import type { NonExecutionKind, PermissionDenial } from "./permission-denial.js";
import type { ToolInput } from "./reporter.js";

export type { NonExecutionKind } from "./permission-denial.js";

/** Everything known about one tool use so far; the renderer turns it into ACP fields. */
export interface ToolCallState {
  readonly toolCallId: string;
  readonly toolName: string;
  readonly parentToolUseId: string | null;
  /** The session's directory, which titles name files relative to (not for AIR). */
  readonly cwd?: string;
  /** The input so far: a partial object while it streams, then the complete input. */
  input: ToolInput;
  inputComplete: boolean;
  status: ToolCallStatus;
  result?: ToolResult;
  resultFacts?: ResultFacts;
  /** Facts from the PostToolUse hook (they win over the result's). */
  postFacts?: ResultFacts;
  /** The full PostToolUse `tool_response`. */
  toolResponse?: unknown;
  /** The PostToolUse facts came from a stored transcript (a load's replay). */
  replayed?: boolean;
  /** The target file as read for the approval preview (only for a client that takes one). */
  fileBeforeApproval?: FileBeforeApproval;
  /** AIR `planFile`: the plan file path checked last, and whether it named no regular file. */
  checkedPlanFile?: string;
  /** The ExitPlanMode plan text last sent as a markdown `plan_update`. */
  markdownPlanSent?: string;
  missingPlanFile?: string;
  /** A plan tool's plan went out. */
  planSent?: boolean;
  /** Why the tool never ran (upstream `claudeCode.nonExecutionKind`): the user, a rule, a mode… */
  nonExecutionKind?: NonExecutionKind;
  /** A rule, the classifier or a mode refused it without asking (`system/permission_denied`). */
  denial?: PermissionDenial;
}

export function newToolCallState(
  toolCallId: string,
  toolName: string,
  parentToolUseId: string | null,
  cwd?: string,
): ToolCallState {
  return {
    toolCallId,
    toolName,
    parentToolUseId,
    ...(cwd !== undefined ? { cwd } : {}),
    input: {},
    inputComplete: false,
    status: "pending",
  };
}
