import type { RequestPermissionResponse } from "@agentclientprotocol/sdk/unstable";
import type { ChoiceEffect, PermissionChoice } from "./choices.js";

/** What the client decided: the effect of an offered choice, or a cancellation. */
export type PermissionDecision = ChoiceEffect | { readonly kind: "cancelled" };

/**
 * The client's answer → the effect of the choice it picked. An option that was not
 * offered in this exact request is a rejection: the client cannot allow what it was
 * not asked.
 */
export function toDecision(
  response: RequestPermissionResponse,
  offered: readonly PermissionChoice[],
): PermissionDecision {
  if (response.outcome.outcome !== "selected") return { kind: "cancelled" };
  const optionId = (response.outcome as { optionId?: unknown }).optionId;
  const chosen = offered.find((c) => c.option.optionId === optionId);
  return chosen ? chosen.effect : { kind: "reject" };
}
