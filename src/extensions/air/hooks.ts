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
    ...(air.customInstructions ? { sessionInstructions: readCustomInstructions } : {}),
    ...(air.loadReplayEnd ? { loadReplayEnd: [loadReplayEndUpdate] } : {}),
    forkPoints: [airForkPoint],
    ...(air.sessionIndex ? { sessionIndex: AIR_SESSION_INDEX } : {}),
    sessionGoalMethod: true,
  };
}
