import type { MessageTap, MessageTapParts } from "../../session/taps/message-tap.js";
import { turnIdUpdate } from "./turns.js";

/**
 * Lody's `turnId` (lody-contract.md §7.9): after each top-level assistant message, in
 * its place among the session's updates, its SDK uuid (a fork at that turn names it).
 */
export function lodyTurnTap({ outbox }: MessageTapParts): MessageTap {
  return {
    observe: () => undefined,
    routed: (message) => {
      if (message.type === "assistant" && message.parent_tool_use_id === null) {
        outbox.send(turnIdUpdate(message.uuid));
      }
    },
  };
}
