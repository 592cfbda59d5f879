import type { ClaudeQuery } from "../../sdk/claude-query.js";
import type { SdkMessageTranslator } from "../../translation/sdk-message-translator.js";
import { userMessage, type Conversation } from "./conversation.js";
import type { Lifecycle } from "../lifecycle.js";
import type { Outbox } from "../outbox.js";
import type { PlanHandoff } from "../dialogs/permission-flow.js";
import type { QuerySlot } from "../start/query-slot.js";
import type { SessionOptions } from "../options/session-options.js";

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
 */
export function handOffPlan(
  parts: PlanHandoffParts,
  handoff: PlanHandoff,
  toolUseId: string,
): void {
  const turn = parts.lifecycle.turn;
  if (!turn) return; // cancelled, or the session closed, meanwhile
  parts.outbox.route(
    parts.translator.tools.result(
      { tool_use_id: toolUseId, content: "", is_error: false },
      undefined,
    ),
  );
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
