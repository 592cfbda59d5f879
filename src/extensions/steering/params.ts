import type { ContentBlock } from "@agentclientprotocol/sdk/unstable";
import { z } from "zod";
import { contentBlock } from "../../translation/prompt.js";
import { IDLE_BEHAVIOR, PROMPT_REQUIRED, STEERING } from "./keys.js";

/**
 * `_session/steering` params (features.md 1p): `{sessionId, prompt, _meta?.steering?.
 * idleBehavior}`. `prompt` is a non-empty list of ACP content blocks; `idleBehavior`, when
 * given, is a string, and only `promptRequired` changes what the adapter does.
 */
export const steeringParams = z.looseObject({
  sessionId: z.string().min(1),
  prompt: z.array(contentBlock).min(1),
  _meta: z
    .looseObject({
      [STEERING]: z.looseObject({ [IDLE_BEHAVIOR]: z.string().optional() }).optional(),
    })
    .nullish(),
});

export type SteeringParams = z.infer<typeof steeringParams>;

/** What a steer does when no turn runs: start a turn of its own, or refuse. */
export type IdleBehavior = "start" | "refuse";

/** The params the steering service acts on. */
export interface SteerRequest {
  readonly sessionId: string;
  readonly prompt: readonly ContentBlock[];
  readonly idle: IdleBehavior;
}

/** Parsed params → the request: the idle behaviour named, the blocks typed as ACP's. */
export function toSteerRequest(params: SteeringParams): SteerRequest {
  const behavior = params._meta?.[STEERING]?.[IDLE_BEHAVIOR];
  return {
    sessionId: params.sessionId,
    prompt: params.prompt as ContentBlock[],
    idle: behavior === PROMPT_REQUIRED ? "refuse" : "start",
  };
}
