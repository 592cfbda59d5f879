import type {
  PermissionOption,
  RequestPermissionResponse,
} from "@agentclientprotocol/sdk/unstable";

/** Stable option ids (S000 "Options"). */
export const ALLOW_ONCE = "allow-once";
export const REJECT = "reject";

/**
 * The options of a permission request, ordered allow_once → allow_always → reject.
 * Only choices whose effect can be shown honestly are offered: for now allow once and
 * reject (durable choices come with the permission presentation issue).
 */
export function permissionOptions(): PermissionOption[] {
  return [
    { optionId: ALLOW_ONCE, name: "Allow", kind: "allow_once" },
    { optionId: REJECT, name: "Reject", kind: "reject_once" },
  ];
}

/** What the client decided, in the adapter's terms. */
export type PermissionDecision = "allow" | "reject" | "cancelled";

/**
 * The client's answer → a decision. An option that was not offered in this request is
 * a rejection: the client cannot allow what it was not asked.
 */
export function toDecision(
  response: RequestPermissionResponse,
  offered: readonly PermissionOption[],
): PermissionDecision {
  if (response.outcome.outcome === "cancelled") return "cancelled";
  const chosen = offered.find(
    (o) => o.optionId === (response.outcome as { optionId: string }).optionId,
  );
  if (!chosen) return "reject";
  return chosen.kind === "allow_once" || chosen.kind === "allow_always" ? "allow" : "reject";
}
