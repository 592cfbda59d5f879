import type { PromptResponse, SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import type { SessionFailureRecord } from "./record.js";

/**
 * How an extension delivers a session's failure records (AIR's `sessionFailure`,
 * air-extensions.md "Delivery"): a client whose extensions give none gets no record, and
 * a failed turn ends with its JSON-RPC error. The records themselves are core (this
 * folder); a live session (`session/turn/failure-reports.ts`) and a load's replay read them.
 */
export interface FailureDelivery {
  /** A session-scoped, replayed, warning or background record: an update of its own. */
  update(record: SessionFailureRecord): SessionUpdate;
  /** A turn-terminal record on the prompt's answer, which then ends `end_turn`. */
  onAnswer(response: PromptResponse, record: SessionFailureRecord): PromptResponse;
}

declare module "../../profile/hooks.js" {
  interface ExtensionHooks {
    /** The delivery of the session's failure records (AIR's `sessionFailure`). */
    readonly failureDelivery?: FailureDelivery;
  }
}
