import type { ToolCallDecorator } from "../../translation/tool-calls/decorator.js";
import { backgroundedDecorator } from "./async-tasks/backgrounded-decorator.js";
import { AIR_TASK_PRESENTER } from "./async-tasks/presenter.js";
import { diffPatchDecorator } from "./diff-patch-decorator.js";
import { airToolCallDecorator } from "./tool-call-decorator.js";
import { AIR } from "./keys.js";
import type { AirProfile } from "./profile.js";
import type { ExtensionHooks } from "../../profile/hooks.js";
import { contextCompactionMeta } from "./context-compaction.js";
import { AIR_SUBAGENT_ANNOUNCER } from "./subagent-announcer.js";
import { goalUpdate } from "./goal-update.js";
import { AIR_FAILURE_DELIVERY } from "./session-failure/wire.js";
import { fileChangeReportsFor } from "./file-change-report/session-reports.js";
import { sessionFailureUpdate } from "./session-failure/wire.js";
import { skillCommandMeta } from "./skill-command.js";
import { modeKindMeta } from "./mode-kind.js";
import { recommendedValueMeta } from "./recommended-value.js";
import { airPermissionShape } from "./permission-request.js";
import { AIR_QUESTION_FORM } from "./custom-answer.js";
import { airToolCallContract } from "./tool-call-contract.js";
import { readCustomInstructions } from "./custom-instructions.js";
import { loadReplayEndUpdate } from "./load-replay-end.js";
import { airForkPoint } from "./fork-point.js";
import { AIR_SESSION_INDEX } from "./session-index.js";

/** What a JetBrains AIR client that negotiated `air` gets at the core's hook points. */
export function airHooks(air: AirProfile): Partial<ExtensionHooks> {
  if (!air.client) return {};
  const decorators: ToolCallDecorator[] = [airToolCallDecorator()];
  if (air.diffPatch) decorators.push(diffPatchDecorator());
  if (air.asyncTasks) decorators.push(backgroundedDecorator());
  return {
    extensions: [AIR],
    toolCallDecorators: decorators,
    ...(air.diffPatch ? { previewsFileChanges: true } : {}),
    compactionMeta: [contextCompactionMeta],
    subagentsOnRootOnRequest: true,
    ...(air.nativeSubagentSessions ? { subagentBridge: AIR_SUBAGENT_ANNOUNCER } : {}),
    ...(air.asyncTasks ? { taskPresenters: [() => AIR_TASK_PRESENTER] } : {}),
    // Without `sessionIndex`, `session/delete` archives (the reference's behaviour).
    ...(air.sessionIndex ? {} : { archivesOnDelete: true }),
    goalUpdates: [goalUpdate],
    ...(air.sessionFailure ? { failureDelivery: AIR_FAILURE_DELIVERY } : {}),
    ...(air.agentFileChangeReport ? { turnReports: fileChangeReportsFor } : {}),
    promptSuggestionsByDefault: true,
    // AIR's contract carries a call's response in its own fields, never `toolResponse`.
    omitsChildResponses: true,
    ...(air.sessionFailure ? { replayedFailureUpdate: sessionFailureUpdate } : {}),
    skillCommandMeta,
    modeMeta: modeKindMeta,
    ...(air.recommendedValue ? { recommendedValueMeta } : {}),
    permissionRequest: airPermissionShape,
    questionFormParts: [AIR_QUESTION_FORM],
    toolCallContract: airToolCallContract(air),
    ...(air.customInstructions ? { sessionInstructions: readCustomInstructions } : {}),
    ...(air.loadReplayEnd ? { loadReplayEnd: [loadReplayEndUpdate] } : {}),
    forkPoints: [airForkPoint],
    ...(air.sessionIndex ? { sessionIndex: AIR_SESSION_INDEX } : {}),
    sessionGoalMethod: true,
    ...(air.recommendedValue ? { recommendedValues: true } : {}),
    skillFiles: true,
    omitsCallUsage: true,
    ...(air.asyncTasks ? { stopsTasksOneByOne: true } : {}),
  };
}
