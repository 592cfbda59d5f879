import type { ContentBlock } from "@agentclientprotocol/sdk/unstable";
import { z } from "zod";
import { contentBlock } from "../../translation/prompt.js";
import { LODY_NOTIFICATIONS, STEER_INJECTED } from "./keys.js";

/**
 * `_lody/session/steer` params (lody-contract.md §2.1, §2.3): a non-empty `sessionId`, a
 * non-empty `prompt` of ACP content blocks and a non-empty opaque `steerId`.
 */
export const lodySteerParams = z.looseObject({
  sessionId: z.string().min(1),
  prompt: z.array(contentBlock).min(1),
  steerId: z.string().min(1),
});

/** The params the steer service acts on. */
export interface LodySteerRequest {
  readonly sessionId: string;
  readonly prompt: readonly ContentBlock[];
  readonly steerId: string;
}

export function toLodySteerRequest(params: z.infer<typeof lodySteerParams>): LodySteerRequest {
  return {
    sessionId: params.sessionId,
    prompt: params.prompt as ContentBlock[],
    steerId: params.steerId,
  };
}

/** The answer of an accepted steer: submitted, not yet applied. */
export const steerInjected = (): { outcome: typeof STEER_INJECTED } => ({
  outcome: STEER_INJECTED,
});

/** `_lody/session/steer_applied`: Claude Code took the steered message into the turn. */
export function steerApplied(
  sessionId: string,
  steerId: string,
): { method: string; params: { sessionId: string; steerId: string } } {
  return { method: LODY_NOTIFICATIONS.steerApplied, params: { sessionId, steerId } };
}
