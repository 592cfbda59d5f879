import type { ContentBlock } from "@agentclientprotocol/sdk/unstable";
import { z } from "zod";
import { IDLE_BEHAVIOR, PROMPT_REQUIRED, STEERING } from "./keys.js";

/**
 * One prompt block, as far as the adapter reads it: each type with the fields it uses.
 * What the adapter cannot take (audio, an image type Claude does not read) is refused
 * later by `fromAcpPrompt`, as for `session/prompt`.
 */
export const contentBlock = z.union([
  z.looseObject({ type: z.literal("text"), text: z.string() }),
  z.looseObject({ type: z.literal("image"), mimeType: z.string(), data: z.string() }),
  z.looseObject({ type: z.literal("audio"), mimeType: z.string(), data: z.string() }),
  z.looseObject({ type: z.literal("resource_link"), uri: z.string(), name: z.string() }),
  z.looseObject({
    type: z.literal("resource"),
    resource: z.looseObject({ uri: z.string() }),
  }),
]);

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
