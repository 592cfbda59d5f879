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
    goalUpdates: [goalUpdate],
    ...(air.sessionFailure ? { failureDelivery: AIR_FAILURE_DELIVERY } : {}),
    ...(air.agentFileChangeReport ? { turnReports: fileChangeReportsFor } : {}),
    promptSuggestionsByDefault: true,
    modeKinds: true,
    ...(air.recommendedValue ? { recommendedValues: true } : {}),
    skillFiles: true,
    omitsCallUsage: true,
    ownPermissionRequests: true,
    ...(air.asyncTasks ? { stopsTasksOneByOne: true } : {}),
  };
}
