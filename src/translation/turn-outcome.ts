import type { SDKAssistantMessageError, SDKResultMessage } from "@anthropic-ai/claude-agent-sdk";
import type { StopReason } from "@agentclientprotocol/sdk/unstable";

export type TurnOutcome =
  | { readonly kind: "stop"; readonly stopReason: StopReason }
  | { readonly kind: "error"; readonly text: string; readonly auth: boolean };

const AUTH_ERRORS: ReadonlySet<SDKAssistantMessageError> = new Set([
  "authentication_failed",
  "oauth_org_not_allowed",
  "cloud_credential_error",
]);

/** Claude Code's words when it has no credentials at all (0.3.318). */
const NOT_LOGGED_IN = /not logged in|please run \/login|invalid api key|no api key/i;

/**
 * Claude's `result` (and the error tag of the turn's last assistant message) → how the
 * ACP prompt ends: a stop reason, or an error whose text is Claude's user-facing text.
 */
export function toTurnOutcome(
  result: SDKResultMessage,
  assistantError?: SDKAssistantMessageError,
): TurnOutcome {
  if (result.subtype === "error_max_turns")
    return { kind: "stop", stopReason: "max_turn_requests" };
  if (assistantError === "max_output_tokens" || result.stop_reason === "max_tokens") {
    return { kind: "stop", stopReason: "max_tokens" };
  }
  if (result.stop_reason === "refusal") return { kind: "stop", stopReason: "refusal" };
  if (result.subtype === "success" && !result.is_error)
    return { kind: "stop", stopReason: "end_turn" };
  const text =
    (result.subtype === "success" ? result.result : result.errors.join("\n")) ||
    "Claude Code ended the turn with an error";
  const auth =
    (assistantError !== undefined && AUTH_ERRORS.has(assistantError)) || NOT_LOGGED_IN.test(text);
  return { kind: "error", text, auth };
}
