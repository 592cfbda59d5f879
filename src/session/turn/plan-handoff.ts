import type { ClaudeQuery } from "../../sdk/claude-query.js";
import type { SdkMessageTranslator } from "../../translation/sdk-message-translator.js";
import { userMessage, type Conversation } from "./conversation.js";
import type { Lifecycle } from "../lifecycle.js";
import type { Outbox } from "../outbox.js";
import type { PlanHandoff } from "../dialogs/permission-flow.js";
import type { QuerySlot } from "../start/query-slot.js";
import type { SessionOptions } from "../options/session-options.js";
import type { Turn } from "./turn.js";

/** What a plan handoff needs of its session. */
export interface PlanHandoffParts {
  readonly lifecycle: Lifecycle;
  readonly outbox: Outbox;
  readonly translator: SdkMessageTranslator;
  readonly slot: QuerySlot;
  readonly options: SessionOptions;
  readonly conversation: Conversation;
  /** Starts a query in the (new) conversation, as the session's settings say. */
  startQuery(start: "new" | "resume"): ClaudeQuery;
}

/**
 * The user approved a plan with a clear context (ExitPlanMode): the old query stops (its
 * rejection is never shown), a new conversation starts under the same ACP session in the
 * chosen mode, and the same turn goes on with the plan (S000 "Permission modes").
 *
 * Settles when the old query may be answered (its deny+interrupt): once the call that
 * asked has its final usage. Claude Code asks as soon as the tool block ends, before it
 * read the call's `message_delta`; carried over earlier, the turn's usage would miss the
 * call's output tokens, and the interrupt would cut that stream off. `signal` (the
 * permission request's: the old query ended, or the turn was cancelled) ends the wait:
 * what was seen is carried. The switch itself runs after the answer went back, and it
 * stops the old query, so that query's interrupted `result` never ends the turn.
 */
export async function handOffPlan(
  parts: PlanHandoffParts,
  handoff: PlanHandoff,
  toolUseId: string,
  signal: AbortSignal,
): Promise<void> {
  const turn = parts.lifecycle.turn;
  if (!turn) return; // cancelled, or the session closed, meanwhile
  // The choice is taken: the call shows completed at once, not once the call's end came.
  parts.outbox.route(
    parts.translator.tools.result(
      { tool_use_id: toolUseId, content: "", is_error: false },
      undefined,
    ),
  );
  await turn.callEnded(signal);
  setImmediate(() => switchConversation(parts, turn, handoff));
}

/** Replaces the old query with a new conversation that goes on with the plan in `turn`. */
function switchConversation(parts: PlanHandoffParts, turn: Turn, handoff: PlanHandoff): void {
  if (parts.lifecycle.turn !== turn) return; // cancelled, failed or closed meanwhile
  turn.carryOver();
  parts.slot.stop();
  parts.options.observeMode(handoff.mode);
  const conversationId = parts.conversation.renew();
  const query = parts.startQuery("new");
  turn.sawRunning = false;
  const plan = `Implement the following plan:\n\n${handoff.plan}`;
  const message = userMessage([{ type: "text", text: plan }], conversationId);
  // The plan's files change in the new conversation: its checkpoints are this message's.
  turn.userMessageId = message.uuid;
  turn.ranTools = false;
  query.send(message);
}
