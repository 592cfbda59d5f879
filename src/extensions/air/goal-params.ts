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

/** The Claude Code command of a goal request: `/goal <objective>` or `/goal clear`. */
export function goalCommand(objective: string | null): string {
  return objective === null ? "/goal clear" : `/goal ${objective}`;
}

/**
 * The goal a prompt typed by the user sets: `/goal <objective>` → the objective,
 * `/goal clear` → `null`; undefined for any other prompt, and for a bare `/goal` (which
 * changes nothing). Such a prompt publishes a snapshot like the control method does.
 */
export function goalFromPrompt(text: string): string | null | undefined {
  const match = /^\/goal\s+([\s\S]*\S)\s*$/.exec(text);
  if (!match) return undefined;
  return match[1] === "clear" ? null : match[1];
}
