import type { PromptResponse, SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import { airMeta, withAirMeta } from "../air-meta.js";
import { AIR_CAPABILITIES } from "../keys.js";
import type { FailureDelivery } from "../../../translation/failures/delivery.js";
import type { SessionFailureRecord } from "../../../translation/failures/record.js";

/** `_meta.jetbrains.air.sessionFailure` ("AIR metadata keys"). */
const SESSION_FAILURE = AIR_CAPABILITIES.sessionFailure;

/**
 * A session-scoped, replayed, warning or background record: a `session_info_update`
 * carrying it (air-extensions.md "Delivery").
 */
export function sessionFailureUpdate(record: SessionFailureRecord): SessionUpdate {
  return { sessionUpdate: "session_info_update", _meta: airMeta({ [SESSION_FAILURE]: record }) };
}

/**
 * A turn-terminal record: on the prompt's answer, which ends `end_turn` ("Delivery"); the
 * answer's other `_meta` keys stay.
 */
export function withSessionFailure(
  response: PromptResponse,
  record: SessionFailureRecord,
): PromptResponse {
  return {
    ...response,
    stopReason: "end_turn",
    _meta: withAirMeta(response._meta, { [SESSION_FAILURE]: record }),
  };
}

/** AIR's delivery of the failure records (the `failureDelivery` hook). */
export const AIR_FAILURE_DELIVERY: FailureDelivery = {
  update: sessionFailureUpdate,
  onAnswer: withSessionFailure,
};
