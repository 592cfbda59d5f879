import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import { z } from "zod";
import {
  goalParamsSchema,
  goalRequestOf,
  type GoalRequest,
} from "../../translation/goal-request.js";
import type { GoalSnapshot } from "../../translation/goal-state.js";
import type { ClaudeUserBlock } from "../../translation/prompt.js";
import { invalidInput } from "../../util/adapter-error.js";
import { ownField } from "../../util/plain-data.js";
import { goalCommand } from "../../translation/goal-request.js";
import { LODY, LODY_GOAL_ACTIONS, LODY_META_KEYS, LODY_VERSION } from "./keys.js";

/**
 * `_lody/session/goal` params (lody-contract.md §2.1, §2.3), with Lody's action words.
 * `pause` / `resume` are not offered (the agent advertises `actions: ["set", "clear"]`);
 * they, like params that are not an object, fail the parse (-32602).
 */
export const lodyGoalParams = goalParamsSchema(LODY_GOAL_ACTIONS);

/** `_lody/session/goal` params → the goal core's request. */
export const toLodyGoalRequest = (params: z.infer<typeof lodyGoalParams>): GoalRequest =>
  goalRequestOf(params, LODY_GOAL_ACTIONS);

/**
 * `session/prompt._meta.lody.goalControl` (contract §3, §7.1): `{version: 1, action:
 * "set", objective}` or `{version: 1, action: "clear"}`, the two actions offered. Any other
 * action or version, a blank objective or a value that is not an object fails the parse.
 */
const goalControlSchema = z.discriminatedUnion("action", [
  z.looseObject({
    version: z.literal(LODY_VERSION),
    action: z.literal(LODY_GOAL_ACTIONS.set),
    objective: z.string().refine((text) => text.trim().length > 0, "objective is blank"),
  }),
  z.looseObject({ version: z.literal(LODY_VERSION), action: z.literal(LODY_GOAL_ACTIONS.clear) }),
]);

/**
 * What a Lody client's prompt runs when its `_meta` carries a `goalControl`: the native
 * goal command (`/goal <objective>`, `/goal clear`) instead of the prompt's content, so
 * the goal core publishes `_meta.lody.goal` as for `_lody/session/goal`. The content is
 * the fallback of a client's prompt for an agent without a native goal turn; Claude
 * Code's `/goal` is one, so the content is not sent. Undefined without a goalControl;
 * a malformed or unoffered one throws `invalidInput` (-32602) before anything runs.
 */
export function goalControlPrompt(meta: unknown): ClaudeUserBlock[] | undefined {
  const control = ownField(ownField(meta, LODY), LODY_META_KEYS.goalControl);
  if (control === undefined) return undefined;
  const parsed = goalControlSchema.safeParse(control);
  if (!parsed.success) throw invalidInput("_meta.lody.goalControl is not an offered goal action");
  const { objective } = goalRequestOf({ sessionId: "", ...parsed.data }, LODY_GOAL_ACTIONS);
  return [{ type: "text", text: goalCommand(objective) }];
}

/** The session's goal as the goal core holds it (`translation/goal-state.ts`). */
export type GoalFacts = GoalSnapshot;

/** Lody's `GoalSnapshot` (contract §7.1): times in Unix seconds. */
export interface LodyGoalSnapshot {
  readonly objective: string;
  readonly status: "active";
  readonly iterations?: number;
  readonly lastReason?: string;
  readonly createdAtEpochSeconds?: number;
}

export function lodyGoalSnapshot(goal: GoalFacts): LodyGoalSnapshot {
  return {
    objective: goal.objective,
    status: goal.status,
    ...(goal.iterations !== undefined ? { iterations: goal.iterations } : {}),
    ...(goal.lastReason !== undefined ? { lastReason: goal.lastReason } : {}),
    ...(goal.createdAt !== undefined
      ? { createdAtEpochSeconds: Math.floor(goal.createdAt / 1000) }
      : {}),
  };
}

/** `session_info_update {_meta.lody.goal}`: the goal's snapshot, or `null` for none. */
export function lodyGoalUpdate(goal: GoalFacts | null): SessionUpdate {
  return {
    sessionUpdate: "session_info_update",
    _meta: { [LODY]: { [LODY_META_KEYS.goal]: goal === null ? null : lodyGoalSnapshot(goal) } },
  };
}
