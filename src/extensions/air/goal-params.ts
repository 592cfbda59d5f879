import type { z } from "zod";
import {
  goalParamsSchema,
  goalRequestOf,
  type GoalRequest,
} from "../../translation/goal-request.js";
import { GOAL_ACTIONS } from "./keys.js";

/** `_session/goal` params (air-extensions.md "Control request"), with AIR's action words. */
export const goalParams = goalParamsSchema(GOAL_ACTIONS);

export type { GoalRequest };

/** `_session/goal` params → the goal core's request. */
export const toGoalRequest = (params: z.infer<typeof goalParams>): GoalRequest =>
  goalRequestOf(params, GOAL_ACTIONS);
