import type { SessionUpdate } from "@agentclientprotocol/sdk/unstable";
import type { z } from "zod";
import {
  goalParamsSchema,
  goalRequestOf,
  type GoalRequest,
} from "../../translation/goal-request.js";
import { LODY, LODY_GOAL_ACTIONS, LODY_META_KEYS } from "./keys.js";

/**
 * `_lody/session/goal` params (lody-contract.md §2.1, §2.3), with Lody's action words.
 * `pause` / `resume` are not offered (the agent advertises `actions: ["set", "clear"]`);
 * they, like params that are not an object, fail the parse (-32602).
 */
export const lodyGoalParams = goalParamsSchema(LODY_GOAL_ACTIONS);

/** `_lody/session/goal` params → the goal core's request. */
export const toLodyGoalRequest = (params: z.infer<typeof lodyGoalParams>): GoalRequest =>
  goalRequestOf(params, LODY_GOAL_ACTIONS);

/** The session's goal as the goal core holds it (AIR's snapshot, provider-neutral fields). */
export interface GoalFacts {
  readonly objective: string;
  readonly status: "active";
  readonly iterations?: number;
  readonly lastReason?: string;
  /** Unix milliseconds. */
  readonly createdAt?: number;
}

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
