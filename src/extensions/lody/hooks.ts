import type { ExtensionHooks } from "../../profile/hooks.js";
import type { MessageTap, MessageTapParts } from "../../session/taps/message-tap.js";
import type { CompactionMeta } from "../../translation/compaction.js";
import { LodyRateLimitsTap, LodyUsageTap } from "./accounting.js";
import { compactionActivityMeta } from "./compaction-activity.js";
import { goalControlPrompt } from "./goal.js";
import { LODY } from "./keys.js";
import type { RateLimitBook } from "./rate-limit-book.js";
import type { LodyProfile } from "./profile.js";
import { LodyTitles } from "./session-titles.js";
import { LodySubagentRoute } from "./subagent-route.js";
import { lodyTaskPresenter } from "./task-presenter.js";
import { lodyToolNameDecorator } from "./tool-name-decorator.js";
import { lodyTurnTap } from "./turn-tap.js";
import { lodyGoalUpdate } from "./goal.js";
import { RetryActivity } from "./retry-activity.js";
import { lodyReplayAddition } from "./replay-addition.js";
import { lodyQuestionForm } from "./question-form.js";
import { lodyForkPoint } from "./turns.js";

/** Lody's `activity` on the tool call form of a compaction (lody-contract.md §7.5). */
const compactionActivity: CompactionMeta = (meta, facts, form) =>
  form === "tool_call" ? compactionActivityMeta(meta, facts) : meta;

declare module "../../session/start/query-setup.js" {
  interface SessionSetup {
    /** The connection's rate-limit book (contract §7.3), which `_lody/rate_limits/get` reads. */
    readonly lodyRateLimits?: RateLimitBook;
  }
}

/** Lody's accounting (usage, rate limits: contract §5, §7.3) and turn ids (§7.9). */
function lodyTaps(parts: MessageTapParts): MessageTap[] {
  const taps: MessageTap[] = [new LodyUsageTap(parts)];
  const rateLimits = parts.setup.lodyRateLimits;
  if (rateLimits) taps.push(new LodyRateLimitsTap(parts, rateLimits));
  taps.push(lodyTurnTap(parts));
  return taps;
}

/** What a Lody client (`_meta.lody`) gets at the core's hook points. */
export function lodyHooks(lody: LodyProfile): Partial<ExtensionHooks> {
  if (!lody.client) return {};
  const hooks: Partial<ExtensionHooks> = {
    extensions: [LODY],
    toolCallDecorators: [lodyToolNameDecorator()],
    compactionMeta: [compactionActivity],
    subagentsOnRootOnRequest: true,
    compactionFailsOnTurnEnd: true,
    messageTaps: [lodyTaps],
    sessionTitles: (parts) => new LodyTitles(parts),
    taskPresenters: [lodyTaskPresenter],
    // `goalControl` (contract §7.1): the prompt runs the native goal command.
    promptCommand: goalControlPrompt,
    goalUpdates: [lodyGoalUpdate],
    retryActivity: () => new RetryActivity(),
    replayAdditions: [lodyReplayAddition],
    questionFormParts: [lodyQuestionForm(lody.answerNotes)],
    forkPoints: [lodyForkPoint],
  };
  if (!lody.subagentEvents) return hooks;
  return {
    ...hooks,
    subagentsReplaced: true,
    childRoute: (root, output) =>
      new LodySubagentRoute(root.sessionId, {
        notify: (method, params, loud) => output.notify(method, params, loud),
        sendRoot: (update) => output.send(update, root.sessionId, false),
      }),
  };
}
