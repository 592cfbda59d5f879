import type { ContentBlock } from "@agentclientprotocol/sdk/unstable";
import { z } from "zod";
import { contentBlock } from "../../translation/prompt.js";
import type { SteerRequest } from "../../translation/steer-request.js";
import { IDLE_BEHAVIOR, PROMPT_REQUIRED, STEERING } from "./keys.js";
import { steerAnswer, type SteerAnswer } from "./outcome.js";

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

/**
 * Parsed params → the core's steer (`translation/steer-request.ts`): the idle behaviour
 * named, the blocks typed as ACP's, the outcome worded as this method answers it.
 */
export function toSteerRequest(params: SteeringParams): SteerRequest<SteerAnswer> {
  const behavior = params._meta?.[STEERING]?.[IDLE_BEHAVIOR];
  return {
    sessionId: params.sessionId,
    prompt: params.prompt as ContentBlock[],
    idle: behavior === PROMPT_REQUIRED ? "refuse" : "start",
    answer: steerAnswer,
  };
}
