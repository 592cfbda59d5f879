import type { ClientCapabilities } from "@agentclientprotocol/sdk";
import type { Scenario } from "./acp-harness.js";

/**
 * Lody clients for scenarios (lody-contract.md §1.2): `LODY` declares the namespace with
 * no bilateral feature; `LODY_FULL` also takes subagent events and answer notes (with ACP
 * form elicitation, which answer notes need).
 */
export const LODY = { _meta: { lody: {} } } satisfies ClientCapabilities;
export const LODY_FULL = {
  elicitation: { form: {} },
  _meta: {
    lody: { subagentEvents: { version: 1 }, elicitation: { version: 1, answerNotes: true } },
  },
} as ClientCapabilities;

/** The params of every `method` extension notification the adapter sent, in order. */
export function lodyNotifications(s: Scenario, method: string): unknown[] {
  return s.extNotifications.filter((n) => n.method === method).map((n) => n.params);
}

/** Where in the adapter's traffic the first message matching `match` is (-1: none). */
export function sentIndex(s: Scenario, match: (message: unknown) => boolean): number {
  return s.sentByAdapter().findIndex(match);
}
